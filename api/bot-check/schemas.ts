import { z } from 'zod';

/** The fields of an ALTCHA (v2) challenge, all of them: the signature covers every one, so none may be dropped. */
const challengeParameters = z.object({
  algorithm: z.string(),
  nonce: z.string(),
  salt: z.string(),
  cost: z.number().int(),
  keyLength: z.number().int(),
  keyPrefix: z.string(),
  keySignature: z.string(),
  expiresAt: z
    .number()
    .int()
    .describe('Seconds since the epoch; drives the widget timer (the signed copy is data.expiresAt)'),
  data: z.object({ expiresAt: z.number().int() }),
});

/**
 * With the bot check on, the challenge the `<altcha-widget>` solves (`enabled` is extra and ignored by the widget);
 * with BOT_CHECK=off, just `{enabled: false}`, so the web app leaves the widget out and sends no `botCheck`.
 */
export const botCheckChallengeResponse = z.discriminatedUnion('enabled', [
  z.object({ enabled: z.literal(true), parameters: challengeParameters, signature: z.string() }),
  z.object({ enabled: z.literal(false) }),
]);

/** The solved challenge as the widget hands it over (base64 JSON), in the `botCheck` field of a protected form. */
export const botCheckPayload = z
  .string()
  .max(10_000)
  .describe('ALTCHA payload from the bot-check widget; required unless BOT_CHECK=off');
