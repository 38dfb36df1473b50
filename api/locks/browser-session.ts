import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';

/** The cookie naming a visitor's browser session, for the bound on the public locks one visitor may hold. */
export const BROWSER_SESSION_COOKIE = 'booking_session';

const wellFormed = /^[A-Za-z0-9_-]{32}$/;

/**
 * The browser session of a public caller: the one its cookie names, or a new random one given in an HttpOnly,
 * SameSite=Strict cookie for the public calls only (Secure in production). A client that drops cookies gets a new
 * session each time, and is still held by the bound per address.
 */
export function browserSessionOf(ctx: Context, production: boolean): string {
  const sent = ctx.cookies.get(BROWSER_SESSION_COOKIE);
  if (sent && wellFormed.test(sent)) return sent;
  const session = randomBytes(24).toString('base64url');
  // Written by hand: Koa's cookies refuse a Secure cookie when TLS ends at the load balancer and it did not say so.
  ctx.append(
    'Set-Cookie',
    `${BROWSER_SESSION_COOKIE}=${session}; Path=/api/public; HttpOnly; SameSite=Strict${production ? '; Secure' : ''}`,
  );
  return session;
}
