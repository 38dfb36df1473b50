import type { z } from 'zod';
import type { botCheckChallengeResponse } from '../../../../api/bot-check/schemas';

/** The answer of GET /api/public/bot-check/challenge, inferred from the API's own schema (types only). */
export type BotCheckChallenge = z.infer<typeof botCheckChallengeResponse>;

/** Where the widget fetches its challenges. */
export const CHALLENGE_URL = '/api/public/bot-check/challenge';
