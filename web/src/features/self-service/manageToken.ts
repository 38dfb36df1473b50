/**
 * The booking's token: an e-mail's link carries it after `#` (`/en/appointment#token=…`), so that it never reaches a
 * server log. The page takes it out of the address and keeps it for the visit (a reload opens the same booking).
 */

const STORAGE_KEY = 'selfService.token';

/** The token of an address's hash (`#token=…`), or null. */
export function tokenOfHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim();
  return token ? token : null;
}

/** The hash without its token: '' when nothing else was in it. */
export function hashWithoutToken(hash: string): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  params.delete('token');
  const rest = params.toString();
  return rest ? `#${rest}` : '';
}

type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser's session storage, or none (a private mode or a policy may refuse it). */
function sessionStore(): TokenStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function storedToken(storage: TokenStorage | null = sessionStore()): string | null {
  try {
    return storage?.getItem(STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

/** Keeps the token for the visit, or forgets it (null). */
export function storeToken(token: string | null, storage: TokenStorage | null = sessionStore()): void {
  try {
    if (token) storage?.setItem(STORAGE_KEY, token);
    else storage?.removeItem(STORAGE_KEY);
  } catch {
    // without storage the token lives in the page's state only
  }
}
