/**
 * What an auditor is not shown of a record: a password's hash, the digests of e-mailed codes, and the tokens that
 * hold a slot or spots (a live one would let its reader book). Each such value is replaced by HIDDEN (null stays
 * null, so "set" and "not set" still show); everything else is kept as it is.
 */
export const SECRET_KEYS: ReadonlySet<string> = new Set(['passwordHash', 'codeDigest', 'token', 'lockToken']);
export const HIDDEN = '(hidden)';

export function hideSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(hideSecrets);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SECRET_KEYS.has(key) && item !== null && item !== undefined ? HIDDEN : hideSecrets(item),
    ]),
  );
}
