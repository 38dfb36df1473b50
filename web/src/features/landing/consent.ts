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
