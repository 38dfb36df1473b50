import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { fixedClock } from '../../commands/infrastructure/clock';
import { startTestApp, type TestApp } from '../support/app';
import { request } from '../support/http';
import {
  allEvents,
  bearer,
  caughtUp,
  createUser,
  loginCheck,
  mailsTo,
  mailText,
  resetLinkOf,
  secretsIn,
  signIn,
  signInCodeOf,
  STRONG_PASSWORD,
} from '../support/identity';
import { startSmtpCapture } from '../support/smtp-capture';

/**
 * The staff identity API (§7 Identity and access, §8 login and reset codes) over real HTTP, PostgreSQL and SMTP.
 * Time is a fixed clock the tests move; every test first moves it 16 minutes on, so that the sign-in throttle
 * (15-minute windows, all requests from the loopback address) starts each test clean.
 */

const WRONG_PASSWORD = 'Wr0ng!Guess';
/** The test client's address as the API sees it (Koa's ctx.ip on a dual-stack or IPv4 socket). */
const LOOPBACK = /^(::ffff:127\.0\.0\.1|127\.0\.0\.1|::1)$/;
const MINUTE = 60_000;
const THROTTLE_WINDOW = 15 * MINUTE;

const me = (app: TestApp, token: string) => request(app.baseUrl, 'GET', '/api/me', undefined, bearer(token));

type Clock = ReturnType<typeof fixedClock>;

/** The app's address over ::1 (another client address than 127.0.0.1), or null where there is no IPv6 loopback. */
async function ipv6Loopback(baseUrl: string): Promise<string | null> {
  const url = new URL(baseUrl);
  url.hostname = '[::1]';
  const address = url.origin;
  try {
    await fetch(`${address}/api/health`);
    return address;
  } catch {
    return null;
  }
}

const rootTokens = new WeakMap<TestApp, string>();

/** A live token of the seeded System Administrator (code step off): the last one while it lasts, else a new one. */
async function rootToken(app: TestApp): Promise<string> {
  const cached = rootTokens.get(app);
  if (cached && (await me(app, cached)).status === 200) return cached;
  const token = await signIn(app.baseUrl, app.seedAdmin.email, app.seedAdmin.password);
  rootTokens.set(app, token);
  return token;
}

/** PUT /api/users/{id} as the System Administrator with the user's current profile and the given changes. */
async function changeUser(app: TestApp, userId: number, changes: Record<string, unknown>) {
  const root = await rootToken(app);
  const current = await request(app.baseUrl, 'GET', `/api/users/${userId}`, undefined, bearer(root));
  assert.is(current.status, 200);
  const { email, firstName, lastName, enabled, calendarIds, categoryIds, locationIds } = current.json;
  const response = await request(
    app.baseUrl,
    'PUT',
    `/api/users/${userId}`,
    { email, firstName, lastName, enabled, calendarIds, categoryIds, locationIds, ...changes },
    bearer(root),
  );
  assert.is(response.status, 200, response.text);
}

// ---------------------------------------------------------------------------------------------------------------
// Sign-in with the code step off: credentials, throttling, tokens, sessions, /me.

interface SignInContext {
  app: TestApp;
  clock: Clock;
  ids: Record<string, number>;
  /** When the audited attempts happened (ISO), for the audit test at the end. */
  audit: { succeededAt?: string; failedAt?: string; unknownAt?: string };
}

const signInSuite = suite<SignInContext>('api: identity, sign-in and sessions');
const SIGN_IN_USERS = ['alice', 'bob', 'dave', 'erin'] as const;
const emailOf = (name: string) => `${name}@example.com`;

signInSuite.before(async (context) => {
  context.clock = fixedClock('2026-03-02T08:00:00.000Z');
  context.app = await startTestApp({ twoFactor: 'off', now: context.clock.now });
  context.audit = {};
  const root = await rootToken(context.app);
  context.ids = {};
  // §5: a Basic User has calendars; these keep one, so that changing them later needs no other change.
  const calendars = await request(context.app.baseUrl, 'GET', '/api/calendars', undefined, bearer(root));
  for (const name of SIGN_IN_USERS) {
    context.ids[name] = await createUser(context.app.baseUrl, root, {
      email: emailOf(name),
      firstName: name[0]!.toUpperCase() + name.slice(1),
      lastName: 'Tester',
      password: STRONG_PASSWORD,
      calendarIds: [calendars.json.items[0].id],
    });
  }
});
signInSuite.before.each(({ clock }) => {
  clock.advance(THROTTLE_WINDOW + MINUTE);
});
signInSuite.after(async (context) => {
  await context.app?.stop();
});

