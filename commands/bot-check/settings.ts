import { createHmac } from 'node:crypto';
import type { Knex } from 'knex';

/** What the bot check needs: the clock (tests move it), the database (used challenges) and the server's secret. */
export interface BotCheckDependencies {
  knex: Knex;
  now: () => Date;
  /** AUTH_SECRET: the challenge keys are derived from it, so the bot check has no secret of its own to configure. */
  authSecret: string;
}

/** A solution must be sent within this time of fetching its challenge (the widget fetches a new one when it lapses). */
export const CHALLENGE_LIFETIME_MS = 10 * 60_000;

/**
 * ALTCHA's deterministic mode: the server picks the counter, so every client does the same amount of work. PBKDF2 runs
 * natively in browsers (Web Crypto); cost x counter = 1-2.5 million PBKDF2 iterations, about half a second on one
 * desktop core and about a second on a phone's several cores. Verifying costs the server one HMAC.
 */
export const PROOF_OF_WORK = {
  algorithm: 'PBKDF2/SHA-256',
  cost: 1_000,
  counterMin: 1_000,
  counterMax: 2_500,
} as const;

/** Keys for signing challenges and their expected keys, each derived from the server's secret with its own label. */
export function challengeKeys(authSecret: string): { signature: string; keySignature: string } {
  const derive = (purpose: string) => createHmac('sha256', authSecret).update(`bot-check:${purpose}`).digest('hex');
  return { signature: derive('challenge-signature'), keySignature: derive('key-signature') };
}
