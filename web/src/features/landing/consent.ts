/**
 * The visitor's consent to the collection of personal health information, kept for the browser tab's session
 * (sessionStorage) so that reloading a later step does not send the visitor back to the landing page.
 * Falls back to memory where storage is unavailable (some private modes).
 */
const key = 'phu.consent';
let memory = false;

export function hasConsent(): boolean {
  try {
    return window.sessionStorage.getItem(key) === 'yes';
  } catch {
    return memory;
  }
}

export function setConsent(given: boolean): void {
  memory = given;
  try {
    if (given) window.sessionStorage.setItem(key, 'yes');
    else window.sessionStorage.removeItem(key);
  } catch {
    // storage unavailable: memory holds it for this page's life
  }
}

/**
 * The wizard's address a visitor asked for before consenting (a service's page, an offer e-mail's link with its
 * `#offer=`), to go on to once consent is given; kept like the consent, for the tab's session.
 */
const wantedKey = 'phu.consent.wanted';
let wantedInMemory: string | null = null;

export function rememberWantedAddress(address: string): void {
  wantedInMemory = address;
  try {
    window.sessionStorage.setItem(wantedKey, address);
  } catch {
    // storage unavailable: memory holds it for this page's life
  }
}

/** The address asked for before consenting, forgotten as it is read; null when there is none. */
export function takeWantedAddress(): string | null {
  let wanted = wantedInMemory;
  try {
    wanted = window.sessionStorage.getItem(wantedKey) ?? wanted;
    window.sessionStorage.removeItem(wantedKey);
  } catch {
    // storage unavailable: memory holds it
  }
  wantedInMemory = null;
  return wanted;
}
