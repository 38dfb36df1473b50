import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readModelLookups } from '../../api/read-model-lookups';
import { startTestApp, type TestApp } from '../support/app';
import { demoBooking } from '../support/demo-booking';
import { request } from '../support/http';
import { queriesMade } from '../support/queries-made';
import { bearer, caughtUp, signIn } from '../support/identity';
import { createPublicService } from '../support/public-service';

/**
 * Issue 5, item 3: locks and bookings decided on the calendar date's stream, so a slot is never sold twice, on a
 * clock the test moves. The date is Wednesday 2026-11-25, one lane 09:00-10:00 of 15-minute slots.
 */
interface Context {
  app: TestApp;
  root: string;
  calendarId: number;
  laneId: number;
  serviceId: number;
}

let clock = new Date('2026-11-22T15:00:00Z');
/** The public service offering the test calendar: every public lock and booking goes through it. */
let serviceOfTests = 0;
const test = suite<Context>('api: public locks and bookings');
const date = '2026-11-25';
const lane = {
  name: 'Nurse',
  startTime: '09:00:00',
  endTime: '10:00:00',
  durations: [{ value: 900, isDefault: true }, { value: 1800 }],
  slotInterval: 900,
};
const ada = { firstName: 'Ada', lastName: 'Lovelace', preferredName: '' };
const appointment = (lockToken: string, changes: Record<string, unknown> = {}) => ({
  ...demoBooking(lockToken, serviceOfTests, ada),
  ...changes,
});

const post = (context: Context, path: string, body: unknown) =>
  request(context.app.baseUrl, 'POST', `/api${path}`, body);
const lockSlot = (context: Context, startTime: string, endTime: string) =>
  post(context, '/public/locks', {
    calendarDateLaneId: context.laneId,
    startTime,
    endTime,
    serviceId: context.serviceId,
  });
const timeslots = async (context: Context) =>
  (
    await request(
      context.app.baseUrl,
      'GET',
      `/api/calendars/${context.calendarId}/dates/${date}?timeslots=1`,
      undefined,
      bearer(context.root),
    )
  ).json;

test.before(async (context) => {
  context.app = await startTestApp({ now: () => clock });
  context.root = await signIn(context.app.baseUrl, context.app.seedAdmin.email, context.app.seedAdmin.password);
  const admin = bearer(context.root);
  const locationId = (await request(context.app.baseUrl, 'GET', '/api/locations', undefined, admin)).json.items[0].id;
  const categoryId = (await request(context.app.baseUrl, 'GET', '/api/categories', undefined, admin)).json.items[0].id;
  const calendar = await request(
    context.app.baseUrl,
    'POST',
    '/api/calendars',
    { name: 'Booking test clinic', enabled: true, locationId, categoryId, lanes: [lane] },
    admin,
  );
  context.calendarId = calendar.json.id;
  const added = await request(
    context.app.baseUrl,
    'POST',
    `/api/batch/calendars/${context.calendarId}/dates`,
    { dates: [date], lanes: [lane] },
    admin,
  );
  context.laneId = added.json.items[0].lanes[0].id;
  context.serviceId = serviceOfTests = await createPublicService(context.app.baseUrl, admin, [context.calendarId]);
});
test.after(async (context) => {
  await context.app?.stop();
});

test('50 concurrent locks of one slot: exactly one token', async (context) => {
  const answers = await Promise.all(Array.from({ length: 50 }, () => lockSlot(context, '09:00:00', '09:15:00')));
  const won = answers.filter((answer) => answer.status === 201);
  assert.is(won.length, 1);
  assert.ok(
    answers.every((answer) => answer.status === 201 || answer.status === 409),
    JSON.stringify(answers.map((answer) => answer.status)),
  );
  assert.ok(
    answers
      .filter((answer) => answer.status === 409)
      .every((answer) => ['SLOT_UNAVAILABLE', 'CONCURRENCY_CONFLICT'].includes(answer.json.error)),
  );
  assert.is(
    won[0]!.json.expiresAt,
    new Date(clock.getTime() + 300_000).toISOString(),
    'held for the calendar’s lock time',
  );
  const slots = (await timeslots(context)).lanes[0].timeslots;
  assert.equal([slots[0].label, slots[0].token], ['Locked', won[0]!.json.token]);
});

