import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../commands/infrastructure/config';
import { startTestApp, type TestApp } from '../support/app';
import { request } from '../support/http';
import { bearer, signIn } from '../support/identity';
import { createPublicService } from '../support/public-service';

/**
 * Issue 12 item 4: one visitor holds only a few live public locks, per browser session (a cookie the server gives)
 * and per client address, with the settings' defaults. Monday 2026-11-30 has four lanes of 32 quarter-hours: 128
 * free slots. The clock is the test's: each test starts ten minutes later, when every earlier lock has lapsed.
 */
const { publicLocksPerSession: PER_SESSION, publicLocksPerAddress: PER_ADDRESS } = loadConfig({});
const date = '2026-11-30';
const lane = (name: string) => ({
  name,
  startTime: '08:00:00',
  endTime: '16:00:00',
  durations: [{ value: 900, isDefault: true }],
  slotInterval: 900,
});
const lanes = ['Nurse 1', 'Nurse 2', 'Nurse 3', 'Nurse 4'].map(lane);

interface Context {
  app: TestApp;
  serviceId: number;
  /** Every free slot of the date, as a public lock names it. */
  slots: { calendarDateLaneId: number; startTime: string; endTime: string }[];
}
type Answer = Awaited<ReturnType<typeof request>>;

let clock = new Date('2026-11-22T15:00:00Z');

async function setUp(context: Context, production: boolean) {
  context.app = await startTestApp({ now: () => clock, publicLocksPerAddress: PER_ADDRESS, production });
  const admin = bearer(await signIn(context.app.baseUrl, context.app.seedAdmin.email, context.app.seedAdmin.password));
  const locationId = (await request(context.app.baseUrl, 'GET', '/api/locations', undefined, admin)).json.items[0].id;
  const categoryId = (await request(context.app.baseUrl, 'GET', '/api/categories', undefined, admin)).json.items[0].id;
  const calendar = await request(
    context.app.baseUrl,
    'POST',
    '/api/calendars',
    { name: 'Bounded clinic', enabled: true, locationId, categoryId, lanes },
    admin,
  );
  const added = await request(
    context.app.baseUrl,
    'POST',
    `/api/batch/calendars/${calendar.json.id}/dates`,
    { dates: [date], lanes },
    admin,
  );
  assert.is(added.status, 201, added.text);
  context.serviceId = await createPublicService(context.app.baseUrl, admin, [calendar.json.id]);
  context.slots = (added.json.items[0].lanes as { id: number }[]).flatMap((added) =>
    Array.from({ length: 32 }, (_, index) => {
      const minutes = 8 * 60 + index * 15;
      const time = (total: number) =>
        `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}:00`;
      return { calendarDateLaneId: added.id, startTime: time(minutes), endTime: time(minutes + 15) };
    }),
  );
}

const lock = (context: Context, slot: number, headers: Record<string, string> = {}) =>
  request(
    context.app.baseUrl,
    'POST',
    '/api/public/locks',
    { ...context.slots[slot], serviceId: context.serviceId },
    headers,
  );
const release = (context: Context, token: string) =>
  request(context.app.baseUrl, 'DELETE', `/api/public/locks/${token}`);
/** The `name=value` of the browser-session cookie an answer set. */
const sessionCookie = (answer: Answer) => answer.headers.get('set-cookie')?.split(';')[0] ?? '';

function assertTooMany(answer: Answer, retryAfter: number | [number, number], what: string) {
  assert.equal([answer.status, answer.json?.error], [429, 'TOO_MANY_LOCKS'], `${what}: ${answer.text}`);
  const seconds = Number(answer.headers.get('retry-after'));
  if (typeof retryAfter === 'number') assert.is(seconds, retryAfter, `${what}: Retry-After`);
  else assert.ok(seconds >= retryAfter[0] && seconds <= retryAfter[1], `${what}: Retry-After ${seconds}`);
}

const bounds = suite<Context>('api: live public locks per browser session and per address');
bounds.before((context) => setUp(context, false));
bounds.after(async (context) => {
  await context.app?.stop();
});
bounds.before.each(() => {
  clock = new Date(clock.getTime() + 10 * 60_000);
});

bounds('the defaults: two per browser session, ten per address', () => {
  assert.equal([PER_SESSION, PER_ADDRESS], [2, 10]);
});

bounds(
  '100 parallel locks from one address on distinct free slots: only the bound is granted, the rest 429 with Retry-After',
  async (context) => {
    const answers = await Promise.all(Array.from({ length: 100 }, (_, slot) => lock(context, slot)));
    const granted = answers.filter((answer) => answer.status === 201);
    assert.is(
      granted.length,
      PER_ADDRESS,
      JSON.stringify(
        answers.filter((answer) => answer.status !== 429 && answer.status !== 201).map((answer) => answer.text),
      ),
    );
    for (const refused of answers.filter((answer) => answer.status !== 201))
      assertTooMany(refused, 300, 'over the address bound');

    assertTooMany(await lock(context, 110), 300, 'still full');
    assert.is((await release(context, granted[0]!.json.token)).json.released, true);
    assert.is((await lock(context, 110)).status, 201, 'a released lock frees its place');
    assertTooMany(await lock(context, 111), 300, 'and only that one');
  },
);