signInSuite(
  'lastLoginAt on /me is the previous sign-in: null on the first (once the read models have caught up)',
  async ({ app, clock }) => {
    const firstAt = clock.now().toISOString();
    const first = await signIn(app.baseUrl, emailOf('alice'), STRONG_PASSWORD);
    await caughtUp(app);
    assert.is((await me(app, first)).json.lastLoginAt, null);
    clock.advance(5 * MINUTE);
    const secondAt = clock.now().toISOString();
    const second = await signIn(app.baseUrl, emailOf('alice'), STRONG_PASSWORD);
    await caughtUp(app);
    assert.is((await me(app, second)).json.lastLoginAt, firstAt);
    assert.is((await me(app, first)).json.lastLoginAt, firstAt, 'the same for every session of the user');
    clock.advance(5 * MINUTE);
    const third = await signIn(app.baseUrl, emailOf('alice'), STRONG_PASSWORD);
    await caughtUp(app);
    assert.is((await me(app, third)).json.lastLoginAt, secondAt);
  },
);

signInSuite(
  'lastLoginAt on a /me sent right after the sign-in is already the previous sign-in',
  async ({ app, clock }) => {
    const firstAt = clock.now().toISOString();
    await signIn(app.baseUrl, emailOf('bob'), STRONG_PASSWORD);
    for (let round = 1; round <= 5; round++) {
      clock.advance(MINUTE);
      const previousAt = round === 1 ? firstAt : new Date(clock.now().getTime() - MINUTE).toISOString();
      const token = await signIn(app.baseUrl, emailOf('bob'), STRONG_PASSWORD);
      assert.is((await me(app, token)).json.lastLoginAt, previousAt, `sign-in ${round + 1}`);
    }
  },
);

signInSuite(
  'the right password answers {token}: opaque, URL-safe, at least 128 random bits, new on every sign-in',
  async ({ app, clock, audit }) => {
    audit.succeededAt = clock.now().toISOString();
    const response = await loginCheck(app.baseUrl, emailOf('alice'), STRONG_PASSWORD);
    assert.is(response.status, 200);
    assert.equal(Object.keys(response.json), ['token']);
    const token: string = response.json.token;
    assert.match(token, /^[A-Za-z0-9_-]+$/, 'base64url characters only (no JWT dots, nothing to decode)');
    assert.ok(token.length >= 22, `22 base64url characters carry 128 bits; got ${token.length}`);
    assert.ok(Buffer.from(token, 'base64url').length >= 16, 'at least 16 random bytes');
    assert.not.ok(token.toLowerCase().includes('alice'));
    const again = await signIn(app.baseUrl, 'ALICE@Example.COM', STRONG_PASSWORD); // the address in any case
    assert.is.not(again, token);
    assert.is((await me(app, token)).status, 200);
    assert.is((await me(app, again)).status, 200);
  },
);

signInSuite('GET /api/me answers {id, email, firstName, lastName, name, roles, lastLoginAt}', async ({ app, ids }) => {
  const token = await signIn(app.baseUrl, emailOf('alice'), STRONG_PASSWORD);
  const response = await me(app, token);
  assert.is(response.status, 200);
  assert.equal(Object.keys(response.json).sort(), [
    'email',
    'firstName',
    'id',
    'lastLoginAt',
    'lastName',
    'name',
    'roles',
  ]);
  assert.is(response.json.id, ids.alice);
  assert.is(response.json.email, 'alice@example.com');
  assert.is(response.json.firstName, 'Alice');
  assert.is(response.json.lastName, 'Tester');
  assert.is(response.json.name, 'Alice Tester');
  assert.equal(response.json.roles, ['ROLE_USER']);
});

signInSuite('GET /api/me answers 401 UNAUTHORIZED without a valid token', async ({ app }) => {
  const unknown = Buffer.alloc(32, 7).toString('base64url');
  for (const headers of [
    {},
    bearer(unknown),
    bearer('short'),
    { Authorization: 'Basic YWxpY2U6cGFzcw==' },
    { Authorization: unknown },
  ]) {
    const response = await request(app.baseUrl, 'GET', '/api/me', undefined, headers);
    assert.is(response.status, 401, JSON.stringify(headers));
    assert.is(response.json.error, 'UNAUTHORIZED');
  }
});

