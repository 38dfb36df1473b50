import { createChallenge, solveChallenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Challenge } from 'altcha-lib/types';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { fixedClock } from '../../commands/infrastructure/clock';
import { startTestApp, type TestApp } from '../support/app';
import { request } from '../support/http';

/**
 * Issue 5 item 4: the self-hosted ALTCHA proof of work on /api/reset, over real HTTP and PostgreSQL, with challenges
 * solved by altcha-lib's own solver. The clock is fixed in the past (so the system clock cannot be what decides
 * expiry) and moved past a challenge's ten minutes to expire it.
 */

const MINUTE = 60_000;
type Clock = ReturnType<typeof fixedClock>;

interface Solved {
  challenge: Challenge;
  solution: Solution;
}

const encode = ({ challenge, solution }: Solved): string =>
  Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');

async function fetchChallenge(app: TestApp): Promise<Challenge> {
  const response = await request(app.baseUrl, 'GET', '/api/public/bot-check/challenge');
  assert.is(response.status, 200);
  assert.is(response.json.enabled, true);
  const { enabled: _enabled, ...challenge } = response.json;
  return challenge as Challenge;
}

async function solve(challenge: Challenge): Promise<Solved> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('the challenge could not be solved in 30 s');
  return { challenge, solution };
}

const solvedPayload = async (app: TestApp) => encode(await solve(await fetchChallenge(app)));

let accounts = 0;
/** Each reset names another (unknown) account, so the reset throttle never gets in the way. */
const reset = (app: TestApp, botCheck?: string) =>
  request(app.baseUrl, 'POST', '/api/reset', {
    username: `nobody${++accounts}@example.com`,
    ...(botCheck === undefined ? {} : { botCheck }),
  });

function assertRefused(response: Awaited<ReturnType<typeof reset>>, what: string) {
  assert.is(response.status, 400, `${what}: status`);
  assert.is(response.json.error, 'BOT_CHECK_FAILED', `${what}: code`);
  assert.equal(response.json.issues?.[0]?.path, ['botCheck'], `${what}: the field is named`);
}

const test = suite<{ app: TestApp; clock: Clock }>(
  'api: bot check (ALTCHA proof of work) on password reset and booking',
);

test.before(async (context) => {
  context.clock = fixedClock('2026-03-02T08:00:00.000Z');
  context.app = await startTestApp({ seed: false, botCheck: 'on', now: context.clock.now });
});
test.after(async (context) => {
  await context.app?.stop();
});

test('the challenge is signed PBKDF2 work in deterministic mode, expiring ten minutes after the (injected) now', async ({
  app,
  clock,
}) => {
  const challenge = await fetchChallenge(app);
  const expiresAt = clock.now().getTime() / 1000 + 10 * 60;
  assert.is(challenge.parameters.algorithm, 'PBKDF2/SHA-256');
  assert.ok(challenge.parameters.keySignature, 'a key signature: the server verifies with one HMAC');
  assert.match(challenge.signature ?? '', /^[0-9a-f]{64}$/);
  assert.is(challenge.parameters.expiresAt, expiresAt, 'for the widget timer');
  assert.equal(challenge.parameters.data, { expiresAt }, 'the signed copy');
  const second = await fetchChallenge(app);
  assert.is.not(second.parameters.nonce, challenge.parameters.nonce, 'every challenge is new');
});

test('a solved challenge passes /api/reset once; the same payload again is refused as a replay', async ({ app }) => {
  const payload = await solvedPayload(app);
  const first = await reset(app, payload);
  assert.is(first.status, 200, JSON.stringify(first.json));
  assert.equal(first.json, { ok: true });
  assertRefused(await reset(app, payload), 'replayed');
});

test('a missing, empty or unreadable payload is refused with 400 BOT_CHECK_FAILED naming botCheck', async ({ app }) => {
  assertRefused(await reset(app), 'missing');
  assertRefused(await reset(app, ''), 'empty');
  assertRefused(await reset(app, 'not base64!'), 'not base64');
  assertRefused(await reset(app, Buffer.from('{"challenge":').toString('base64')), 'not JSON');
  // What the widget sends in its `test` mode, which must never pass for real.
  assertRefused(
    await reset(app, Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString('base64')),
    'widget test mode',
  );
  const tooLong = await reset(app, 'A'.repeat(10_001));
  assert.is(tooLong.status, 400);
  assert.equal(tooLong.json.issues?.[0]?.path, ['botCheck']);
});

test('forged solutions are refused: tampered signature or parameters, a wrong number, a wrong key, another secret', async ({
  app,
}) => {
  const solved = await solve(await fetchChallenge(app));
  const { challenge, solution } = solved;
  const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);

  assertRefused(
    await reset(app, encode({ challenge: { ...challenge, signature: flip(challenge.signature!) }, solution })),
    'tampered signature',
  );
  const longer = {
    ...challenge.parameters,
    data: { expiresAt: (challenge.parameters.data!.expiresAt as number) + 3600 },
  };
  assertRefused(
    await reset(app, encode({ challenge: { ...challenge, parameters: longer }, solution })),
    'longer signed expiry',
  );
  const easier = { ...challenge.parameters, keyPrefix: '00' };
  assertRefused(
    await reset(app, encode({ challenge: { ...challenge, parameters: easier }, solution })),
    'easier prefix',
  );

  // A bot that skips the work sends some other number with the key honestly derived from it.
  const wrongCounter = solution.counter + 1;
  const { derivedKey } = await deriveKey(
    challenge.parameters,
    Buffer.from(challenge.parameters.salt, 'hex'),
    counterBytes(challenge.parameters.nonce, wrongCounter),
  );
  const wrongNumber = { counter: wrongCounter, derivedKey: Buffer.from(derivedKey).toString('hex') };
  assertRefused(await reset(app, encode({ challenge, solution: wrongNumber })), 'wrong number');
  assertRefused(
    await reset(app, encode({ challenge, solution: { ...solution, derivedKey: flip(solution.derivedKey) } })),
    'wrong key',
  );

  const foreign = await createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 1,
    counter: 1,
    deriveKey,
    data: { expiresAt: challenge.parameters.data!.expiresAt as number },
    hmacSignatureSecret: 'another secret',
    hmacKeySignatureSecret: 'another key secret',
  });
  assertRefused(await reset(app, encode(await solve(foreign))), 'signed with another secret');

  const honest = await reset(app, encode(solved));
  assert.is(honest.status, 200, 'the untouched solution still passes: the refusals above did not use it up');
});

