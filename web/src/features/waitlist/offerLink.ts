/**
 * The offer e-mail's link is `/{lang}/service/{serviceId}#offer={token}`: the token rides in the fragment, which
 * browsers never send to a server (nor to its logs, nor in a Referer).
 */
const OFFER = /^#?(?:.*&)?offer=([^&]+)/;
/** What a token may be: up to 100 characters, as the API takes, without spaces. */
const TOKEN = /^\S{1,100}$/;

/** The offer token of an address's hash (`#offer=abc`), or null when it holds none or a malformed one. */
export function offerTokenOf(hash: string): string | null {
  const raw = OFFER.exec(hash)?.[1];
  if (raw === undefined) return null;
  let token: string;
  try {
    token = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return TOKEN.test(token) ? token : null;
}