signInSuite(
  'an unknown account and a wrong password answer the same 401 INVALID_CREDENTIALS body',
  async ({ app, clock, audit }) => {
    audit.unknownAt = clock.now().toISOString();
    const unknown = await loginCheck(app.baseUrl, 'nobody@example.com', WRONG_PASSWORD);
    clock.advance(1000);
    audit.failedAt = clock.now().toISOString();
    const wrong = await loginCheck(app.baseUrl, emailOf('alice'), WRONG_PASSWORD);
    assert.is(unknown.status, 401);
    assert.is(wrong.status, 401);
    assert.is(wrong.json.error, 'INVALID_CREDENTIALS');
    assert.equal(unknown.json, wrong.json);
    assert.not.ok(wrong.json.token);
  },
);

signInSuite(
  'disabling a user revokes their tokens; then the right password answers 401 ACCOUNT_DISABLED, a wrong one INVALID_CREDENTIALS',
  async ({ app, ids }) => {
    const token = await signIn(app.baseUrl, emailOf('dave'), STRONG_PASSWORD);
    assert.is((await me(app, token)).status, 200);
    await changeUser(app, ids.dave!, { enabled: false });
    const revoked = await me(app, token);
    assert.is(revoked.status, 401);
    assert.is(revoked.json.error, 'UNAUTHORIZED');

    const right = await loginCheck(app.baseUrl, emailOf('dave'), STRONG_PASSWORD);
    assert.is(right.status, 401);
    assert.is(right.json.error, 'ACCOUNT_DISABLED');
    assert.not.ok(right.json.token);
    const wrong = await loginCheck(app.baseUrl, emailOf('dave'), WRONG_PASSWORD);
    assert.is(wrong.status, 401);
    assert.is(wrong.json.error, 'INVALID_CREDENTIALS', 'a wrong password must not reveal that the account is disabled');
  },
);

signInSuite(
  'five failures lock the account at this address for 15 minutes (429 RATE_LIMITED, Retry-After); other accounts still sign in',
  async ({ app, clock }) => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      const failed = await loginCheck(app.baseUrl, emailOf('bob'), WRONG_PASSWORD);
      assert.is(failed.status, 401, `attempt ${attempt}`);
      assert.is(failed.json.error, 'INVALID_CREDENTIALS');
    }
    const locked = await loginCheck(app.baseUrl, emailOf('bob'), STRONG_PASSWORD);
    assert.is(locked.status, 429, 'even the right password waits');
    assert.is(locked.json.error, 'RATE_LIMITED');
    assert.is(locked.headers.get('retry-after'), '900');
    assert.not.ok(locked.json.token);

    const other = await loginCheck(app.baseUrl, emailOf('alice'), STRONG_PASSWORD);
    assert.is(other.status, 200, 'another account from the same address is not locked by these failures');
    assert.is(typeof other.json.token, 'string');

    // The API sees these requests as ::ffff:127.0.0.1; over the IPv6 loopback the same account comes from ::1.
    const elsewhere = await ipv6Loopback(app.baseUrl);
    if (elsewhere) {
      const fromElsewhere = await loginCheck(elsewhere, emailOf('bob'), STRONG_PASSWORD);
      assert.is(fromElsewhere.status, 200, 'the same account from another address is not locked');
    } else {
      console.warn('No IPv6 loopback here: the other-address half of the throttle test was not run.');
    }

    clock.advance(14 * MINUTE);
    const stillLocked = await loginCheck(app.baseUrl, emailOf('bob'), STRONG_PASSWORD);
    assert.is(stillLocked.status, 429);
    assert.is(stillLocked.json.error, 'RATE_LIMITED');
    assert.is(stillLocked.headers.get('retry-after'), '60');
    clock.advance(MINUTE);
    const unlocked = await loginCheck(app.baseUrl, emailOf('bob'), STRONG_PASSWORD);
    assert.is(unlocked.status, 200, 'the lock ends with its 15-minute window');
  },
);

signInSuite('a token unused for more than 30 minutes answers 401 UNAUTHORIZED', async ({ app, clock }) => {
  const token = await signIn(app.baseUrl, emailOf('alice'), STRONG_PASSWORD);
  clock.advance(30 * MINUTE);
  assert.is((await me(app, token)).status, 200, 'still alive after exactly 30 idle minutes');
  clock.advance(31 * MINUTE);
  const idle = await me(app, token);
  assert.is(idle.status, 401);
  assert.is(idle.json.error, 'UNAUTHORIZED');
});

signInSuite('a token used every 20 minutes ends 12 hours after sign-in', async ({ app, clock }) => {
  const token = await signIn(app.baseUrl, emailOf('alice'), STRONG_PASSWORD);
  for (let step = 1; step < 36; step++) {
    clock.advance(20 * MINUTE);
    const response = await me(app, token);
    assert.is(response.status, 200, `after ${step * 20} minutes`);
  }
  clock.advance(20 * MINUTE); // 12 hours
  const expired = await me(app, token);
  assert.is(expired.status, 401);
  assert.is(expired.json.error, 'UNAUTHORIZED');
});

