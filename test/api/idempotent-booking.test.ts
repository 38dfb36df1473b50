import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/app';
import { solvedBotCheck } from '../support/bot-check';
import { request } from '../support/http';
import { allEvents, bearer, createUser, signIn, STRONG_PASSWORD } from '../support/identity';
import { createPublicService } from '../support/public-service';

/**
 * Issue 12, item 10: a booking committed whose answer was lost (a socket error). With an `Idempotency-Key`, the
 * retry of the same request answers the same confirmation instead of a refusal, and books nothing more. The date is
 * Wednesday 2026-11-25, one lane 09:00-12:00 of 15-minute slots.
 */
interface Context {
  app: TestApp;
  root: Record<string, string>;
  nurse: Record<string, string>;
  calendarId: number;
  laneId: number;
  serviceId: number;
}

const clock = new Date('2026-11-24T14:00:00Z');
const test = suite<Context>('api: idempotent bookings');
const date = '2026-11-25';
const lane = {
  name: 'Nurse',
  startTime: '09:00:00',
  endTime: '12:00:00',
  durations: [{ value: 900, isDefault: true }, { value: 1800 }],
  slotInterval: 900,
};
let keys = 0;
const newKey = () => `test-key-${Date.now().toString(36)}-${++keys}`;

const publicBody = (context: Context, lockToken: string, changes: Record<string, unknown> = {}) => ({
  lockToken,
  serviceId: context.serviceId,
  clientData: [{ firstName: 'Ada', lastName: 'Lovelace' }],
  email: 'ada@example.com',
  language: 'en',
  phone: '613-555-0100',
  phoneReminderType: 2,
  agreeValidInfo: true,
  agreePhone: true,
  ...changes,
});
const staffBody = (lockToken: string, startTime: string, endTime: string, changes: Record<string, unknown> = {}) => ({
  lockToken,
  startTime,
  endTime,
  clientData: [{ firstName: 'Grace', lastName: 'Hopper' }],
  email: '',
  language: 'en',
  phone: '613-555-0101',
  phoneReminderType: 1,
  ...changes,
});

const withKey = (key: string | undefined, headers: Record<string, string> = {}) =>
  key === undefined ? headers : { ...headers, 'Idempotency-Key': key };
const book = (context: Context, body: unknown, key?: string) =>
  request(context.app.baseUrl, 'POST', '/api/public/appointments', body, withKey(key));
const staffBook = (context: Context, body: unknown, key?: string, as = context.root) =>
  request(context.app.baseUrl, 'POST', '/api/appointments', body, withKey(key, as));

async function publicLock(context: Context, startTime: string, endTime: string) {
  const held = await request(context.app.baseUrl, 'POST', '/api/public/locks', {
    calendarDateLaneId: context.laneId,
    startTime,
    endTime,
    serviceId: context.serviceId,
  });
  assert.is(held.status, 201, held.text);
  return held.json.token as string;
}
async function staffLock(context: Context, startTime: string, endTime: string, as = context.root) {
  const held = await request(
    context.app.baseUrl,
    'POST',
    '/api/locks',
    { calendarDateLaneId: context.laneId, startTime, endTime },
    as,
  );
  assert.is(held.status, 201, held.text);
  return held.json.token as string;
}

/** The bookings the event store holds under a lock token: the one source that cannot lag. */
const bookingsUnder = async (context: Context, lockToken: string) =>
  (await allEvents(context.app.server.store)).filter(
    (event) =>
      (event.type === 'AppointmentBooked' || event.type === 'ClientRegistered') &&
      (event.data as { lockToken: string }).lockToken === lockToken,
  );
const appointmentsOn = async (context: Context) =>
  (
    await request(
      context.app.baseUrl,
      'GET',
      `/api/calendars/${context.calendarId}/dates/${date}?timeslots=1`,
      undefined,
      context.root,
    )
  ).json.appointmentCount as number;

test.before(async (context) => {
  context.app = await startTestApp({ now: () => clock });
  const rootToken = await signIn(context.app.baseUrl, context.app.seedAdmin.email, context.app.seedAdmin.password);
  context.root = bearer(rootToken);
  const get = async (path: string) => (await request(context.app.baseUrl, 'GET', path, undefined, context.root)).json;
  const locationId = (await get('/api/locations')).items[0].id;
  const categoryId = (await get('/api/categories')).items[0].id;
  const calendar = await request(
    context.app.baseUrl,
    'POST',
    '/api/calendars',
    { name: 'Retry clinic', enabled: true, locationId, categoryId, lanes: [lane] },
    context.root,
  );
  assert.is(calendar.status, 201, calendar.text);
  context.calendarId = calendar.json.id;
  const added = await request(
    context.app.baseUrl,
    'POST',
    `/api/batch/calendars/${context.calendarId}/dates`,
    { dates: [date], lanes: [lane] },
    context.root,
  );
  context.laneId = added.json.items[0].lanes[0].id;
  context.serviceId = await createPublicService(context.app.baseUrl, context.root, [context.calendarId]);
  const nurseId = await createUser(context.app.baseUrl, rootToken, {
    email: 'nurse@example.com',
    roles: ['ROLE_USER'],
    password: STRONG_PASSWORD,
  });
  await request(
    context.app.baseUrl,
    'PUT',
    `/api/calendars/${context.calendarId}/users`,
    { userIds: [nurseId] },
    context.root,
  );
  context.nurse = bearer(await signIn(context.app.baseUrl, 'nurse@example.com', STRONG_PASSWORD));
});
test.after(async (context) => {
  await context.app?.stop();
});

