import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a "manage my booking" link (issue 20): the appointment's id and when the link stops working (the end
 * of the appointment, or of a course's last session), signed with the unit's AUTH_SECRET. Nobody can make one for
 * another appointment or stretch its lapse without the secret. Shape: `<id>.<lapse in epoch seconds>.<signature>`,
 * URL-safe. The link puts it after `#`, so it never reaches a server log or a Referer header.
 */
export interface ManageToken {
  appointmentId: number;
  expiresAt: Date;
}

const SIGNATURE_LENGTH = 32; // base64url characters: 192 bits of HMAC-SHA256

const signatureOf = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`manage-booking:${payload}`).digest('base64url').slice(0, SIGNATURE_LENGTH);

export function signManageToken(secret: string, { appointmentId, expiresAt }: ManageToken): string {
  const payload = `${appointmentId}.${Math.ceil(expiresAt.getTime() / 1000)}`;
  return `${payload}.${signatureOf(secret, payload)}`;
}

/**
 * The token's appointment and lapse; 'invalid' when it is malformed or not ours, 'expired' once its lapse passed.
 * `secrets`: the AUTH_SECRET, then the one it replaced (AUTH_SECRET_PREVIOUS), so that links e-mailed before a
 * rotation still work.
 */
export function verifyManageToken(
  secrets: string | readonly string[],
  token: string,
  now: Date,
): ManageToken | 'invalid' | 'expired' {
  const match = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!match) return 'invalid';
  const [, id, lapse, signature] = match as unknown as [string, string, string, string];
  const given = Buffer.from(signature);
  const signedWith = (secret: string) => {
    const expected = Buffer.from(signatureOf(secret, `${id}.${lapse}`));
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  if (!(typeof secrets === 'string' ? [secrets] : secrets).some(signedWith)) return 'invalid';
  const expiresAt = new Date(Number(lapse) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return 'expired';
  return { appointmentId: Number(id), expiresAt };
}

/** The page of the booking in the client's language, token after `#`: `https://…/fr/appointment#token=…`. */
export const manageBookingLink = (publicUrl: string, language: 'en' | 'fr', token: string): string =>
  `${publicUrl}/${language}/appointment#token=${token}`;