signInSuite('POST /api/logout revokes that token only', async ({ app }) => {
  const token = await signIn(app.baseUrl, emailOf('alice'), STRONG_PASSWORD);
  const other = await signIn(app.baseUrl, emailOf('alice'), STRONG_PASSWORD);
  const logout = await request(app.baseUrl, 'POST', '/api/logout', undefined, bearer(token));
  assert.is(logout.status, 200);
  assert.equal(logout.json, { ok: true });
  const after = await me(app, token);
  assert.is(after.status, 401);
  assert.is(after.json.error, 'UNAUTHORIZED');
  const again = await request(app.baseUrl, 'POST', '/api/logout', undefined, bearer(token));
  assert.is(again.status, 401);
  assert.is(again.json.error, 'UNAUTHORIZED');
  assert.is((await me(app, other)).status, 200, 'the session on another device goes on');
});

signInSuite(
  "a change of a user's roles by the System Administrator revokes the user's tokens",
  async ({ app, ids }) => {
    const token = await signIn(app.baseUrl, emailOf('erin'), STRONG_PASSWORD);
    assert.equal((await me(app, token)).json.roles, ['ROLE_USER']);
    await changeUser(app, ids.erin!, { roles: ['ROLE_ADMIN'] });
    const after = await me(app, token);
    assert.is(after.status, 401);
    assert.is(after.json.error, 'UNAUTHORIZED');
    const fresh = await signIn(app.baseUrl, emailOf('erin'), STRONG_PASSWORD);
    assert.equal((await me(app, fresh)).json.roles, ['ROLE_ADMIN']);
  },
);

signInSuite(
  'the attempts above left SignInSucceeded, SignInFailed and UnknownAccountSignInFailed events with the address and time',
  async ({ app, ids, audit }) => {
    const events = await allEvents(app.server.store);
    const find = (type: string, at: string | undefined) =>
      events.find((event) => event.type === type && (event.data as { at: string }).at === at);

    const succeeded = find('SignInSucceeded', audit.succeededAt);
    assert.ok(succeeded, 'a SignInSucceeded event');
    assert.is(succeeded.streamId, `user-${ids.alice}`);
    assert.match(String(succeeded.metadata.clientAddress), LOOPBACK);
    assert.is(succeeded.metadata.occurredAt, audit.succeededAt);

    const failed = find('SignInFailed', audit.failedAt);
    assert.ok(failed, 'a SignInFailed event');
    assert.is(failed.streamId, `user-${ids.alice}`);
    assert.is((failed.data as { reason: string }).reason, 'password');
    assert.match(String(failed.metadata.clientAddress), LOOPBACK);
    assert.is(failed.metadata.occurredAt, audit.failedAt);

    const unknown = find('UnknownAccountSignInFailed', audit.unknownAt);
    assert.ok(unknown, 'an UnknownAccountSignInFailed event');
    assert.match(String(unknown.metadata.clientAddress), LOOPBACK);
    assert.is(unknown.metadata.occurredAt, audit.unknownAt);
    assert.not.ok(
      JSON.stringify({ data: unknown.data, metadata: unknown.metadata }).includes('nobody@example.com'),
      'the typed address is kept only as a digest',
    );
  },
);

signInSuite('no event holds a password that was typed or set (checked last, over the whole log)', async ({ app }) => {
  const events = await allEvents(app.server.store);
  assert.ok(events.some((event) => event.type === 'SignInFailed'));
  const passwords = [app.seedAdmin.password, STRONG_PASSWORD, WRONG_PASSWORD];
  const leaks = events.flatMap((event) => secretsIn(event, passwords).map((secret) => `${event.type} holds ${secret}`));
  assert.equal(leaks, []);
});

signInSuite.run();

// ---------------------------------------------------------------------------------------------------------------
// The e-mailed six-digit code (TWO_FACTOR=email).

interface TwoFactorContext {
  app: TestApp;
  clock: Clock;
  capture: Awaited<ReturnType<typeof startSmtpCapture>>;
  ids: Record<string, number>;
  /** Every code sent or typed in this suite, to search the event log for. */
  codes: Set<string>;
  /** When the audited steps happened (ISO), for the audit test at the end. */
  audit: { issuedAt?: string; failedAt?: string; succeededAt?: string };
}

const twoFactorSuite = suite<TwoFactorContext>('api: identity, e-mailed sign-in codes');

