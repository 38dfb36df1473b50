import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

/** A six-digit sign-in code from a cryptographic generator. */
export const newSignInCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** 256 random bits, URL-safe: bearer tokens and password-reset codes. */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');

/**
 * Keyed digest of a code: stored in events and tables instead of the code. A plain hash of a six-digit code could be
 * reversed by trying all million; without the server's secret this cannot.
 */
export const codeDigest = (secret: string, code: string): string =>
  createHmac('sha256', secret).update(code).digest('hex');

/** Bearer tokens carry 256 random bits, so a plain SHA-256 is enough to store them. */
export const tokenDigest = (token: string): string => createHash('sha256').update(token).digest('hex');
