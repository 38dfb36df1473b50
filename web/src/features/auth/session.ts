import { api } from '../../app/api';
import type { AppDispatch } from '../../app/store';
import { clearStoredAuth, storeAuth } from './authStorage';
import { signedIn, signedOut } from './authSlice';

/** After a successful sign-in: store the auth and forget anything cached for a previous user. */
export function signIn(token: string) {
  return (dispatch: AppDispatch) => {
    storeAuth(token);
    dispatch(api.util.resetApiState());
    dispatch(signedIn(token));
  };
}

/** Sign-out on this side: the stored auth and every cached answer go. */
export function signOut() {
  return (dispatch: AppDispatch) => {
    clearStoredAuth();
    dispatch(signedOut());
    dispatch(api.util.resetApiState());
  };
}
