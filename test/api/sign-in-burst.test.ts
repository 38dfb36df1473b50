import bcrypt from 'bcryptjs';
import { readModelLookups } from '../../api/read-model-lookups';
import { request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { IdentityDependencies } from '../../commands/auth/dependencies';
import { MAX_WAITING_TASKS, NO_ACCOUNT_HASH, PASSWORD_THREADS } from '../../commands/auth/passwords';
import { signIn } from '../../commands/auth/sign-in';
import { fixedClock } from '../../commands/infrastructure/clock';
import { noMailExpected } from '../support/app-dependencies';
import { startTestApp, type TestApp } from '../support/app';
import { request } from '../support/http';
import { createUser, loginCheck, seedAdminToken, STRONG_PASSWORD } from '../support/identity';

/**
 * Sign-in under a burst (issue 12, items 1 and 2): password checks run off the event loop, one address can start
 * only a little of that work at once, and parallel attempts cannot get past the five-failure limit. The password
 * cost is the production one (bcrypt 12, about a third of a second a check here).
 */

const MINUTE = 60_000;
const WRONG_PASSWORD = 'Wr0ng!Guess';
const EMAIL = 'burst@example.com';
/**
 * What GET /api/health may take at worst while the burst runs (it answers in a few milliseconds when idle): one
 * password check's time, measured here on this machine. Were checks run on the event loop, the sign-ins that arrived
 * at once would each run theirs before a health request behind them, holding it for several checks; a fixed bound in
 * milliseconds failed on a loaded machine for reasons that have nothing to do with it (the test's own clients,
 * PostgreSQL and the password thread share two cores here).
 */
const ONE_CHECK_MS = (() => {
  const started = performance.now();
  bcrypt.compareSync(WRONG_PASSWORD, NO_ACCOUNT_HASH);
  return performance.now() - started;
})();
const HEALTH_LIMIT_MS = Math.round(ONE_CHECK_MS);

interface Context {
  app: TestApp;
  clock: ReturnType<typeof fixedClock>;
  userId: number;
}

const burst = suite<Context>('api: sign-in bursts');

burst.before(async (context) => {
  context.clock = fixedClock('2026-03-02T08:00:00.000Z');
  context.app = await startTestApp({ twoFactor: 'off', now: context.clock.now });
  context.userId = await createUser(context.app.baseUrl, await seedAdminToken(context.app), {
    email: EMAIL,
    password: STRONG_PASSWORD,
  });
});
burst.before.each(({ clock }) => {
  clock.advance(16 * MINUTE); // past the throttle's 15-minute window: every test starts uncounted
});
burst.after(async (context) => {
  await context.app?.stop();
});

/** The command itself, without the API's per-address limit of requests at once, as a second instance would see it. */
function identityDependencies({ app, clock }: Context): IdentityDependencies {
  return {
    store: app.server.store,
    now: clock.now,
    knex: app.server.database.knex,
    lookups: readModelLookups(app.server.database.knex),
    mailer: noMailExpected,
    secret: 'test-secret-test-secret-test-secret-0123',
    twoFactor: 'off',
    sessions: { idleMs: 30 * MINUTE, absoluteMs: 12 * 60 * MINUTE },
    publicUrl: app.baseUrl,
  };
}

/** Passwords compared for the user from `address`: each comparison leaves one SignInFailed or SignInSucceeded. */
async function comparisons({ app, userId }: Context, address: string): Promise<number> {
  const { events } = await app.server.store.readStream(`user-${userId}`);
  return events
    .filter((event) => (event.data as { clientAddress?: string }).clientAddress === address)
    .filter((event) => event.type === 'SignInFailed' || event.type === 'SignInSucceeded').length;
}

/** Calls GET /api/health one after the other until `work` settles; the slowest answer, in milliseconds. */
async function slowestHealthDuring(
  baseUrl: string,
  work: Promise<unknown>,
): Promise<{ slowest: number; checks: number }> {
  let done = false;
  void work.finally(() => (done = true));
  let slowest = 0;
  let checks = 0;
  while (!done) {
    const started = performance.now();
    const health = await request(baseUrl, 'GET', '/api/health');
    slowest = Math.max(slowest, performance.now() - started);
    checks += 1;
    assert.is(health.status, 200);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { slowest, checks };
}

/** POST /api/login_check over IPv4 loopback from a chosen local address (127.0.0.x), so that the API sees that client. */
function loginCheckFrom(
  port: number,
  localAddress: string,
  username: string,
  password: string,
): Promise<{ status: number; error?: string; retryAfter?: string }> {
  const body = JSON.stringify({ username, password });
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        method: 'POST',
        path: '/api/login_check',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        agent: false,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const retryAfter = response.headers['retry-after'];
          resolve({
            status: response.statusCode ?? 0,
            error: JSON.parse(text).error,
            ...(retryAfter !== undefined ? { retryAfter } : {}),
          });
        });
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

burst(
  `GET /api/health answers within ${HEALTH_LIMIT_MS} ms while 60 sign-ins of unknown users arrive at once from one address`,
  async ({ app }) => {
    const signIns = Promise.all(
      Array.from({ length: 60 }, (_, i) => loginCheck(app.baseUrl, `nobody-${i}@example.com`, WRONG_PASSWORD)),
    );
    const { slowest, checks } = await slowestHealthDuring(app.baseUrl, signIns);
    const answers = await signIns;
    assert.ok(slowest < HEALTH_LIMIT_MS, `the slowest of ${checks} health checks took ${slowest.toFixed(1)} ms`);
    const statuses = answers.map((answer) => answer.status);
    assert.is(count(statuses, 401) + count(statuses, 429), 60, `only 401 and 429: ${statuses.join(' ')}`);
    const refused = answers.filter((answer) => answer.status === 429);
    assert.ok(
      refused.length >= 50,
      `the address may have two sign-ins checked at once; the others are refused (${refused.length} were)`,
    );
    for (const answer of refused) {
      assert.is(answer.json.error, 'RATE_LIMITED');
      assert.ok(Number(answer.headers.get('retry-after')) >= 1, 'with Retry-After');
    }
  },
);

/** Addresses for the many-address burst: two sign-ins of each get past the per-address limit, more than the threads and their line take. */
const BURST_ADDRESSES = Math.max(20, Math.ceil((PASSWORD_THREADS + MAX_WAITING_TASKS) / 2) + 5);

burst(
  `GET /api/health answers within ${HEALTH_LIMIT_MS} ms while ${3 * BURST_ADDRESSES} sign-ins arrive at once from ${BURST_ADDRESSES} addresses; what the password threads cannot take answers 503 SERVER_BUSY`,
  async ({ app }) => {
    const port = app.server.port;
    try {
      await loginCheckFrom(port, '127.0.0.2', 'probe@example.com', WRONG_PASSWORD);
    } catch (error) {
      console.warn(`No 127.0.0.2 loopback address here (${String(error)}): the many-address burst was not run.`);
      return;
    }
    const signIns = Promise.all(
      Array.from({ length: 3 * BURST_ADDRESSES }, (_, i) =>
        loginCheckFrom(port, `127.0.0.${3 + (i % BURST_ADDRESSES)}`, `nobody-${i}@example.com`, WRONG_PASSWORD),
      ),
    );
    const { slowest, checks } = await slowestHealthDuring(app.baseUrl, signIns);
    const answers = await signIns;
    assert.ok(slowest < HEALTH_LIMIT_MS, `the slowest of ${checks} health checks took ${slowest.toFixed(1)} ms`);
    const statuses = answers.map((answer) => answer.status);
    assert.is(
      count(statuses, 401) + count(statuses, 429) + count(statuses, 503),
      3 * BURST_ADDRESSES,
      `only 401, 429 and 503: ${statuses.join(' ')}`,
    );
    const busy = answers.filter((answer) => answer.status === 503);
    assert.ok(busy.length > 0, `the waiting line for the password threads is bounded: ${statuses.join(' ')}`);
    for (const answer of busy) {
      assert.is(answer.error, 'SERVER_BUSY');
      assert.ok(Number(answer.retryAfter) >= 1, 'with Retry-After');
    }
  },
);

burst(
  '50 wrong passwords for one account at once over HTTP: at most 5 are compared, the others answer 429 RATE_LIMITED',
  async (context) => {
    const { app } = context;
    // The API sees the loopback client as ::ffff:127.0.0.1 or as 127.0.0.1.
    const overLoopback = async () =>
      (await comparisons(context, '::ffff:127.0.0.1')) + (await comparisons(context, '127.0.0.1'));
    const before = await overLoopback();
    const answers = await Promise.all(Array.from({ length: 50 }, () => loginCheck(app.baseUrl, EMAIL, WRONG_PASSWORD)));
    const statuses = answers.map((answer) => answer.status);
    assert.is(count(statuses, 401) + count(statuses, 429), 50, statuses.join(' '));
    assert.ok(count(statuses, 401) <= 5, `${count(statuses, 401)} answered 401`);
    const compared = (await overLoopback()) - before;
    assert.ok(compared <= 5, `${compared} passwords were compared`);
  },
);

burst(
  '50 wrong passwords for one account at once, past the per-address request limit (as through several instances): 5 compared, 45 refused',
  async (context) => {
    const address = '198.51.100.7';
    const dependencies = identityDependencies(context);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        signIn(dependencies, { username: EMAIL, password: WRONG_PASSWORD, clientAddress: address }),
      ),
    );
    const codes = outcomes.map((outcome) =>
      outcome.status === 'rejected' ? (outcome.reason as { code?: string }).code : 'SIGNED_IN',
    );
    assert.is(codes.filter((code) => code === 'INVALID_CREDENTIALS').length, 5, codes.join(' '));
    assert.is(codes.filter((code) => code === 'RATE_LIMITED').length, 45, codes.join(' '));
    assert.is(await comparisons(context, address), 5, 'passwords compared');
  },
);

