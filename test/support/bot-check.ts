import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Challenge } from 'altcha-lib/types';
import { request } from './http';

/** A solution of a fresh challenge of the app's bot check, as the widget sends it (`botCheck`), solved by altcha-lib. */
export async function solvedBotCheck(baseUrl: string): Promise<string> {
  const answer = await request(baseUrl, 'GET', '/api/public/bot-check/challenge');
  if (answer.json?.enabled !== true) throw new Error(`the bot check is off: ${answer.text}`);
  const { enabled: _enabled, ...challenge } = answer.json as Challenge & { enabled: true };
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('the challenge could not be solved in 30 s');
  return Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
}
