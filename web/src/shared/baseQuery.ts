import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { clearStoredAuth } from './authStorage';
import { tokenRefused, type AuthState } from './authSlice';

/** §7: calls under these paths never carry the bearer token (the public site, sign-in and password reset). */
const tokenFreePaths = /^\/*(public|reset|newpassword|login_check|health)(\/|\?|$)/;

export function needsToken(url: string): boolean {
  return !tokenFreePaths.test(url);
}

function urlOf(args: string | FetchArgs): string {
  return typeof args === 'string' ? args : args.url;
}

function tokenOf(getState: () => unknown): string | null {
  return (getState() as { auth: AuthState }).auth.token;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  prepareHeaders: (headers, { getState, arg }) => {
    const token = tokenOf(getState);
    if (token && needsToken(urlOf(arg))) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/** The `Retry-After` of a 429 answer, in seconds, copied into the error's data as `retryAfter`. */
function withRetryAfter(error: FetchBaseQueryError, response: Response | undefined): FetchBaseQueryError {
  const seconds = Number(response?.headers.get('Retry-After'));
  if (error.status !== 429 || !Number.isFinite(seconds) || seconds <= 0) return error;
  const data = typeof error.data === 'object' && error.data !== null ? error.data : {};
  return { status: 429, data: { ...data, retryAfter: seconds } };
}

/**
 * The base query of the one API: adds the stored bearer token to every call that needs one, and when the server
 * refuses that token (401 on any call that carried it: expired, revoked, or the user was disabled) removes the
 * stored auth, which sends the signed-in screens to /admin/login (see RequireAuth).
 */
export const authBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const sentToken = needsToken(urlOf(args)) ? tokenOf(api.getState) : null;
  const result = await rawBaseQuery(args, api, extraOptions);
  if (!result.error) return result;
  // Only the token that was refused is forgotten: a newer sign-in in the meantime stays.
  if (result.error.status === 401 && sentToken !== null && tokenOf(api.getState) === sentToken) {
    clearStoredAuth();
    api.dispatch(tokenRefused());
  }
  return { ...result, error: withRetryAfter(result.error, result.meta?.response) };
};
