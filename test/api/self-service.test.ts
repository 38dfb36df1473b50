import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { signManageToken } from '../../commands/self-service/manage-token';
import { appointmentsProjection } from '../../projections/appointments/projection';
import { rebuildProjection } from '../../projections/runner/rebuild';
import { startTestApp, type TestApp } from '../support/app';
import { request } from '../support/http';
import { bearer, caughtUp, signIn } from '../support/identity';
import { createPublicService } from '../support/public-service';

/**
 * Issue 20 items 1-5: the public finds its booking by confirmation code and last name, views, cancels and
 * reschedules it with the token answered, until the service's cut-off; lookups are limited per address and per code,
 * and every lookup and change is in the access log as the public's. Today is Tuesday 2026-11-24, 09:00 in Toronto
 * (14:00Z); every request speaks from its test's own address (X-Forwarded-For, the app runs as in production).
 */
interface Context {
  app: TestApp;
  admin: Record<string, string>;
  clinicId: number;
  courseId: number;
  offlineId: number;
  /** Self-service on (the default 24-hour cut-off): the clinic and the course. */
  serviceId: number;
  /** Self-service switched off: the offline clinic. */
  offlineServiceId: number;
  /** The first lane of each clinic date, by calendar and date. */
  lanes: Record<number, Record<string, number>>;
  location: { name: string; nameFr: string; address: string; city: string; postalCode: string; phone: string };
}

const start = new Date('2026-11-24T14:00:00Z');
let clock = start;
const AUTH_SECRET = 'test-secret-test-secret-test-secret-0123'; // the test app's AUTH_SECRET
/** The secret AUTH_SECRET replaced (AUTH_SECRET_PREVIOUS): links it signed still work. */
const PREVIOUS_SECRET = 'before-rotation-before-rotation-before';
const test = suite<Context>('api: the public manages its own booking');
const lane = {
  name: 'Nurse',
  startTime: '09:00:00',
  endTime: '11:00:00',
  durations: [{ value: 900, isDefault: true }, { value: 1800 }],
  slotInterval: 900,
};
const classLane = {
  name: 'Educator',
  startTime: '18:00:00',
  endTime: '20:00:00',
  durations: [{ value: 7200, isDefault: true }],
  slotInterval: 7200,
};