test('a solution sent after the challenge expired is refused; one sent just before passes', async ({ app, clock }) => {
  const early = await solvedPayload(app);
  const late = await solvedPayload(app);
  clock.advance(10 * MINUTE - 1000);
  assert.is((await reset(app, early)).status, 200, 'one second before expiry');
  clock.advance(1000);
  assertRefused(await reset(app, late), 'at expiry');
  clock.advance(MINUTE);
  assertRefused(await reset(app, late), 'after expiry');
});

test('expired challenges are forgotten: the next accepted solution purges them', async ({ app, clock }) => {
  const knex = app.server.database.knex;
  const stale = async () =>
    Number(
      (
        await knex('bot_check_used_challenges')
          .where('expires_at', '<=', clock.now())
          .count<{ count: string }[]>('* as count')
      )[0]!.count,
    );
  assert.ok((await stale()) > 0, 'the earlier tests left used challenges that have expired by now');
  assert.is((await reset(app, await solvedPayload(app))).status, 200);
  assert.is(await stale(), 0);
  assert.is(
    Number((await knex('bot_check_used_challenges').count<{ count: string }[]>('* as count'))[0]!.count),
    1,
    'only the live one is kept',
  );
});

test('two (and ten) concurrent uses of one solution: exactly one passes', async ({ app }) => {
  for (const copies of [2, 10]) {
    const payload = await solvedPayload(app);
    const answers = await Promise.all(Array.from({ length: copies }, () => reset(app, payload)));
    const statuses = answers.map((answer) => answer.status).sort();
    assert.equal(statuses, [200, ...Array<number>(copies - 1).fill(400)], `${copies} concurrent uses`);
    for (const answer of answers.filter((one) => one.status === 400)) assertRefused(answer, 'concurrent replay');
  }
});

test('the appointment form is protected too: no solution, no booking; a solution passes the check once', async ({
  app,
}) => {
  const booking = (botCheck?: string) =>
    request(app.baseUrl, 'POST', '/api/public/appointments', {
      lockToken: '7.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      clientData: [{ firstName: 'Ada', lastName: 'Lovelace' }],
      language: 'en',
      phone: '613-555-0100',
      phoneReminderType: 0,
      serviceId: 7,
      ...(botCheck === undefined ? {} : { botCheck }),
    });
  assertRefused(await booking(), 'missing on the appointment form');
  const payload = await solvedPayload(app);
  const passed = await booking(payload);
  assert.equal(
    [passed.status, passed.json.error],
    [404, 'SERVICE_NOT_FOUND'],
    'past the bot check, on to the (unknown) service',
  );
  assertRefused(await booking(payload), 'replayed on the appointment form');
});

test('each public lock costs a solution: none, a malformed or a forged one is refused; a good one passes once', async ({
  app,
}) => {
  const lock = (botCheck?: string) =>
    request(app.baseUrl, 'POST', '/api/public/locks', {
      calendarDateLaneId: 7,
      startTime: '09:00:00',
      endTime: '09:15:00',
      serviceId: 7,
      ...(botCheck === undefined ? {} : { botCheck }),
    });
  assertRefused(await lock(), 'missing on a lock');
  assertRefused(await lock('bm90IGEgcGF5bG9hZA=='), 'malformed on a lock');
  const solved = await solve(await fetchChallenge(app));
  const wrongKey = (solved.solution.derivedKey[0] === '0' ? '1' : '0') + solved.solution.derivedKey.slice(1);
  assertRefused(
    await lock(encode({ ...solved, solution: { ...solved.solution, derivedKey: wrongKey } })),
    'a wrong solution on a lock',
  );
  const payload = encode(await solve(await fetchChallenge(app)));
  const passed = await lock(payload);
  assert.equal(
    [passed.status, passed.json.error],
    [404, 'SERVICE_NOT_FOUND'],
    'past the bot check, on to the (unknown) service',
  );
  assertRefused(await lock(payload), 'replayed on a lock');
});

test.run();

/** The solver's input for a counter: the nonce bytes followed by the counter as a big-endian uint32 (altcha v2). */
function counterBytes(nonceHex: string, counter: number): Uint8Array {
  const nonce = Buffer.from(nonceHex, 'hex');
  const bytes = new Uint8Array(nonce.length + 4);
  bytes.set(nonce, 0);
  new DataView(bytes.buffer).setUint32(nonce.length, counter, false);
  return bytes;
}

const off = suite<{ app: TestApp }>('api: bot check off (BOT_CHECK=off)');

off.before(async (context) => {
  context.app = await startTestApp({ seed: false });
});
off.after(async (context) => {
  await context.app?.stop();
});

off('the challenge address says the check is off, and a reset needs no payload', async ({ app }) => {
  const response = await request(app.baseUrl, 'GET', '/api/public/bot-check/challenge');
  assert.is(response.status, 200);
  assert.equal(response.json, { enabled: false });
  assert.is((await reset(app)).status, 200);
});

off.run();
