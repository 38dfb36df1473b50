import { verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { ChallengeParameters } from 'altcha-lib/types';
import { z } from 'zod';
import { challengeKeys, PROOF_OF_WORK, type BotCheckDependencies } from './settings';
import { markChallengeUsed } from './used-challenges';

/** Why a bot-check payload was refused (for logs and tests; the caller learns only that it failed). */
export type BotCheckRefusal = 'missing' | 'malformed' | 'expired' | 'forged' | 'replayed';

export type BotCheckOutcome = { passed: true } | { passed: false; reason: BotCheckRefusal };

/** The widget's payload: base64 of `{challenge: {parameters, signature}, solution: {counter, derivedKey}}`. */
const payloadSchema = z.object({
  challenge: z.object({
    // Loose: the signature covers every field, so none may be dropped before it is checked.
    parameters: z.looseObject({
      algorithm: z.literal(PROOF_OF_WORK.algorithm),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string(),
      data: z.looseObject({ expiresAt: z.number().int() }),
    }),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  solution: z.object({ counter: z.number().int(), derivedKey: z.string(), time: z.number().optional() }),
});

const MAX_PAYLOAD_LENGTH = 10_000;

/**
 * Checks a solved challenge: signed by this server, not expired by the injected clock, solved, and not used before.
 * An accepted challenge is recorded until it expires, so the same solution never passes twice.
 */
export async function verifyBotCheck(
  dependencies: BotCheckDependencies,
  payload: string | undefined,
): Promise<BotCheckOutcome> {
  if (!payload) return { passed: false, reason: 'missing' };
  const decoded = decode(payload);
  if (!decoded) return { passed: false, reason: 'malformed' };
  const { challenge, solution } = decoded;
  const expiresAt = new Date(challenge.parameters.data.expiresAt * 1000);
  if (expiresAt.getTime() <= dependencies.now().getTime()) return { passed: false, reason: 'expired' };

  // The unsigned copy of the expiry (see challenge.ts) must go: the library would compare it with the system clock.
  const { expiresAt: _widgetTimer, ...parameters } = challenge.parameters;
  const keys = challengeKeys(dependencies.authSecret);
  let verified: boolean;
  try {
    const result = await verifySolution({
      // Only the shape was checked so far; the signature check inside vouches for the values.
      challenge: { parameters: parameters as ChallengeParameters, signature: challenge.signature },
      solution,
      deriveKey,
      hmacSignatureSecret: keys.signature,
      hmacKeySignatureSecret: keys.keySignature,
    });
    verified = result.verified;
  } catch {
    verified = false; // parameters the library cannot even read were not signed here
  }
  if (!verified) return { passed: false, reason: 'forged' };

  const firstUse = await markChallengeUsed(dependencies, challenge.signature, expiresAt);
  return firstUse ? { passed: true } : { passed: false, reason: 'replayed' };
}

function decode(payload: string): z.infer<typeof payloadSchema> | null {
  if (payload.length > MAX_PAYLOAD_LENGTH || !/^[A-Za-z0-9+/]+={0,2}$/.test(payload)) return null;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