const call = (context: Context, address: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  request(context.app.baseUrl, body === undefined ? 'GET' : 'POST', `/api${path}`, body, {
    'X-Forwarded-For': address,
    ...headers,
  });
const staff = (context: Context, method: string, path: string, body?: unknown) =>
  request(context.app.baseUrl, method, `/api${path}`, body, context.admin);

async function lock(
  context: Context,
  address: string,
  slot: { serviceId?: number; laneId: number; startTime: string; endTime: string; spots?: number },
) {
  const locked = await call(context, address, '/public/locks', {
    serviceId: slot.serviceId ?? context.serviceId,
    calendarDateLaneId: slot.laneId,
    startTime: slot.startTime,
    endTime: slot.endTime,
    ...(slot.spots ? { spots: slot.spots } : {}),
  });
  assert.is(locked.status, 201, locked.text);
  return locked.json.token as string;
}

const client = { firstName: 'Amélie', lastName: 'Côté', preferredName: 'Mel' };

/** Books through the public API as the wizard does; answers the confirmation code. */
async function book(
  context: Context,
  address: string,
  slot: Parameters<typeof lock>[2],
  changes: Record<string, unknown> = {},
) {
  const lockToken = await lock(context, address, slot);
  const booked = await call(context, address, '/public/appointments', {
    lockToken,
    serviceId: slot.serviceId ?? context.serviceId,
    clientData: [client],
    email: 'amelie@example.org',
    language: 'fr',
    phone: '613-555-0100',
    phoneReminderType: 0,
    agreeValidInfo: true,
    agreePhone: true,
    ...(slot.spots ? { spots: slot.spots } : {}),
    ...changes,
  });
  assert.is(booked.status, 201, booked.text);
  // A public booking answers once public availability shows it; the lookup by code reads the appointments, which may
  // be a few milliseconds behind: a person typing the code never meets that, a test looking it up at once would.
  await caughtUp(context.app);
  return booked.json.confirmationCode as string;
}

const lookup = (context: Context, address: string, confirmationCode: string, lastName: string, locale = 'en') =>
  call(context, address, '/public/appointment-lookup', { confirmationCode, lastName, locale });

/** Books and looks the booking up: its token and id. */
async function bookAndOpen(context: Context, address: string, slot: Parameters<typeof lock>[2]) {
  const code = await book(context, address, slot);
  const found = await lookup(context, address, code, 'Côté');
  assert.is(found.status, 200, found.text);
  return { code, token: found.json.token as string, id: found.json.appointmentId as number, booking: found.json };
}

/** The times the public is offered on a date of a clinic (15 minutes). */
async function freeTimes(context: Context, date: string, calendarId = context.clinicId) {
  const answer = await call(
    context,
    '192.0.2.250',
    `/public/services/${context.serviceId}/calendar/${calendarId}/dates?duration=900`,
  );
  assert.is(answer.status, 200, answer.text);
  const found = (answer.json.items as { date: string; timeslots: { time: string }[] }[]).find(
    (item) => item.date === date,
  );
  return (found?.timeslots ?? []).map((slot) => slot.time);
}

/** The appointment's history without its messages (the notices the dispatcher sends as it goes). */
const historyOf = async (context: Context, id: number) =>
  (
    (await staff(context, 'GET', `/appointments/${id}/history`)).json.items as {
      action: string;
      updatedBy: string;
      from: { date: string; startTime: string } | null;
      to: { date: string; startTime: string } | null;
    }[]
  ).filter((entry) => !entry.action.startsWith('message'));

async function accessEntries(context: Context, address: string) {
  await context.app.server.accessLog.flush();
  return (await context.app.server.database
    .knex('access_log')
    .where({ client_address: address })
    .orderBy('position')) as {
    user_id: number;
    roles: string[];
    action: string;
    records: { kind: string; id: number }[];
    details: Record<string, unknown>;
  }[];
}

async function createCalendar(context: Context, settings: Record<string, unknown>) {
  const locationId = (await staff(context, 'GET', '/locations')).json.items[0].id;
  const categoryId = (await staff(context, 'GET', '/categories')).json.items[0].id;
  const templates = (await staff(context, 'GET', '/templates')).json.items as { id: number; name: string }[];
  const templateId = (name: string) => templates.find((template) => template.name === name)!.id;
  const created = await staff(context, 'POST', '/calendars', {
    enabled: true,
    locationId,
    categoryId,
    emailsEnabled: true,
    notificationTemplateId: templateId('Appointment confirmation'),
    reminderTemplateId: templateId('Appointment reminder'),
    reminderThreshold: 2,
    ...settings,
  });
  assert.is(created.status, 201, created.text);
  return created.json.id as number;
}

async function addDates(context: Context, calendarId: number, body: Record<string, unknown>) {
  const added = await staff(context, 'POST', `/batch/calendars/${calendarId}/dates`, body);
  assert.is(added.status, 201, added.text);
  context.lanes[calendarId] = Object.fromEntries(
    (added.json.items as { date: string; lanes: { id: number }[] }[]).map((item) => [item.date, item.lanes[0]!.id]),
  );
}

test.before(async (context) => {
  context.app = await startTestApp({
    now: () => clock,
    production: true,
    env: { AUTH_SECRET_PREVIOUS: PREVIOUS_SECRET },
  });
  const { baseUrl, seedAdmin } = context.app;
  context.admin = bearer(await signIn(baseUrl, seedAdmin.email, seedAdmin.password));
  context.lanes = {};
  context.location = (await staff(context, 'GET', '/locations')).json.items[0];
  context.clinicId = await createCalendar(context, { name: 'Self-service clinic', lanes: [lane] });
  context.courseId = await createCalendar(context, {
    name: 'Self-service course',
    groupSession: true,
    spots: 10,
    lanes: [classLane],
  });
  context.offlineId = await createCalendar(context, { name: 'Offline clinic', lanes: [lane] });
  await addDates(context, context.clinicId, { dates: ['2026-11-25', '2026-11-27', '2026-11-30'], lanes: [lane] });
  await addDates(context, context.offlineId, { dates: ['2026-11-27'], lanes: [lane] });
  await addDates(context, context.courseId, {
    dates: ['2026-12-02', '2026-12-09'],
    lanes: [classLane],
    deadline: '2026-11-30',
    spots: 10,
  });
  context.serviceId = await createPublicService(baseUrl, context.admin, [context.clinicId, context.courseId]);
  context.offlineServiceId = await createPublicService(baseUrl, context.admin, [context.offlineId], {
    selfServiceEnabled: false,
  });
});
test.after(async (context) => {
  await context.app?.stop();
});
test.before.each(() => {
  clock = start;
});

test('a lookup by code and a client’s last name (any case, accents, spaces) answers the booking and a token', async (context) => {
  const address = '203.0.113.1';
  const slot = { laneId: context.lanes[context.clinicId]!['2026-11-27']!, startTime: '09:00:00', endTime: '09:15:00' };
  const code = await book(context, address, slot);
  const typedCode = `${code.slice(0, 5).toLowerCase()}-${code.slice(5)}`;
  const found = await lookup(context, address, typedCode, '  COTE ');
  assert.is(found.status, 200, found.text);
  const { token, appointmentId, ...booking } = found.json;
  const end = Date.parse('2026-11-27T14:15:00Z') / 1000; // 09:15 in Toronto
  assert.match(token, new RegExp(`^${appointmentId}\\.${end}\\.[A-Za-z0-9_-]{32}$`));
  const { location } = context;
  assert.equal(booking, {
    confirmationCode: code,
    service: { id: context.serviceId, title: 'Test service' },
    calendarId: context.clinicId,
    groupSession: false,
    date: '2026-11-27',
    startTime: '09:00:00',
    endTime: '09:15:00',
    duration: 900,
    sessions: [{ date: '2026-11-27', startTime: '09:00:00', endTime: '09:15:00' }],
    location: {
      name: location.name,
      address: location.address,
      city: location.city,
      postalCode: location.postalCode,
      phone: location.phone,
      isVirtual: false,
    },
    firstNames: ['Mel'],
    selfService: {
      canCancel: true,
      canReschedule: true,
      reason: null,
      cutoffHours: 24,
      cutoffAt: '2026-11-26T14:00:00.000Z',
    },
  });
  const french = await lookup(context, address, code, 'Côté', 'fr');
  assert.equal(
    [french.json.service.title, french.json.location.name],
    ['Service d’essai', location.nameFr || location.name],
  );
  const entries = await accessEntries(context, address);
  assert.equal(
    entries.map(({ user_id, roles, action, records, details }) => ({ user_id, roles, action, records, details })),
    [1, 2].map(() => ({
      user_id: 0,
      roles: ['PUBLIC'],
      action: 'public.lookup',
      records: [{ kind: 'appointment', id: appointmentId }],
      details: { outcome: 'found' },
    })),
  );
});

test('a wrong name and a wrong code get the same 404; the access log keeps the outcome, never the name', async (context) => {
  const address = '203.0.113.2';
  const code = await book(context, address, {
    laneId: context.lanes[context.clinicId]!['2026-11-27']!,
    startTime: '09:15:00',
    endTime: '09:30:00',
  });
  const wrongName = await lookup(context, address, code, 'Lovelace');
  const wrongCode = await lookup(context, address, 'ZZZZZZZZZZ', 'Côté');
  assert.equal([wrongName.status, wrongCode.status], [404, 404]);
  assert.equal(wrongName.json, wrongCode.json);
  assert.is(wrongName.json.error, 'BOOKING_NOT_FOUND');
  const entries = await accessEntries(context, address);
  assert.equal(
    entries.map(({ action, records, details }) => ({ action, records, details })),
    [1, 2].map(() => ({ action: 'public.lookup', records: [], details: { outcome: 'BOOKING_NOT_FOUND' } })),
  );
  assert.not.ok(JSON.stringify(entries).includes('Lovelace'), 'the name typed is not recorded');
});

test('the 6th failed lookup of one code is a 429 with Retry-After, from any address; 20 failures per address', async (context) => {
  const code = await book(context, '203.0.113.3', {
    laneId: context.lanes[context.clinicId]!['2026-11-27']!,
    startTime: '09:30:00',
    endTime: '09:45:00',
  });
  for (let index = 1; index <= 5; index++) {
    const failed = await lookup(context, `198.51.100.${index}`, code, `Guess${index}`);
    assert.is(failed.status, 404, failed.text);
  }
  const limited = await lookup(context, '198.51.100.6', code, 'Guess6');
  assert.equal([limited.status, limited.json.error], [429, 'RATE_LIMITED']);
  const wait = Number(limited.headers.get('retry-after'));
  assert.ok(wait > 0 && wait <= 900, `Retry-After ${wait}`);
  assert.is((await lookup(context, '198.51.100.7', code, 'Côté')).status, 429, 'the right name waits too');
  clock = new Date(start.getTime() + 15 * 60_000 + 1_000);
  assert.is((await lookup(context, '198.51.100.7', code, 'Côté')).status, 200, 'the window has passed');
  clock = start;
  const address = '198.51.100.50';
  for (let index = 0; index < 20; index++) {
    const failed = await lookup(context, address, `NOCODE${String(index).padStart(4, '0')}`, 'Côté');
    assert.is(failed.status, 404, failed.text);
  }
  const overAddress = await lookup(context, address, code, 'Côté');
  assert.equal([overAddress.status, overAddress.json.error], [429, 'RATE_LIMITED']);
  assert.ok(Number(overAddress.headers.get('retry-after')) > 0);
  const entries = await accessEntries(context, address);
  assert.equal(entries.at(-1)!.details, { outcome: 'RATE_LIMITED' });
});

test('view: a token opens the booking; a tampered token is a 404; a lapsed one or a past appointment a 403', async (context) => {
  const address = '203.0.113.4';
  const { token, id, booking } = await bookAndOpen(context, address, {
    laneId: context.lanes[context.clinicId]!['2026-11-27']!,
    startTime: '09:45:00',
    endTime: '10:00:00',
  });
  const viewed = await call(context, address, '/public/appointment', { token });
  assert.is(viewed.status, 200, viewed.text);
  assert.equal({ ...viewed.json, token: '' }, { ...booking, token: '' });
  const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
  const forged = await call(context, address, '/public/appointment', { token: tampered });
  assert.equal([forged.status, forged.json.error], [404, 'BOOKING_NOT_FOUND']);
  const otherId = await call(context, address, '/public/appointment', {
    token: token.replace(/^\d+/, String(id + 1000)),
  });
  assert.equal([otherId.status, otherId.json.error], [404, 'BOOKING_NOT_FOUND'], 'the id is signed');
  const lapsed = signManageToken(AUTH_SECRET, { appointmentId: id, expiresAt: new Date(start.getTime() - 1_000) });
  const expired = await call(context, address, '/public/appointment', { token: lapsed });
  assert.equal([expired.status, expired.json.error], [403, 'BOOKING_LINK_EXPIRED']);
  const longLived = signManageToken(AUTH_SECRET, { appointmentId: id, expiresAt: new Date('2027-01-01T00:00:00Z') });
  clock = new Date('2026-11-27T15:01:00Z');
  const past = await call(context, address, '/public/appointment', { token: longLived });
  assert.equal([past.status, past.json.error], [403, 'BOOKING_LINK_EXPIRED'], 'the appointment is over');
  clock = start;
  const entries = await accessEntries(context, address);
  assert.equal(
    entries
      .filter((entry) => entry.action === 'public.view')
      .map(({ records, details }) => [records.map((record) => record.id), details.outcome]),
    [
      [[id], 'shown'],
      [[], 'BOOKING_NOT_FOUND'],
      [[], 'BOOKING_NOT_FOUND'],
      [[], 'BOOKING_LINK_EXPIRED'],
      [[id], 'BOOKING_LINK_EXPIRED'],
    ],
  );
});

test('after a rotation of AUTH_SECRET, a link signed with the previous secret still opens the booking; another is a 404', async (context) => {
  const address = '203.0.113.24';
  const { id } = await bookAndOpen(context, address, {
    laneId: context.lanes[context.clinicId]!['2026-11-30']!,
    startTime: '09:15:00',
    endTime: '09:30:00',
  });
  const lapse = { appointmentId: id, expiresAt: new Date('2026-11-30T16:00:00Z') };
  const before = await call(context, address, '/public/appointment', {
    token: signManageToken(PREVIOUS_SECRET, lapse),
  });
  assert.is(before.status, 200, before.text);
  const stranger = signManageToken('not-the-unit-secret-not-the-unit-secret', lapse);
  const refused = await call(context, address, '/public/appointment', { token: stranger });
  assert.equal([refused.status, refused.json.error], [404, 'BOOKING_NOT_FOUND']);
});

test('cancel: the time is free at once, the history says the public cancelled it, a notice is queued', async (context) => {
  const address = '203.0.113.5';
  const { token, id, code } = await bookAndOpen(context, address, {
    laneId: context.lanes[context.clinicId]!['2026-11-27']!,
    startTime: '10:00:00',
    endTime: '10:15:00',
  });
  assert.not.ok((await freeTimes(context, '2026-11-27')).includes('10:00:00'));
  const cancelled = await call(context, address, '/public/appointment/cancel', { token });
  assert.is(cancelled.status, 200, cancelled.text);
  assert.equal(cancelled.json, { cancelled: true, confirmationCode: code });
  assert.ok((await freeTimes(context, '2026-11-27')).includes('10:00:00'), 'the time is offered again');
  const history = await historyOf(context, id);
  assert.equal(
    history.map((entry) => [entry.action, entry.updatedBy]),
    [
      ['created', 'Public'],
      ['cancelled', 'Public'],
    ],
  );
  const { events } = await context.app.server.store.readStream(`calendarDate-${context.clinicId}_2026-11-27`);
  const event = events.filter((candidate) => candidate.type === 'AppointmentCancelled').at(-1)!;
  assert.equal(
    [event.data, event.metadata.actor],
    [{ ...(event.data as object), notifyClient: true }, { public: true }],
  );
  const knex = context.app.server.database.knex;
  let notices: { kind: string; channel: string }[] = [];
  for (const started = Date.now(); notices.length === 0 && Date.now() - started < 5_000;) {
    notices = await knex('message_queue').where({ appointment_id: id, kind: 'cancelled' }).select('kind', 'channel');
    if (notices.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.equal(notices, [{ kind: 'cancelled', channel: 'email' }]);
  const again = await call(context, address, '/public/appointment/cancel', { token });
  assert.equal([again.status, again.json.error], [404, 'BOOKING_NOT_FOUND']);
  const gone = await call(context, address, '/public/appointment', { token });
  assert.equal([gone.status, gone.json.error], [404, 'BOOKING_NOT_FOUND']);
  const entries = await accessEntries(context, address);
  assert.equal(
    entries.filter((entry) => entry.action === 'public.cancel').map(({ records, details }) => [records, details]),
    [
      [[{ kind: 'appointment', id }], { outcome: 'cancelled' }],
      [[{ kind: 'appointment', id }], { outcome: 'BOOKING_NOT_FOUND' }],
    ],
  );
});

test('reschedule: to another time of the date, then to another date; the old time is free, the new one taken', async (context) => {
  const address = '203.0.113.6';
  const laneOf = (date: string) => context.lanes[context.clinicId]![date]!;
  const { token, id } = await bookAndOpen(context, address, {
    laneId: laneOf('2026-11-27'),
    startTime: '10:15:00',
    endTime: '10:30:00',
  });
  const lockToken = await lock(context, address, {
    laneId: laneOf('2026-11-27'),
    startTime: '10:45:00',
    endTime: '11:00:00',
  });
  const moved = await call(context, address, '/public/appointment/reschedule', { token, lockToken });
  assert.is(moved.status, 200, moved.text);
  assert.equal(
    [moved.json.appointmentId, moved.json.date, moved.json.startTime, moved.json.endTime],
    [id, '2026-11-27', '10:45:00', '11:00:00'],
  );
  assert.match(moved.json.token, new RegExp(`^${id}\\.${Date.parse('2026-11-27T16:00:00Z') / 1000}\\.`));
  let times = await freeTimes(context, '2026-11-27');
  assert.ok(times.includes('10:15:00') && !times.includes('10:45:00'), times.join());
  const knex = context.app.server.database.knex;
  assert.is((await knex('public_lock_holders').where({ token: lockToken })).length, 0, 'the lock’s place is free');

  const nextLock = await lock(context, address, {
    laneId: laneOf('2026-11-30'),
    startTime: '09:00:00',
    endTime: '09:15:00',
  });
  const movedAgain = await call(context, address, '/public/appointment/reschedule', {
    token: moved.json.token,
    lockToken: nextLock,
    locale: 'fr',
  });
  assert.is(movedAgain.status, 200, movedAgain.text);
  assert.equal(
    [movedAgain.json.date, movedAgain.json.startTime, movedAgain.json.service.title],
    ['2026-11-30', '09:00:00', 'Service d’essai'],
  );
  times = await freeTimes(context, '2026-11-27');
  assert.ok(times.includes('10:45:00'), 'the time it left is free');
  assert.not.ok((await freeTimes(context, '2026-11-30')).includes('09:00:00'));
  const history = await historyOf(context, id);
  assert.equal(
    history.map((entry) => [entry.action, entry.updatedBy, entry.from, entry.to]),
    [
      ['created', 'Public', null, { date: '2026-11-27', startTime: '10:15:00' }],
      ['moved', 'Public', { date: '2026-11-27', startTime: '10:15:00' }, { date: '2026-11-27', startTime: '10:45:00' }],
      ['moved', 'Public', { date: '2026-11-27', startTime: '10:45:00' }, { date: '2026-11-30', startTime: '09:00:00' }],
    ],
  );
  const { events } = await context.app.server.store.readStream(`calendarDate-${context.clinicId}_2026-11-30`);
  const here = events.find((event) => event.type === 'AppointmentMovedHere')!;
  assert.equal([(here.data as { notifyClient?: boolean }).notifyClient, here.metadata.actor], [true, { public: true }]);
  const entries = await accessEntries(context, address);
  assert.equal(
    entries.filter((entry) => entry.action === 'public.reschedule').map((entry) => entry.details.outcome),
    ['rescheduled', 'rescheduled'],
  );
});

test('a booking remembers its service through moves and a rebuild; a staff booking falls back on one offering its calendar', async (context) => {
  const knex = context.app.server.database.knex;
  const serviceOf = async (id: number) =>
    (await knex('appointments').where({ id }).first<{ service_id: number | null }>('service_id')).service_id;
  const address = '203.0.113.12';
  const laneOf = (date: string) => context.lanes[context.clinicId]![date]!;
  const { token, id } = await bookAndOpen(context, address, {
    laneId: laneOf('2026-11-30'),
    startTime: '10:45:00',
    endTime: '11:00:00',
  });
  assert.is(await serviceOf(id), context.serviceId);
  const lockToken = await lock(context, address, {
    laneId: laneOf('2026-11-27'),
    startTime: '10:30:00',
    endTime: '10:45:00',
  });
  const moved = await call(context, address, '/public/appointment/reschedule', { token, lockToken });
  assert.is(moved.status, 200, moved.text);
  assert.is(await serviceOf(id), context.serviceId, 'kept by a move to another date');

  const staffLock = await staff(context, 'POST', '/locks', {
    calendarDateLaneId: laneOf('2026-11-30'),
    startTime: '09:45:00',
    endTime: '10:00:00',
  });
  assert.is(staffLock.status, 201, staffLock.text);
  const booked = await staff(context, 'POST', '/appointments', {
    lockToken: staffLock.json.token,
    startTime: '09:45:00',
    endTime: '10:00:00',
    clientData: [{ firstName: 'Jean', lastName: 'Tremblay' }],
    email: '',
    language: 'en',
    phone: '613-555-0100',
    phoneReminderType: 0,
  });
  assert.is(booked.status, 201, booked.text);
  assert.is(await serviceOf(booked.json.id), null);
  const found = await lookup(context, address, booked.json.confirmationCode, 'tremblay');
  assert.is(found.status, 200, found.text);
  assert.equal([found.json.service.id, found.json.firstNames], [context.serviceId, ['Jean']]);

  await rebuildProjection(appointmentsProjection, { store: context.app.server.store, knex });
  assert.equal([await serviceOf(id), await serviceOf(booked.json.id)], [context.serviceId, null], 'after a rebuild');
});

test('past the cut-off: 409 SELF_SERVICE_CLOSED with the clinic’s phone, and nothing changes', async (context) => {
  const address = '203.0.113.7';
  const laneId = context.lanes[context.clinicId]!['2026-11-25']!;
  // Tomorrow 09:00 starts 24 hours from now: the cut-off is now.
  const { token, id, booking } = await bookAndOpen(context, address, {
    laneId,
    startTime: '09:00:00',
    endTime: '09:15:00',
  });
  assert.equal(booking.selfService, {
    canCancel: false,
    canReschedule: false,
    reason: 'CUTOFF_PASSED',
    cutoffHours: 24,
    cutoffAt: '2026-11-24T14:00:00.000Z',
  });
  const cancelled = await call(context, address, '/public/appointment/cancel', { token });
  assert.equal([cancelled.status, cancelled.json.error], [409, 'SELF_SERVICE_CLOSED']);
  assert.ok(cancelled.json.detail.includes(context.location.phone), cancelled.json.detail);
  const lockToken = await lock(context, address, { laneId, startTime: '10:00:00', endTime: '10:15:00' });
  const moved = await call(context, address, '/public/appointment/reschedule', { token, lockToken });
  assert.equal([moved.status, moved.json.error], [409, 'SELF_SERVICE_CLOSED']);
  const still = await staff(context, 'GET', `/appointments/${id}`);
  assert.equal([still.status, still.json.date, still.json.startTime], [200, '2026-11-25', '09:00:00']);
  assert.equal(
    (await historyOf(context, id)).map((entry) => entry.action),
    ['created'],
  );
});

test('self-service switched off for the service: 409 SELF_SERVICE_CLOSED', async (context) => {
  const address = '203.0.113.8';
  const laneId = context.lanes[context.offlineId]!['2026-11-27']!;
  const { token, booking } = await bookAndOpen(context, address, {
    serviceId: context.offlineServiceId,
    laneId,
    startTime: '09:00:00',
    endTime: '09:15:00',
  });
  assert.equal(
    [booking.service.id, booking.selfService.canCancel, booking.selfService.reason],
    [context.offlineServiceId, false, 'SELF_SERVICE_OFF'],
  );
  const cancelled = await call(context, address, '/public/appointment/cancel', { token });
  assert.equal([cancelled.status, cancelled.json.error], [409, 'SELF_SERVICE_CLOSED']);
  const lockToken = await lock(context, address, {
    serviceId: context.offlineServiceId,
    laneId,
    startTime: '10:00:00',
    endTime: '10:15:00',
  });
  const moved = await call(context, address, '/public/appointment/reschedule', { token, lockToken });
  assert.equal([moved.status, moved.json.error], [409, 'SELF_SERVICE_CLOSED']);
});

test('a course registration: its sessions shown, not rescheduled online, cancelled with its spots freed', async (context) => {
  const address = '203.0.113.9';
  const sessions = async () =>
    (
      await call(
        context,
        '192.0.2.251',
        `/public/services/${context.serviceId}/calendar/${context.courseId}/sessions?spots=1`,
      )
    ).json.items as { id: number; time: string; endTime: string; spots: number }[];
  const [session] = await sessions();
  const slot = { laneId: session!.id, startTime: session!.time, endTime: session!.endTime, spots: 2 };
  const { token, id, booking } = await bookAndOpen(context, address, slot);
  assert.is((await sessions())[0]!.spots, 8);
  assert.equal(
    [booking.groupSession, booking.date, booking.startTime, booking.endTime, booking.duration, booking.sessions],
    [
      true,
      '2026-12-02',
      '18:00:00',
      '20:00:00',
      7200,
      [
        { date: '2026-12-02', startTime: '18:00:00', endTime: '20:00:00' },
        { date: '2026-12-09', startTime: '18:00:00', endTime: '20:00:00' },
      ],
    ],
  );
  assert.equal(
    [booking.selfService.canCancel, booking.selfService.canReschedule, booking.selfService.reason],
    [true, false, 'GROUP_SESSION'],
  );
  assert.match(
    booking.token,
    new RegExp(`^${id}\\.${Date.parse('2026-12-10T01:00:00Z') / 1000}\\.`),
    'lapses after the last',
  );
  const lockToken = await lock(context, address, {
    laneId: context.lanes[context.clinicId]!['2026-11-30']!,
    startTime: '10:00:00',
    endTime: '10:15:00',
  });
  const moved = await call(context, address, '/public/appointment/reschedule', { token, lockToken });
  assert.equal([moved.status, moved.json.error], [409, 'RESCHEDULE_NOT_OFFERED']);
  const cancelled = await call(context, address, '/public/appointment/cancel', { token });
  assert.is(cancelled.status, 200, cancelled.text);
  assert.is((await sessions())[0]!.spots, 10, 'its spots are free again');
  const { events } = await context.app.server.store.readStream(
    `groupSessionSeries-${(await staff(context, 'GET', `/calendars/${context.courseId}/group-session-series`)).json.items[0].id}`,
  );
  const unregistered = events.find((event) => event.type === 'ClientUnregistered')!;
  assert.equal(
    [(unregistered.data as { notifyClient?: boolean }).notifyClient, unregistered.metadata.actor],
    [true, { public: true }],
  );
  assert.equal(
    (await historyOf(context, id)).map((entry) => [entry.action, entry.updatedBy]),
    [
      ['registered', 'Public'],
      ['unregistered', 'Public'],
    ],
  );
});

test('a lock of another length or on another calendar: 400 RESCHEDULE_SLOT_MISMATCH, nothing changed', async (context) => {
  const address = '203.0.113.10';
  const laneId = context.lanes[context.clinicId]!['2026-11-30']!;
  const { token, id } = await bookAndOpen(context, address, { laneId, startTime: '09:30:00', endTime: '09:45:00' });
  const longer = await lock(context, address, { laneId, startTime: '10:15:00', endTime: '10:45:00' });
  const refused = await call(context, address, '/public/appointment/reschedule', { token, lockToken: longer });
  assert.equal(
    [refused.status, refused.json.error, refused.json.issues?.[0]?.path],
    [400, 'RESCHEDULE_SLOT_MISMATCH', ['lockToken']],
  );
  const elsewhere = await lock(context, address, {
    serviceId: context.offlineServiceId,
    laneId: context.lanes[context.offlineId]!['2026-11-27']!,
    startTime: '10:30:00',
    endTime: '10:45:00',
  });
  const other = await call(context, address, '/public/appointment/reschedule', { token, lockToken: elsewhere });
  assert.equal([other.status, other.json.error], [400, 'RESCHEDULE_SLOT_MISMATCH']);
  const unknown = await call(context, address, '/public/appointment/reschedule', {
    token,
    lockToken: `${laneId}.${'x'.repeat(32)}`,
  });
  assert.equal([unknown.status, unknown.json.error], [409, 'LOCK_NOT_FOUND']);
  const still = await staff(context, 'GET', `/appointments/${id}`);
  assert.equal([still.json.date, still.json.startTime], ['2026-11-30', '09:30:00']);
});

test('missing or malformed fields are a 400 naming the field', async (context) => {
  const address = '203.0.113.11';
  const cases: [string, unknown, (string | number)[]][] = [
    ['/public/appointment-lookup', { confirmationCode: 'ABCDEFGHJK' }, ['lastName']],
    ['/public/appointment-lookup', { confirmationCode: '', lastName: 'Côté' }, ['confirmationCode']],
    ['/public/appointment-lookup', { confirmationCode: 'ABCDEFGHJK', lastName: 'Côté', locale: 'de' }, ['locale']],
    ['/public/appointment', { token: 42 }, ['token']],
    ['/public/appointment', {}, ['token']],
    ['/public/appointment/cancel', { token: 'short' }, ['token']],
    ['/public/appointment/reschedule', { token: '1.2.abcdefghijklmnopqrstuvwxyz012345' }, ['lockToken']],
  ];
  for (const [path, body, field] of cases) {
    const answer = await call(context, address, path, body);
    assert.equal(
      [answer.status, answer.json.error, answer.json.issues?.[0]?.path],
      [400, 'VALIDATION_FAILED', field],
      path,
    );
  }
  const extra = await call(context, address, '/public/appointment', { token: 'a'.repeat(20), lastName: 'Côté' });
  assert.is(extra.status, 400);
});

test.run();