/** Asks for a code with the right password; answers the code of the one mail that must have been sent. */
async function requestCode(context: TwoFactorContext, name: string): Promise<string> {
  const before = mailsTo(context.capture.messages, emailOf(name)).length;
  const response = await loginCheck(context.app.baseUrl, emailOf(name), STRONG_PASSWORD);
  assert.is(response.status, 401, response.text);
  assert.is(response.json.error, '2FA_REQUIRED');
  assert.not.ok(response.json.token);
  const mails = mailsTo(context.capture.messages, emailOf(name));
  assert.is(mails.length, before + 1, 'one code mail per 2FA_REQUIRED');
  const code = signInCodeOf(mails.at(-1)!);
  context.codes.add(code);
  return code;
}

/** A six-digit code different from `code` (and remembered as typed). */
function wrongCode(context: TwoFactorContext, code: string, offset: number): string {
  const wrong = String((Number(code) + offset) % 1_000_000).padStart(6, '0');
  context.codes.add(wrong);
  return wrong;
}

twoFactorSuite.before(async (context) => {
  context.clock = fixedClock('2026-03-09T08:00:00.000Z');
  context.capture = await startSmtpCapture();
  context.app = await startTestApp({ twoFactor: 'email', smtpUrl: context.capture.url, now: context.clock.now });
  context.codes = new Set();
  context.audit = {};
  const { baseUrl, seedAdmin } = context.app;
  const asked = await loginCheck(baseUrl, seedAdmin.email, seedAdmin.password);
  assert.is(asked.json.error, '2FA_REQUIRED');
  const rootCode = signInCodeOf(mailsTo(context.capture.messages, seedAdmin.email).at(-1)!);
  context.codes.add(rootCode);
  const signedIn = await loginCheck(baseUrl, seedAdmin.email, seedAdmin.password, rootCode);
  assert.is(signedIn.status, 200, signedIn.text);
  // One user for every test: the 16 minutes between tests end both the throttle window and the code-resend window.
  context.ids = {
    ivan: await createUser(baseUrl, signedIn.json.token, { email: emailOf('ivan'), password: STRONG_PASSWORD }),
  };
});
twoFactorSuite.before.each(({ clock }) => {
  clock.advance(THROTTLE_WINDOW + MINUTE);
});
twoFactorSuite.after(async (context) => {
  await context.app?.stop();
  await context.capture?.stop();
});

twoFactorSuite(
  'the right password without a code answers 401 2FA_REQUIRED and e-mails a six-digit code that signs in once',
  async (context) => {
    const { app } = context;
    const code = await requestCode(context, 'ivan');
    assert.match(code, /^\d{6}$/);
    const mail = mailsTo(context.capture.messages, emailOf('ivan')).at(-1)!;
    assert.equal(mail.to, ['ivan@example.com']);
    assert.match(mailText(mail), /valid for 10 minutes/);

    const signedIn = await loginCheck(app.baseUrl, emailOf('ivan'), STRONG_PASSWORD, code);
    assert.is(signedIn.status, 200, signedIn.text);
    assert.is((await me(app, signedIn.json.token)).status, 200);

    const reused = await loginCheck(app.baseUrl, emailOf('ivan'), STRONG_PASSWORD, code);
    assert.is(reused.status, 401, 'a code is single-use');
    assert.is(reused.json.error, '2FA_FAILED');
  },
);

twoFactorSuite(
  'a wrong code answers 401 2FA_FAILED; after four wrong tries the right code still signs in',
  async (context) => {
    const { app, clock, audit } = context;
    audit.issuedAt = clock.now().toISOString();
    const code = await requestCode(context, 'ivan');
    for (let attempt = 1; attempt <= 4; attempt++) {
      clock.advance(1000);
      if (attempt === 1) audit.failedAt = clock.now().toISOString();
      const wrong = await loginCheck(app.baseUrl, emailOf('ivan'), STRONG_PASSWORD, wrongCode(context, code, attempt));
      assert.is(wrong.status, 401, `attempt ${attempt}`);
      assert.is(wrong.json.error, '2FA_FAILED');
      assert.not.ok(wrong.json.token);
    }
    clock.advance(1000);
    audit.succeededAt = clock.now().toISOString();
    const right = await loginCheck(app.baseUrl, emailOf('ivan'), STRONG_PASSWORD, code);
    assert.is(right.status, 200, right.text);
  },
);