test('public: the same request with its key again answers the same code and books once', async (context) => {
  const token = await publicLock(context, '09:00:00', '09:15:00');
  const key = newKey();
  const first = await book(context, publicBody(context, token), key);
  assert.is(first.status, 201, first.text);
  const retry = await book(context, publicBody(context, token), key);
  assert.equal([retry.status, retry.json], [201, first.json], retry.text);
  assert.is((await bookingsUnder(context, token)).length, 1, 'one booking in the event store');
  assert.is(await appointmentsOn(context), 1, 'one appointment in the read model');
});

test('public: without a key, a second request is refused as before', async (context) => {
  const token = await publicLock(context, '09:15:00', '09:30:00');
  assert.is((await book(context, publicBody(context, token))).status, 201);
  const again = await book(context, publicBody(context, token));
  assert.is(again.status, 409, again.text);
  assert.is(again.json.error, 'LOCK_NOT_FOUND');
});

test('public: the same key with another request is a 409 IDEMPOTENCY_KEY_REUSED naming the header', async (context) => {
  const token = await publicLock(context, '09:30:00', '09:45:00');
  const key = newKey();
  assert.is((await book(context, publicBody(context, token), key)).status, 201);
  const changed = await book(context, publicBody(context, token, { phone: '613-555-0199' }), key);
  assert.is(changed.status, 409, changed.text);
  assert.is(changed.json.error, 'IDEMPOTENCY_KEY_REUSED');
  assert.equal(changed.json.issues[0].path, ['Idempotency-Key']);
  const sameMeaning = await book(context, { ...publicBody(context, token), spots: 1, phoneAlt: '' }, key);
  assert.is(sameMeaning.status, 201, 'defaults spelt out are the same request');
});

test('public: a malformed key is a 400 naming the header', async (context) => {
  for (const key of ['short', 'has space in it', 'x'.repeat(101), 'üñíçødé-key']) {
    const answer = await book(context, publicBody(context, '1.' + 'a'.repeat(32)), key);
    assert.is(answer.status, 400, `${key}: ${answer.text}`);
    assert.equal(answer.json.issues[0].path, ['Idempotency-Key'], key);
  }
});

test('public: five identical requests in flight all answer the same code; one appointment', async (context) => {
  const token = await publicLock(context, '10:00:00', '10:15:00');
  const key = newKey();
  const answers = await Promise.all(Array.from({ length: 5 }, () => book(context, publicBody(context, token), key)));
  assert.equal(
    answers.map((answer) => answer.status),
    [201, 201, 201, 201, 201],
    JSON.stringify(answers.map((answer) => answer.json)),
  );
  assert.is(new Set(answers.map((answer) => answer.json.confirmationCode)).size, 1);
  assert.is((await bookingsUnder(context, token)).length, 1);
});

test('public: a refused booking stays refused on retry (no confirmation of a booking never made)', async (context) => {
  const key = newKey();
  const unknownLock = `${context.laneId}.${'b'.repeat(32)}`;
  const first = await book(context, publicBody(context, unknownLock), key);
  assert.is(first.status, 409, first.text);
  const retry = await book(context, publicBody(context, unknownLock), key);
  assert.equal([retry.status, retry.json.error], [first.status, first.json.error]);
});

test('public: a group-session registration retried with its key answers the same code', async (context) => {
  const services = (await request(context.app.baseUrl, 'GET', '/api/public/services')).json.items;
  const prenatal = services.find((service: { title: string }) => service.title === 'Prenatal Classes');
  const course = (await request(context.app.baseUrl, 'GET', `/api/public/services/${prenatal.id}`)).json.calendars[0];
  const [session] = (
    await request(
      context.app.baseUrl,
      'GET',
      `/api/public/services/${prenatal.id}/calendar/${course.id}/sessions?spots=1`,
    )
  ).json.items;
  const held = await request(context.app.baseUrl, 'POST', '/api/public/locks', {
    calendarDateLaneId: session.id,
    startTime: session.time,
    endTime: session.endTime,
    serviceId: prenatal.id,
  });
  assert.is(held.status, 201, held.text);
  const body = { ...publicBody(context, held.json.token), serviceId: prenatal.id, phoneReminderType: 0 };
  const key = newKey();
  const answers = [await book(context, body, key), await book(context, body, key)];
  assert.equal(
    answers.map((answer) => answer.status),
    [201, 201],
    answers[1]!.text,
  );
  assert.is(answers[1]!.json.confirmationCode, answers[0]!.json.confirmationCode);
  assert.is((await bookingsUnder(context, held.json.token)).length, 1);
});

