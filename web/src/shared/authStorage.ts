/**
 * The stored auth of §7: localStorage key `auth`, JSON `{token}`. It outlives the tab so that a reload or a new
 * tab stays signed in until the token expires or the user signs out. Falls back to memory where storage is
 * unavailable (some private modes).
 */
export const authStorageKey = 'auth';
let memory: string | null = null;

function parseToken(text: string | null): string | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (
      typeof value === 'object' &&
      value !== null &&
      'token' in value &&
      typeof value.token === 'string' &&
      value.token !== ''
    ) {
      return value.token;
    }
  } catch {
    // not JSON: treated as signed out
  }
  return null;
}

export function readStoredToken(): string | null {
  try {
    return parseToken(window.localStorage.getItem(authStorageKey));
  } catch {
    return memory;
  }
}

export function storeAuth(token: string): void {
  memory = token;
  try {
    window.localStorage.setItem(authStorageKey, JSON.stringify({ token }));
  } catch {
    // storage unavailable: memory holds it for this page's life
  }
}

export function clearStoredAuth(): void {
  memory = null;
  try {
    window.localStorage.removeItem(authStorageKey);
  } catch {
    // nothing stored
  }
}

/** The token another tab stored or removed (a `storage` event on the `auth` key). */
export function tokenFromStorageEvent(event: StorageEvent): string | null | undefined {
  if (event.key !== authStorageKey && event.key !== null) return undefined;
  return parseToken(event.newValue);
}
