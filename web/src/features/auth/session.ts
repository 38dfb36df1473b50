import { api } from '../../shared/api';
import type { AppDispatch } from '../../shared/appDispatch';
import { clearStoredAuth, storeAuth } from '../../shared/authStorage';
import { signedIn, signedOut } from '../../shared/authSlice';

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