burst(
  '15 wrong passwords and then the right one, all in flight together: once 5 are counted the right one is refused too',
  async (context) => {
    const address = '198.51.100.8';
    const dependencies = identityDependencies(context);
    const attempt = (password: string) => signIn(dependencies, { username: EMAIL, password, clientAddress: address });
    const wrong = Promise.allSettled(Array.from({ length: 15 }, () => attempt(WRONG_PASSWORD)));
    // The wrong ones are counted before their passwords are compared (a third of a second each): wait for those
    // counts, not for the comparisons, then send the right password while the wrong ones are still being checked.
    const knex = context.app.server.database.knex;
    const counted = async () =>
      (
        await knex('sign_in_throttle')
          .where({ key: `sign-in:account:${EMAIL}@${address}` })
          .first<{ failures: number } | undefined>()
      )?.failures ?? 0;
    for (const started = Date.now(); (await counted()) < 5 && Date.now() - started < 150;)
      await new Promise((resolve) => setTimeout(resolve, 5));
    const right = await attempt(STRONG_PASSWORD).then(
      () => 'SIGNED_IN',
      (error: { code?: string }) => error.code,
    );
    await wrong;
    assert.is(right, 'RATE_LIMITED', 'no token once the limit is reached');
    assert.is(await comparisons(context, address), 5, 'passwords compared');
  },
);

burst.run();
