import { createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { ChallengeParameters } from 'altcha-lib/types';
import { CHALLENGE_LIFETIME_MS, challengeKeys, PROOF_OF_WORK, type BotCheckDependencies } from './settings';

export interface BotCheckChallenge {
  parameters: ChallengeParameters;
  signature: string;
}

/**
 * A signed ALTCHA challenge, as the widget fetches it.
 *
 * The signed expiry is `data.expiresAt`, checked against the injected clock when the solution comes back. The copy in
 * `parameters.expiresAt` is outside the signature and only drives the widget's own timer: altcha-lib would check that
 * field against the system clock, which tests cannot move, so the verifier removes it before the library sees it.
 */
export async function createBotCheckChallenge(dependencies: BotCheckDependencies): Promise<BotCheckChallenge> {
  const keys = challengeKeys(dependencies.authSecret);
  const expiresAt = Math.floor((dependencies.now().getTime() + CHALLENGE_LIFETIME_MS) / 1000);
  const challenge = await createChallenge({
    algorithm: PROOF_OF_WORK.algorithm,
    cost: PROOF_OF_WORK.cost,
    counter: randomInt(PROOF_OF_WORK.counterMax, PROOF_OF_WORK.counterMin),
    deriveKey,
    data: { expiresAt },
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.keySignature,
  });
  if (!challenge.signature) throw new Error('altcha-lib returned an unsigned challenge');
  return { parameters: { ...challenge.parameters, expiresAt }, signature: challenge.signature };
}