test('50 concurrent bookings under one lock: exactly one 201 and 49 409', async (context) => {
  const lock = await lockSlot(context, '09:15:00', '09:45:00');
  assert.is(lock.status, 201);
  const answers = await Promise.all(
    Array.from({ length: 50 }, () => post(context, '/public/appointments', appointment(lock.json.token))),
  );
  assert.is(answers.filter((answer) => answer.status === 201).length, 1);
  assert.is(
    answers.filter((answer) => answer.status === 409).length,
    49,
    JSON.stringify(answers.filter((answer) => answer.status !== 409).map((answer) => [answer.status, answer.json])),
  );
  const booked = answers.find((answer) => answer.status === 201)!;
  assert.equal(Object.keys(booked.json), ['confirmationCode'], 'nothing personal echoed');
  assert.match(booked.json.confirmationCode, /^[A-HJKMNP-Z2-9]{10}$/);
  const date = await timeslots(context);
  assert.equal(
    date.lanes[0].timeslots.slice(1, 3).map((slot: { label: string }) => slot.label),
    ['Booked', 'Booked'],
  );
  assert.equal([date.appointmentCount, date.clientCount, date.bookedSlotCount], [1, 1, 2]);
});

test('a lapsed lock books while the slot is free; not once someone else has locked it', async (context) => {
  const mine = await lockSlot(context, '09:45:00', '10:00:00');
  clock = new Date(clock.getTime() + 301_000);
  const theirs = await lockSlot(context, '09:45:00', '10:00:00');
  assert.is(theirs.status, 201, 'the lapsed lock no longer holds the slot');
  const late = await post(context, '/public/appointments', appointment(mine.json.token));
  assert.is(late.status, 409);
  await request(context.app.baseUrl, 'DELETE', `/api/public/locks/${theirs.json.token}`);
  const first = (await timeslots(context)).lanes[0].timeslots[0];
  assert.is(first.label, 'Available', 'the first lock has lapsed too');
  const lapsed = await lockSlot(context, '09:00:00', '09:15:00');
  clock = new Date(clock.getTime() + 400_000);
  assert.is(
    (await post(context, '/public/appointments', appointment(lapsed.json.token))).status,
    201,
    'nobody took it meanwhile',
  );
});

test('releasing a lock frees the slot; an unknown token is already released', async (context) => {
  const admin = bearer(context.root);
  await request(
    context.app.baseUrl,
    'POST',
    `/api/batch/calendars/${context.calendarId}/dates`,
    { dates: ['2026-11-26'], lanes: [lane] },
    admin,
  );
  const laneId = (
    await request(context.app.baseUrl, 'GET', `/api/calendars/${context.calendarId}/dates/2026-11-26`, undefined, admin)
  ).json.lanes[0].id;
  const lock = await post(context, '/public/locks', {
    calendarDateLaneId: laneId,
    startTime: '09:00:00',
    endTime: '09:15:00',
    serviceId: context.serviceId,
  });
  const released = await request(context.app.baseUrl, 'DELETE', `/api/public/locks/${lock.json.token}`);
  assert.equal([released.status, released.json.released], [200, true]);
  assert.is(
    (
      await post(context, '/public/locks', {
        calendarDateLaneId: laneId,
        startTime: '09:00:00',
        endTime: '09:15:00',
        serviceId: context.serviceId,
      })
    ).status,
    201,
  );
  const unknown = await request(context.app.baseUrl, 'DELETE', '/api/public/locks/nonsense');
  assert.equal([unknown.status, unknown.json.released], [200, false]);
});

test('bad input is a 400 naming the field; unknown slots and lanes are unavailable', async (context) => {
  const lock = await post(context, '/public/locks', {
    calendarDateLaneId: context.laneId,
    startTime: '9:00',
    endTime: '09:15:00',
    serviceId: context.serviceId,
  });
  assert.is(lock.status, 400);
  assert.is(
    (
      await post(context, '/public/locks', {
        calendarDateLaneId: 999_999,
        startTime: '09:00:00',
        endTime: '09:15:00',
        serviceId: context.serviceId,
      })
    ).json.error,
    'SLOT_UNAVAILABLE',
  );
  for (const [changes, field] of [
    [{ phone: '555-0100' }, 'phone'],
    [{ phoneReminderType: 1 }, 'phoneReminderType'],
    [{ phoneReminderType: 6 }, 'phoneReminderCustom'],
    [{ email: '' }, 'email'],
    [{ clientData: [] }, 'clientData'],
    [{ clientData: [{ firstName: '', lastName: 'X' }] }, 'firstName'],
  ] as const) {
    const answer = await post(context, '/public/appointments', appointment('1.x', changes));
    assert.is(answer.status, 400, field);
    assert.ok(JSON.stringify(answer.json.issues).includes(field), `${field}: ${JSON.stringify(answer.json.issues)}`);
  }
  assert.is((await post(context, '/public/appointments', appointment('not-a-token'))).json.error, 'LOCK_NOT_FOUND');
});