test('staff: the same request with its key again answers the appointment as GET does, once', async (context) => {
  const token = await staffLock(context, '11:00:00', '11:15:00');
  const key = newKey();
  const first = await staffBook(context, staffBody(token, '11:00:00', '11:15:00'), key);
  assert.is(first.status, 201, first.text);
  const retry = await staffBook(context, staffBody(token, '11:00:00', '11:15:00'), key);
  assert.is(retry.status, 201, retry.text);
  const opened = await request(
    context.app.baseUrl,
    'GET',
    `/api/appointments/${first.json.id}`,
    undefined,
    context.root,
  );
  assert.equal(retry.json, opened.json);
  assert.equal(retry.json, first.json);
  assert.is((await bookingsUnder(context, token)).length, 1);
  const changed = await staffBook(context, staffBody(token, '11:00:00', '11:30:00'), key);
  assert.equal([changed.status, changed.json.error], [409, 'IDEMPOTENCY_KEY_REUSED']);
});

test('staff: five identical requests in flight all answer the same appointment', async (context) => {
  const token = await staffLock(context, '11:15:00', '11:30:00');
  const key = newKey();
  const answers = await Promise.all(
    Array.from({ length: 5 }, () => staffBook(context, staffBody(token, '11:15:00', '11:30:00'), key)),
  );
  assert.equal(
    answers.map((answer) => answer.status),
    [201, 201, 201, 201, 201],
    JSON.stringify(answers.map((answer) => answer.json)),
  );
  assert.is(new Set(answers.map((answer) => answer.json.id)).size, 1);
  assert.is((await bookingsUnder(context, token)).length, 1);
});

test('staff: keys are per user; a public key is no staff key', async (context) => {
  const key = newKey();
  const rootToken = await staffLock(context, '11:30:00', '11:45:00');
  const nurseToken = await staffLock(context, '11:45:00', '12:00:00', context.nurse);
  const byRoot = await staffBook(context, staffBody(rootToken, '11:30:00', '11:45:00'), key);
  const byNurse = await staffBook(context, staffBody(nurseToken, '11:45:00', '12:00:00'), key, context.nurse);
  assert.equal([byRoot.status, byNurse.status], [201, 201], byNurse.text);
  assert.is.not(byNurse.json.id, byRoot.json.id);
  const publicToken = await publicLock(context, '10:15:00', '10:30:00');
  const byPublic = await book(context, publicBody(context, publicToken), key);
  assert.is(byPublic.status, 201, byPublic.text);
});

test.run();

/** With the bot check on: a retry with its key needs no second solution (a solution is good for one request). */
const guarded = suite<Context>('api: idempotent bookings behind the bot check');

guarded.before(async (context) => {
  context.app = await startTestApp({ now: () => clock, botCheck: 'on' });
  const rootToken = await signIn(context.app.baseUrl, context.app.seedAdmin.email, context.app.seedAdmin.password);
  context.root = bearer(rootToken);
  const get = async (path: string) => (await request(context.app.baseUrl, 'GET', path, undefined, context.root)).json;
  const calendar = await request(
    context.app.baseUrl,
    'POST',
    '/api/calendars',
    {
      name: 'Guarded clinic',
      enabled: true,
      locationId: (await get('/api/locations')).items[0].id,
      categoryId: (await get('/api/categories')).items[0].id,
      lanes: [lane],
    },
    context.root,
  );
  context.calendarId = calendar.json.id;
  const added = await request(
    context.app.baseUrl,
    'POST',
    `/api/batch/calendars/${context.calendarId}/dates`,
    { dates: [date], lanes: [lane] },
    context.root,
  );
  context.laneId = added.json.items[0].lanes[0].id;
  context.serviceId = await createPublicService(context.app.baseUrl, context.root, [context.calendarId]);
});
guarded.after(async (context) => {
  await context.app?.stop();
});

guarded('the retry is answered though its solution was used; a new key still needs a fresh one', async (context) => {
  const held = await request(context.app.baseUrl, 'POST', '/api/public/locks', {
    calendarDateLaneId: context.laneId,
    startTime: '09:00:00',
    endTime: '09:15:00',
    serviceId: context.serviceId,
    botCheck: await solvedBotCheck(context.app.baseUrl),
  });
  assert.is(held.status, 201, held.text);
  const body = { ...publicBody(context, held.json.token), botCheck: await solvedBotCheck(context.app.baseUrl) };
  const key = newKey();
  const first = await book(context, body, key);
  assert.is(first.status, 201, first.text);
  const retry = await book(context, body, key);
  assert.equal([retry.status, retry.json], [201, first.json], retry.text);
  const otherKey = await book(context, body, newKey());
  assert.equal([otherKey.status, otherKey.json.error], [400, 'BOT_CHECK_FAILED']);
});

guarded.run();