twoFactorSuite('a code is void after five wrong tries', async (context) => {
  const { app, clock } = context;
  // Wrong codes also count against the sign-in throttle (5 per account-at-address per 15 minutes), which would answer
  // 429 before the code is looked at. So the throttle window is started 14 minutes before the code is asked for, and
  // the fifth wrong try comes after that window has ended: the code has then failed five times but is not expired.
  assert.is((await loginCheck(app.baseUrl, emailOf('ivan'), WRONG_PASSWORD)).json.error, 'INVALID_CREDENTIALS');
  clock.advance(14 * MINUTE);
  const code = await requestCode(context, 'ivan');
  for (let attempt = 1; attempt <= 4; attempt++) {
    assert.is(
      (await loginCheck(app.baseUrl, emailOf('ivan'), STRONG_PASSWORD, wrongCode(context, code, attempt))).json.error,
      '2FA_FAILED',
      `attempt ${attempt}`,
    );
  }
  clock.advance(MINUTE);
  const fifth = await loginCheck(app.baseUrl, emailOf('ivan'), STRONG_PASSWORD, wrongCode(context, code, 5));
  assert.is(fifth.status, 401);
  assert.is(fifth.json.error, '2FA_FAILED');
  const right = await loginCheck(app.baseUrl, emailOf('ivan'), STRONG_PASSWORD, code);
  assert.is(right.status, 401, 'the right code no longer works');
  assert.is(right.json.error, '2FA_FAILED');
});

twoFactorSuite('a code is valid for 10 minutes', async (context) => {
  const { app, clock } = context;
  const first = await requestCode(context, 'ivan');
  clock.advance(10 * MINUTE - 1000);
  assert.is((await loginCheck(app.baseUrl, emailOf('ivan'), STRONG_PASSWORD, first)).status, 200, 'valid at 9:59');
  const second = await requestCode(context, 'ivan');
  clock.advance(10 * MINUTE);
  const expired = await loginCheck(app.baseUrl, emailOf('ivan'), STRONG_PASSWORD, second);
  assert.is(expired.status, 401);
  assert.is(expired.json.error, '2FA_FAILED');
});

twoFactorSuite(
  'at most 3 codes per 15 minutes: a 4th request answers 429 RATE_LIMITED with Retry-After and sends nothing',
  async (context) => {
    const { app, clock } = context;
    await requestCode(context, 'ivan');
    clock.advance(MINUTE);
    await requestCode(context, 'ivan');
    clock.advance(MINUTE);
    await requestCode(context, 'ivan');
    const sent = context.capture.messages.length;
    const fourth = await loginCheck(app.baseUrl, emailOf('ivan'), STRONG_PASSWORD);
    assert.is(fourth.status, 429);
    assert.is(fourth.json.error, 'RATE_LIMITED');
    // The first code leaves the 15-minute window in 13 minutes: no sooner than that, and no later than a whole window.
    const retryAfter = Number(fourth.headers.get('retry-after'));
    assert.ok(
      Number.isInteger(retryAfter) && retryAfter >= 13 * 60 && retryAfter <= 15 * 60,
      `Retry-After ${fourth.headers.get('retry-after')}`,
    );
    assert.is(context.capture.messages.length, sent, 'no 4th mail');
    clock.advance(13 * MINUTE); // 15 minutes after the first code
    await requestCode(context, 'ivan');
  },
);

twoFactorSuite(
  'the steps above left SignInCodeIssued, SignInFailed and SignInSucceeded events with the address and time',
  async ({ app, ids, audit }) => {
    const events = (await allEvents(app.server.store)).filter((event) => event.streamId === `user-${ids.ivan}`);
    for (const [type, at, reason] of [
      ['SignInCodeIssued', audit.issuedAt, undefined],
      ['SignInFailed', audit.failedAt, 'code'],
      ['SignInSucceeded', audit.succeededAt, undefined],
    ] as const) {
      const event = events.find((candidate) => candidate.type === type && (candidate.data as { at: string }).at === at);
      assert.ok(event, `a ${type} event at ${at}`);
      assert.match(String(event.metadata.clientAddress), LOOPBACK);
      assert.is(event.metadata.occurredAt, at);
      if (reason) assert.is((event.data as { reason: string }).reason, reason);
    }
  },
);

twoFactorSuite(
  'no event holds a code that was sent or typed, nor a password (checked last, over the whole log)',
  async (context) => {
    const { app, capture } = context;
    for (const mail of capture.messages) context.codes.add(signInCodeOf(mail));
    assert.ok(context.codes.size >= 15, `codes to look for: ${context.codes.size}`);
    const events = await allEvents(app.server.store);
    const secrets = [...context.codes, app.seedAdmin.password, STRONG_PASSWORD, WRONG_PASSWORD];
    const leaks = events.flatMap((event) => secretsIn(event, secrets).map((secret) => `${event.type} holds ${secret}`));
    assert.equal(leaks, []);
  },
);

