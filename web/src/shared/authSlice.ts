import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readStoredToken } from './authStorage';

/**
 * The signed-in state: the bearer token, mirrored from the stored auth. `expired` tells the sign-in page that the
 * server refused the token (not that the user signed out), so it can explain why they are back there.
 */
export interface AuthState {
  token: string | null;
  expired: boolean;
}

const initialState: AuthState = { token: readStoredToken(), expired: false };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<string>) {
      state.token = action.payload;
      state.expired = false;
    },
    signedOut(state) {
      state.token = null;
      state.expired = false;
    },
    tokenRefused(state) {
      state.token = null;
      state.expired = true;
    },
  },
});

export const { signedIn, signedOut, tokenRefused } = authSlice.actions;

export const selectToken = (state: { auth: AuthState }) => state.auth.token;
export const selectSessionExpired = (state: { auth: AuthState }) => state.auth.expired;