test('lanes looked up at the same moment are found in one query, each on its own date or not at all', async (context) => {
  const { knex } = context.app.server.database;
  const lookups = readModelLookups(knex);
  const { answer: found, queries } = await queriesMade(knex, () =>
    Promise.all([context.laneId, 999_999, context.laneId].map((laneId) => lookups.dateOfLane(laneId))),
  );
  const onDate = { calendarId: context.calendarId, date, seriesId: null, calendarEnabled: true, lockTime: 300 };
  assert.equal(found, [onDate, undefined, onDate]);
  // Only the lookups' queries: the app's projectors and dispatchers may send theirs on the same pool meanwhile.
  const laneQueries = queries.filter((sql) => sql.includes('calendar_date_lanes'));
  assert.is(laneQueries.length, 1, queries.join('\n'));
});

test('a date with an appointment is never deleted; a move takes the appointment along', async (context) => {
  const admin = bearer(context.root);
  const refused = await request(
    context.app.baseUrl,
    'DELETE',
    `/api/batch/calendars/${context.calendarId}/dates`,
    { dates: [date] },
    admin,
  );
  assert.equal([refused.status, refused.json.error], [409, 'DATE_HAS_APPOINTMENTS']);
  const before = await timeslots(context);
  const moved = await request(
    context.app.baseUrl,
    'PUT',
    `/api/batch/calendars/${context.calendarId}/dates/patch`,
    { fromDates: [date], toDates: ['2026-11-30'] },
    admin,
  );
  assert.is(moved.status, 200);
  const after = (
    await request(
      context.app.baseUrl,
      'GET',
      `/api/calendars/${context.calendarId}/dates/2026-11-30?timeslots=1`,
      undefined,
      admin,
    )
  ).json;
  assert.equal([after.appointmentCount, after.bookedSlotCount], [before.appointmentCount, before.bookedSlotCount]);
  assert.equal(
    after.lanes[0].timeslots.map((slot: { label: string; appointmentId: number | null }) => [
      slot.label,
      slot.appointmentId,
    ]),
    before.lanes[0].timeslots.map((slot: { label: string; appointmentId: number | null }) => [
      slot.label,
      slot.appointmentId,
    ]),
  );
});

test('public locks and bookings go through a service that offers the calendar: none is a 400, another a 409', async (context) => {
  const admin = bearer(context.root);
  const locationId = (await request(context.app.baseUrl, 'GET', '/api/locations', undefined, admin)).json.items[0].id;
  const categoryId = (await request(context.app.baseUrl, 'GET', '/api/categories', undefined, admin)).json.items[0].id;
  const calendar = await request(
    context.app.baseUrl,
    'POST',
    '/api/calendars',
    { name: 'Clinic of another service', enabled: true, locationId, categoryId, lanes: [lane] },
    admin,
  );
  const added = await request(
    context.app.baseUrl,
    'POST',
    `/api/batch/calendars/${calendar.json.id}/dates`,
    { dates: ['2026-11-27'], lanes: [lane] },
    admin,
  );
  const slot = { calendarDateLaneId: added.json.items[0].lanes[0].id, startTime: '09:00:00', endTime: '09:15:00' };
  const namesServiceId = (answer: Awaited<ReturnType<typeof post>>) =>
    answer.json.issues.some((issue: { path: string[] }) => issue.path.includes('serviceId'));

  const withoutService = await post(context, '/public/locks', slot);
  assert.equal([withoutService.status, withoutService.json.error], [400, 'VALIDATION_FAILED']);
  assert.ok(namesServiceId(withoutService), JSON.stringify(withoutService.json));
  const elsewhere = await post(context, '/public/locks', { ...slot, serviceId: context.serviceId });
  assert.equal(
    [elsewhere.status, elsewhere.json.error],
    [409, 'SLOT_UNAVAILABLE'],
    'the test service does not offer this calendar',
  );

  const ownService = await createPublicService(context.app.baseUrl, admin, [calendar.json.id]);
  const lock = await post(context, '/public/locks', { ...slot, serviceId: ownService });
  assert.is(lock.status, 201, lock.text);
  const bookedWithout = await post(
    context,
    '/public/appointments',
    appointment(lock.json.token, { serviceId: undefined }),
  );
  assert.equal([bookedWithout.status, bookedWithout.json.error], [400, 'VALIDATION_FAILED']);
  assert.ok(namesServiceId(bookedWithout), JSON.stringify(bookedWithout.json));
  const bookedElsewhere = await post(
    context,
    '/public/appointments',
    appointment(lock.json.token, { serviceId: context.serviceId }),
  );
  assert.equal([bookedElsewhere.status, bookedElsewhere.json.error], [409, 'SLOT_UNAVAILABLE']);
  assert.is(
    (await post(context, '/public/appointments', appointment(lock.json.token, { serviceId: ownService }))).status,
    201,
  );
});