twoFactorSuite.run();

// ---------------------------------------------------------------------------------------------------------------
// Password reset.

interface ResetContext {
  app: TestApp;
  clock: Clock;
  capture: Awaited<ReturnType<typeof startSmtpCapture>>;
  ids: Record<string, number>;
  /** Passwords typed in this suite. */
  passwords: Set<string>;
  /** When the audited steps happened (ISO), for the audit test at the end. */
  audit: { requestedAt?: string; completedAt?: string };
}

const resetSuite = suite<ResetContext>('api: identity, password reset');

const NEW_PASSWORD = 'N3w!Secret-word';

/** Asks for a reset of a known account; answers the code of the link mailed. */
async function requestReset(context: ResetContext, name: string): Promise<string> {
  const before = mailsTo(context.capture.messages, emailOf(name)).length;
  const response = await request(context.app.baseUrl, 'POST', '/api/reset', { username: emailOf(name) });
  assert.is(response.status, 200, response.text);
  assert.equal(response.json, { ok: true });
  const mails = mailsTo(context.capture.messages, emailOf(name));
  assert.is(mails.length, before + 1, 'one reset mail');
  await caughtUp(context.app); // as when the user opens the mail
  return resetLinkOf(mails.at(-1)!).code;
}

function newPassword(context: ResetContext, code: string, password: string, passwordCheck = password) {
  context.passwords.add(password);
  context.passwords.add(passwordCheck);
  return request(context.app.baseUrl, 'POST', '/api/newpassword', { code, password, passwordCheck });
}

resetSuite.before(async (context) => {
  context.clock = fixedClock('2026-03-16T08:00:00.000Z');
  context.capture = await startSmtpCapture();
  context.app = await startTestApp({ twoFactor: 'off', smtpUrl: context.capture.url, now: context.clock.now });
  context.passwords = new Set([context.app.seedAdmin.password, STRONG_PASSWORD]);
  context.audit = {};
  const root = await rootToken(context.app);
  context.ids = {};
  context.ids.trent = await createUser(context.app.baseUrl, root, {
    email: emailOf('trent'),
    password: STRONG_PASSWORD,
  });
  // Resets work alike for a user who has no password yet; this one has none, which saves a bcrypt hash.
  context.ids.ursula = await createUser(context.app.baseUrl, root, { email: emailOf('ursula') });
});
resetSuite.before.each(({ clock }) => {
  clock.advance(THROTTLE_WINDOW + MINUTE);
});
resetSuite.after(async (context) => {
  await context.app?.stop();
  await context.capture?.stop();
});

resetSuite(
  'POST /api/reset answers {ok: true} alike for an unknown and a known account; only the known one gets a link',
  async (context) => {
    const { app, capture } = context;
    const before = capture.messages.length;
    const unknown = await request(app.baseUrl, 'POST', '/api/reset', { username: 'nobody@example.com' });
    assert.is(unknown.status, 200);
    assert.equal(unknown.json, { ok: true });
    assert.is(capture.messages.length, before, 'no mail for an unknown account');

    const known = await request(app.baseUrl, 'POST', '/api/reset', { username: emailOf('ursula') });
    assert.is(known.status, 200);
    assert.is(known.text, unknown.text);
    assert.is(capture.messages.length, before + 1);
    const mail = capture.messages.at(-1)!;
    assert.equal(mail.to, ['ursula@example.com']);
    const { link, code } = resetLinkOf(mail);
    assert.is(link, `${app.baseUrl}/admin/password-reset/${code}`);
    assert.ok(code.length >= 22, 'the reset code is at least 128 bits');
  },
);

resetSuite(
  'after a reset the new password signs in, the old one does not, and earlier tokens are revoked',
  async (context) => {
    const { app, clock, audit } = context;
    const token = await signIn(app.baseUrl, emailOf('trent'), STRONG_PASSWORD);
    audit.requestedAt = clock.now().toISOString();
    const code = await requestReset(context, 'trent');
    clock.advance(1000);
    audit.completedAt = clock.now().toISOString();
    const done = await newPassword(context, code, NEW_PASSWORD);
    assert.is(done.status, 200, done.text);
    assert.equal(done.json, { ok: true });

    assert.is((await loginCheck(app.baseUrl, emailOf('trent'), NEW_PASSWORD)).status, 200);
    const old = await loginCheck(app.baseUrl, emailOf('trent'), STRONG_PASSWORD);
    assert.is(old.status, 401);
    assert.is(old.json.error, 'INVALID_CREDENTIALS');
    const revoked = await me(app, token);
    assert.is(revoked.status, 401);
    assert.is(revoked.json.error, 'UNAUTHORIZED');
  },
);