bounds(
  'one browser session holds two live locks; the cookie is HttpOnly, SameSite=Strict, for the public calls',
  async (context) => {
    const first = await lock(context, 0);
    assert.is(first.status, 201, first.text);
    const setCookie = first.headers.get('set-cookie') ?? '';
    assert.match(
      setCookie,
      /^booking_session=[A-Za-z0-9_-]{32}; Path=\/api\/public; HttpOnly; SameSite=Strict$/,
      'not Secure outside production',
    );
    const session = { cookie: sessionCookie(first) };
    clock = new Date(clock.getTime() + 60_000);
    const second = await lock(context, 1, session);
    assert.is(second.status, 201, second.text);
    assert.is(second.headers.get('set-cookie'), null, 'the session the browser sent is kept');
    assertTooMany(await lock(context, 2, session), 240, 'the first lock lapses in 4 minutes');
    assert.is((await lock(context, 2)).status, 201, 'another session at the same address has room');

    // Back and choose again: the wizard releases the old lock first.
    await release(context, first.json.token);
    assert.is((await lock(context, 3, session)).status, 201);
    assertTooMany(await lock(context, 4, session), 300, 'the second lock lapses in 5 minutes');
    clock = new Date(clock.getTime() + 300_000);
    assert.is((await lock(context, 4, session)).status, 201, 'a lapsed lock no longer counts');
  },
);

bounds('a booking frees its lock’s place; a refused lock gives its place back', async (context) => {
  const first = await lock(context, 0);
  assert.is(first.status, 201, first.text);
  const session = { cookie: sessionCookie(first) };
  for (let attempt = 0; attempt < 3; attempt++) {
    const taken = await lock(context, 0, session);
    assert.equal(
      [taken.status, taken.json.error],
      [409, 'SLOT_UNAVAILABLE'],
      'decided on the slot, not refused for the bound',
    );
  }
  assert.is((await lock(context, 1, session)).status, 201, 'the refused locks took no place');
  assertTooMany(await lock(context, 2, session), 300, 'two live locks');
  const booked = await request(context.app.baseUrl, 'POST', '/api/public/appointments', {
    lockToken: first.json.token,
    serviceId: context.serviceId,
    clientData: [{ firstName: 'Ada', lastName: 'Lovelace' }],
    language: 'en',
    phone: '613-555-0100',
    phoneReminderType: 0,
  });
  assert.is(booked.status, 201, booked.text);
  assert.is((await lock(context, 2, session)).status, 201, 'the booked lock’s place is free');
});

bounds(
  'a rush on one slot from one address: the losers are refused for the slot and take no place from the other locks',
  async (context) => {
    const held = await Promise.all(Array.from({ length: PER_ADDRESS - 3 }, (_, index) => lock(context, 60 + index)));
    assert.ok(held.every((answer) => answer.status === 201));
    // Three places left: the rush on slot 40 may take one, slots 41 and 42 the other two (slot 0 is booked above).
    const [rush, others] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => lock(context, 40))),
      Promise.all([lock(context, 41), lock(context, 42)]),
    ]);
    assert.is(rush.filter((answer) => answer.status === 201).length, 1, 'one winner');
    for (const refused of rush.filter((answer) => answer.status !== 201))
      assert.equal([refused.status, refused.json.error], [409, 'SLOT_UNAVAILABLE'], refused.text);
    assert.equal(
      others.map((answer) => answer.status),
      [201, 201],
      others.map((answer) => answer.text).join(' '),
    );
    assertTooMany(await lock(context, 43), 300, 'the address now holds its ten');
  },
);

bounds.run();

const production = suite<Context>('api: public lock bounds in production, behind the load balancer');
production.before((context) => setUp(context, true));
production.after(async (context) => {
  await context.app?.stop();
});

production('each address has its own bound; the session cookie is Secure', async (context) => {
  const from = (address: string) => ({ 'X-Forwarded-For': address, 'X-Forwarded-Proto': 'https' });
  const answers = await Promise.all(
    Array.from({ length: PER_ADDRESS + 5 }, (_, slot) => lock(context, slot, from('203.0.113.7'))),
  );
  assert.is(answers.filter((answer) => answer.status === 201).length, PER_ADDRESS);
  assert.match(answers[0]!.headers.get('set-cookie') ?? '', /; Secure$/);
  const neighbour = await lock(context, 50, from('203.0.113.8'));
  assert.is(neighbour.status, 201, neighbour.text);
  const plainHttp = await lock(context, 51, { 'X-Forwarded-For': '203.0.113.9' });
  assert.is(plainHttp.status, 201, 'a Secure cookie is set even when the balancer does not say it ended TLS');
});

production.run();