test('the §3 payload: lane, times and duration (seconds) next to the lock book it; any that is not the lock’s is a 409 (issue 14)', async (context) => {
  const admin = bearer(context.root);
  const added = await request(
    context.app.baseUrl,
    'POST',
    `/api/batch/calendars/${context.calendarId}/dates`,
    { dates: ['2026-11-28'], lanes: [lane] },
    admin,
  );
  const laneId = added.json.items[0].lanes[0].id;
  const lock = await post(context, '/public/locks', {
    calendarDateLaneId: laneId,
    startTime: '09:00:00',
    endTime: '09:30:00',
    serviceId: context.serviceId,
  });
  assert.is(lock.status, 201, lock.text);
  const place = { calendarDateLaneId: laneId, startTime: '09:00:00', endTime: '09:30:00', duration: 1800 };
  for (const changes of [
    { calendarDateLaneId: context.laneId },
    { startTime: '09:15:00' },
    { endTime: '09:15:00' },
    { duration: 900 },
  ]) {
    const refused = await post(context, '/public/appointments', appointment(lock.json.token, { ...place, ...changes }));
    assert.equal(
      [refused.status, refused.json.error],
      [409, 'SLOT_UNAVAILABLE'],
      `${JSON.stringify(changes)}: ${refused.text}`,
    );
  }
  const unknown = await post(
    context,
    '/public/appointments',
    appointment(lock.json.token, { ...place, colour: 'red' }),
  );
  assert.equal(
    [unknown.status, unknown.json.error],
    [400, 'VALIDATION_FAILED'],
    'a field of no §3 payload is still refused',
  );
  const twoClients = { clientData: [ada, { ...ada, firstName: 'Byron' }], multipleClients: false };
  const contradicting = await post(
    context,
    '/public/appointments',
    appointment(lock.json.token, { ...place, ...twoClients }),
  );
  assert.equal(
    [contradicting.status, contradicting.json.issues?.[0]?.path],
    [400, ['multipleClients']],
    contradicting.text,
  );
  const booked = await post(
    context,
    '/public/appointments',
    appointment(lock.json.token, { ...place, multipleClients: false }),
  );
  assert.is(booked.status, 201, booked.text);
  const slots = (
    await request(
      context.app.baseUrl,
      'GET',
      `/api/calendars/${context.calendarId}/dates/2026-11-28?timeslots=1`,
      undefined,
      admin,
    )
  ).json.lanes[0].timeslots;
  assert.equal(
    slots.slice(0, 3).map((slot: { label: string }) => slot.label),
    ['Booked', 'Booked', 'Available'],
  );
  // A public booking answers once public availability has it, not the appointments' read model read here.
  await caughtUp(context.app);
  const stored = await context.app.server.database.knex('appointments').where({ date: '2026-11-28' }).first();
  assert.equal(
    Object.keys(stored.appointment).filter((key) =>
      ['calendarDateLaneId', 'startTime', 'endTime', 'duration', 'multipleClients'].includes(key),
    ),
    [],
    'the place is the lock’s, not copied into the details',
  );
});

test('a disabled calendar takes no public lock', async (context) => {
  const admin = bearer(context.root);
  const {
    id: _id,
    createdAt: _c,
    updatedAt: _u,
    location: _l,
    category: _g,
    ...settings
  } = (await request(context.app.baseUrl, 'GET', `/api/calendars/${context.calendarId}`, undefined, admin)).json;
  await request(
    context.app.baseUrl,
    'PUT',
    `/api/calendars/${context.calendarId}`,
    { ...settings, enabled: false },
    admin,
  );
  const dates = (
    await request(
      context.app.baseUrl,
      'GET',
      `/api/calendars/${context.calendarId}/dates?startDate=2026-11-01&endDate=2026-12-31`,
      undefined,
      admin,
    )
  ).json.items;
  const laneId = dates.find((item: { date: string }) => item.date === '2026-11-26').lanes[0].id;
  assert.is(
    (
      await post(context, '/public/locks', {
        calendarDateLaneId: laneId,
        startTime: '09:30:00',
        endTime: '09:45:00',
        serviceId: context.serviceId,
      })
    ).json.error,
    'SLOT_UNAVAILABLE',
  );
});

test.run();