resetSuite('two different entries answer 400 PASSWORDS_MISMATCH and leave the code usable', async (context) => {
  const code = await requestReset(context, 'ursula');
  const mismatch = await newPassword(context, code, NEW_PASSWORD, `${NEW_PASSWORD}x`);
  assert.is(mismatch.status, 400);
  assert.is(mismatch.json.error, 'PASSWORDS_MISMATCH');
  assert.is((await newPassword(context, code, NEW_PASSWORD)).status, 200);
});

resetSuite('a weak password, or one over 72 bytes, answers 400 VALIDATION_FAILED on password', async (context) => {
  const code = await requestReset(context, 'ursula');
  const weak = {
    'eight characters': 'Sh0rt!pw',
    'no digit': 'NoDigits!here',
    'no upper case': 'n0upper!case',
    'no lower case': 'N0LOWER!CASE',
    'no special character': 'NoSpecial123',
    '73 bytes in 39 characters': `Aa1!${'é'.repeat(34)}x`,
    '73 ASCII bytes': `Aa1!${'b'.repeat(69)}`,
  };
  for (const [why, password] of Object.entries(weak)) {
    const response = await newPassword(context, code, password);
    assert.is(response.status, 400, why);
    assert.is(response.json.error, 'VALIDATION_FAILED', why);
    assert.ok(
      response.json.issues.some(
        (issue: { path: unknown[] }) => issue.path.length === 1 && issue.path[0] === 'password',
      ),
      `${why}: ${JSON.stringify(response.json.issues)}`,
    );
  }
  const limit = `Aa1!${'é'.repeat(34)}`; // exactly 72 bytes
  assert.is((await newPassword(context, code, limit)).status, 200, 'nine characters and 72 bytes are accepted');
  assert.is((await loginCheck(context.app.baseUrl, emailOf('ursula'), limit)).status, 200);
});

resetSuite('a wrong code answers 400 INVALID_CODE', async (context) => {
  await requestReset(context, 'ursula');
  const response = await newPassword(context, Buffer.alloc(32, 1).toString('base64url'), NEW_PASSWORD);
  assert.is(response.status, 400);
  assert.is(response.json.error, 'INVALID_CODE');
});

resetSuite('a used code answers 400 INVALID_CODE', async (context) => {
  const code = await requestReset(context, 'ursula');
  assert.is((await newPassword(context, code, NEW_PASSWORD)).status, 200);
  const again = await newPassword(context, code, 'An0ther!Secret');
  assert.is(again.status, 400);
  assert.is(again.json.error, 'INVALID_CODE');
});

resetSuite('a code is valid for one hour: 400 INVALID_CODE after it', async (context) => {
  const { clock } = context;
  const fresh = await requestReset(context, 'ursula');
  clock.advance(59 * MINUTE);
  assert.is((await newPassword(context, fresh, NEW_PASSWORD)).status, 200, 'valid at 59 minutes');
  const stale = await requestReset(context, 'ursula');
  clock.advance(60 * MINUTE);
  const expired = await newPassword(context, stale, 'An0ther!Secret');
  assert.is(expired.status, 400);
  assert.is(expired.json.error, 'INVALID_CODE');
});

resetSuite(
  'the reset above left PasswordResetRequested and PasswordResetCompleted events with the address and time',
  async ({ app, ids, audit }) => {
    const events = (await allEvents(app.server.store)).filter((event) => event.streamId === `user-${ids.trent}`);
    for (const [type, at] of [
      ['PasswordResetRequested', audit.requestedAt],
      ['PasswordResetCompleted', audit.completedAt],
    ] as const) {
      const event = events.find((candidate) => candidate.type === type && (candidate.data as { at: string }).at === at);
      assert.ok(event, `a ${type} event at ${at}`);
      assert.match(String(event.metadata.clientAddress), LOOPBACK);
      assert.is(event.metadata.occurredAt, at);
    }
  },
);

resetSuite('no event holds a reset code or a password (checked last, over the whole log)', async (context) => {
  const { app, capture } = context;
  const codes = capture.messages.map((mail) => resetLinkOf(mail).code);
  assert.ok(codes.length >= 8, `reset codes to look for: ${codes.length}`);
  const events = await allEvents(app.server.store);
  const leaks = events.flatMap((event) =>
    secretsIn(event, [...codes, ...context.passwords]).map((secret) => `${event.type} holds ${secret}`),
  );
  assert.equal(leaks, []);
});

resetSuite.run();
