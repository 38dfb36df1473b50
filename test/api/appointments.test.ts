import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { appointmentsProjection } from '../../projections/appointments/projection';
import { rebuildProjection } from '../../projections/runner/rebuild';
import { startTestApp, type TestApp } from '../support/app';
import { assertCalendarDatesRebuildSame } from '../support/calendar-dates-rebuild';
import { request } from '../support/http';
import { bearer, createUser, signIn, STRONG_PASSWORD } from '../support/identity';

/**
 * Issue 6, items 1, 4 and 6: staff book under their lock, open, edit with the version they loaded, move within a
 * date and to another date, delete, and read the history; per-calendar access for Basic Users; unregistering a
 * course registration. Today is Tuesday 2026-11-24 in Toronto.
 */
interface Context {
  app: TestApp;
  root: Record<string, string>;
  nurse: Record<string, string>;
  stranger: Record<string, string>;
  calendarId: number;
  lanes: Record<string, number[]>;
}

let clock = new Date('2026-11-24T14:00:00Z');
const test = suite<Context>('api: staff appointments');
const lane = {
  name: 'Nurse',
  startTime: '09:00:00',
  endTime: '11:00:00',
  durations: [{ value: 900, isDefault: true }, { value: 1800 }],
  slotInterval: 900,
};
const fields = [
  { name: 'firstName', required: true },
  { name: 'lastName', required: true },
  { name: 'dateOfBirth', required: false },
  { name: 'codes', required: false, category: 'All', options: ['C19', 'FLU'] },
  { name: 'attendance', required: false },
  { name: 'room', required: false },
];
const details = (changes: Record<string, unknown> = {}) => ({
  clientData: [
    { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '2020-05-01', codes: ['FLU'] },
    { firstName: 'Byron', lastName: 'Lovelace' },
  ],
  email: '',
  language: 'en',
  phone: '613-555-0100',
  phoneReminderType: 1,
  ...changes,
});

const call = (context: Context, as: Record<string, string>, method: string, path: string, body?: unknown) =>
  request(context.app.baseUrl, method, `/api${path}`, body, as);
const lock = (context: Context, as: Record<string, string>, laneId: number, startTime: string, endTime: string) =>
  call(context, as, 'POST', '/locks', { calendarDateLaneId: laneId, startTime, endTime });
const slotsOf = async (context: Context, date: string, laneIndex = 0) =>
  (await call(context, context.root, 'GET', `/calendars/${context.calendarId}/dates/${date}?timeslots=1`)).json.lanes[
    laneIndex
  ].timeslots as {
    time: string;
    label: string;
    appointmentId: number | null;
    clients: { name: string; attendance: string | null; room: string | null }[];
    phone: string | null;
    history: { action: string }[];
  }[];

async function book(
  context: Context,
  date: string,
  startTime: string,
  endTime: string,
  as = context.root,
  changes: Record<string, unknown> = {},
) {
  const held = await lock(context, as, context.lanes[date]![0]!, startTime, addMinutes(startTime, 15));
  assert.is(held.status, 201, held.text);
  const booked = await call(context, as, 'POST', '/appointments', {
    lockToken: held.json.token,
    startTime,
    endTime,
    ...details(changes),
  });
  assert.is(booked.status, 201, booked.text);
  return booked.json;
}

function addMinutes(time: string, minutes: number) {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = h * 60 + m + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}:00`;
}

test.before(async (context) => {
  context.app = await startTestApp({ now: () => clock });
  const rootToken = await signIn(context.app.baseUrl, context.app.seedAdmin.email, context.app.seedAdmin.password);
  context.root = bearer(rootToken);
  const locationId = (await call(context, context.root, 'GET', '/locations')).json.items[0].id;
  const categoryId = (await call(context, context.root, 'GET', '/categories')).json.items[0].id;
  const calendar = await call(context, context.root, 'POST', '/calendars', {
    name: 'Staff clinic',
    enabled: true,
    locationId,
    categoryId,
    allowMultipleClients: true,
    lanes: [lane, { ...lane, name: 'Nurse 2' }],
    fields,
  });
  assert.is(calendar.status, 201, calendar.text);
  context.calendarId = calendar.json.id;
  const added = await call(context, context.root, 'POST', `/batch/calendars/${context.calendarId}/dates`, {
    dates: ['2026-11-24', '2026-11-25', '2026-11-26'],
    lanes: [lane, { ...lane, name: 'Nurse 2' }],
  });
  assert.is(added.status, 201, added.text);
  context.lanes = Object.fromEntries(
    added.json.items.map((item: { date: string; lanes: { id: number }[] }) => [item.date, item.lanes.map((l) => l.id)]),
  );
  for (const [email, calendarIds] of [
    ['nurse@example.com', [context.calendarId]],
    ['stranger@example.com', []],
  ] as const) {
    const id = await createUser(context.app.baseUrl, rootToken, {
      email,
      roles: ['ROLE_USER'],
      password: STRONG_PASSWORD,
    });
    if (calendarIds.length)
      await call(context, context.root, 'PUT', `/calendars/${context.calendarId}/users`, { userIds: [id] });
  }
  context.nurse = bearer(await signIn(context.app.baseUrl, 'nurse@example.com', STRONG_PASSWORD));
  context.stranger = bearer(await signIn(context.app.baseUrl, 'stranger@example.com', STRONG_PASSWORD));
});
test.after(async (context) => {
  await context.app?.stop();
});

test('a Basic User with access books two clients for the length chosen; the slots show them', async (context) => {
  const booked = await book(context, '2026-11-25', '09:00:00', '09:30:00', context.nurse);
  assert.equal(
    [booked.date, booked.startTime, booked.endTime, booked.duration, booked.version],
    ['2026-11-25', '09:00:00', '09:30:00', 1800, 1],
  );
  assert.equal(
    booked.clientData.map((client: { firstName: string }) => client.firstName),
    ['Ada', 'Byron'],
  );
  assert.equal(booked.clientData[0].codes, ['FLU']);
  const slots = await slotsOf(context, '2026-11-25');
  assert.equal(
    slots.slice(0, 3).map((slot) => slot.label),
    ['Booked', 'Booked', 'Available'],
  );
  assert.equal(
    slots[0]!.clients.map((client) => client.name),
    ['Ada Lovelace', 'Byron Lovelace'],
  );
  assert.is(slots[0]!.phone, '613-555-0100');
  assert.equal(
    slots[0]!.history.map((entry) => entry.action),
    ['created'],
  );
});

test('an edit saves with the version loaded; a stale save is a 409 and changes nothing', async (context) => {
  const booked = await book(context, '2026-11-25', '10:00:00', '10:15:00');
  const loaded = (await call(context, context.nurse, 'GET', `/appointments/${booked.id}`)).json;
  const place = {
    version: loaded.version,
    date: loaded.date,
    calendarDateLaneId: loaded.calendarDateLaneId,
    startTime: loaded.startTime,
    endTime: loaded.endTime,
  };
  const grouped = details({
    clientData: loaded.clientData.map((client: Record<string, unknown>) => ({
      ...client,
      attendance: 'arrived',
      room: 'B12',
    })),
  });
  const saved = await call(context, context.nurse, 'PUT', `/appointments/${booked.id}`, { ...grouped, ...place });
  assert.is(saved.status, 200, saved.text);
  assert.is(saved.json.version, 2);
  assert.equal(
    saved.json.clientData.map((client: { attendance: string; room: string }) => [client.attendance, client.room]),
    [
      ['arrived', 'B12'],
      ['arrived', 'B12'],
    ],
  );
  const stale = await call(context, context.root, 'PUT', `/appointments/${booked.id}`, {
    ...details({ phone: '613-555-0199' }),
    ...place,
  });
  assert.equal([stale.status, stale.json.error], [409, 'VERSION_CONFLICT']);
  assert.is(
    (await call(context, context.root, 'GET', `/appointments/${booked.id}`)).json.phone,
    '613-555-0100',
    'the first save stands',
  );
  const history = (await call(context, context.root, 'GET', `/appointments/${booked.id}/history`)).json.items;
  assert.equal(
    history.map((entry: { action: string }) => entry.action),
    ['created', 'updated'],
  );
  assert.equal(history[1].changes, ['clientData.attendance', 'clientData.room']);
  assert.is(history[1].updatedBy, 'Test User', 'who, by name (§3 History entry)');
  assert.equal(Object.keys(history[1]).slice(0, 3), ['updatedBy', 'updatedAt', 'action'], 'the §3 names');
  assert.ok(Date.parse(history[1].updatedAt) >= Date.parse(history[0].updatedAt), 'when');
});

test('Edit holds the appointment: a second editor is refused until the first closes the form', async (context) => {
  const booked = await book(context, '2026-11-26', '09:45:00', '10:00:00');
  const hold = (as: Record<string, string>) =>
    call(context, as, 'POST', '/locks', {
      calendarDateLaneId: booked.calendarDateLaneId,
      startTime: booked.startTime,
      endTime: booked.endTime,
      appointmentId: booked.id,
    });
  const first = await hold(context.nurse);
  assert.is(first.status, 201, first.text);
  const second = await hold(context.root);
  assert.equal([second.status, second.json.error], [409, 'APPOINTMENT_BEING_EDITED']);
  assert.is((await slotsOf(context, '2026-11-26'))[3]!.label, 'Booked', 'the slot still shows its appointment');
  assert.is((await call(context, context.nurse, 'DELETE', `/public/locks/${first.json.token}`)).json.released, true);
  assert.is((await hold(context.root)).status, 201, 'free to edit once the form is closed');
  assert.is((await hold(context.stranger)).status, 403);
});

test('a move to another slot of the date, then to another date, frees the old slot and keeps the history', async (context) => {
  const booked = await book(context, '2026-11-25', '09:45:00', '10:00:00');
  const [, secondLane] = context.lanes['2026-11-25']!;
  const target = await lock(context, context.root, secondLane!, '09:00:00', '09:15:00');
  const moved = await call(context, context.root, 'PUT', `/appointments/${booked.id}`, {
    ...details(),
    version: 1,
    date: '2026-11-25',
    calendarDateLaneId: secondLane,
    startTime: '09:00:00',
    endTime: '09:15:00',
    lockToken: target.json.token,
  });
  assert.is(moved.status, 200, moved.text);
  assert.equal((await slotsOf(context, '2026-11-25'))[3]!.label, 'Available');
  assert.equal(
    (await slotsOf(context, '2026-11-25', 1))[0]!.label,
    'Booked',
    'on the other lane now, the lock used up',
  );

  const [otherLane] = context.lanes['2026-11-26']!;
  const away = await lock(context, context.root, otherLane!, '10:30:00', '10:45:00');
  const carried = await call(context, context.root, 'PUT', `/appointments/${booked.id}`, {
    ...details(),
    version: 2,
    date: '2026-11-26',
    calendarDateLaneId: otherLane,
    startTime: '10:30:00',
    endTime: '11:00:00',
    lockToken: away.json.token,
  });
  assert.is(carried.status, 200, carried.text);
  assert.equal(
    [carried.json.date, carried.json.startTime, carried.json.duration, carried.json.version],
    ['2026-11-26', '10:30:00', 1800, 3],
  );
  assert.is((await slotsOf(context, '2026-11-25', 1))[0]!.label, 'Available');
  assert.equal(
    (await slotsOf(context, '2026-11-26')).slice(6, 8).map((slot) => slot.label),
    ['Booked', 'Booked'],
  );
  const history = (await call(context, context.root, 'GET', `/appointments/${booked.id}/history`)).json.items;
  assert.equal(
    history.map((entry: { action: string }) => entry.action),
    ['created', 'moved', 'moved'],
  );
  assert.equal(
    [history[2].from, history[2].to],
    [
      { date: '2026-11-25', startTime: '09:00:00' },
      { date: '2026-11-26', startTime: '10:30:00' },
    ],
  );
});

test('a copy records where it was copied from', async (context) => {
  const source = await book(context, '2026-11-25', '10:30:00', '10:45:00');
  const laneId = context.lanes['2026-11-25']![1]!;
  const held = await lock(context, context.nurse, laneId, '10:00:00', '10:15:00');
  const copy = await call(context, context.nurse, 'POST', '/appointments', {
    lockToken: held.json.token,
    startTime: '10:00:00',
    endTime: '10:15:00',
    copiedFrom: source.id,
    ...details(),
  });
  assert.is(copy.status, 201, copy.text);
  const [entry] = (await call(context, context.root, 'GET', `/appointments/${copy.json.id}/history`)).json.items;
  assert.equal(
    [entry.action, entry.from, entry.to],
    ['copied', { date: '2026-11-25', startTime: '10:30:00' }, { date: '2026-11-25', startTime: '10:00:00' }],
  );
  const unknown = await call(context, context.nurse, 'POST', '/appointments', {
    lockToken: held.json.token,
    startTime: '10:00:00',
    endTime: '10:15:00',
    copiedFrom: 999_999,
    ...details(),
  });
  assert.equal([unknown.status, unknown.json.error], [404, 'APPOINTMENT_NOT_FOUND']);
});

test('a move onto a taken slot is refused and the appointment stays', async (context) => {
  const first = await book(context, '2026-11-26', '09:00:00', '09:15:00');
  const second = await book(context, '2026-11-26', '09:15:00', '09:30:00');
  const onto = await call(context, context.root, 'PUT', `/appointments/${second.id}`, {
    ...details(),
    version: 1,
    date: '2026-11-26',
    calendarDateLaneId: first.calendarDateLaneId,
    startTime: '09:00:00',
    endTime: '09:15:00',
  });
  assert.equal([onto.status, onto.json.error], [409, 'SLOT_UNAVAILABLE']);
  assert.is((await call(context, context.root, 'GET', `/appointments/${second.id}`)).json.startTime, '09:15:00');
});

test('delete frees the slot; the history says so; a past date keeps its appointments', async (context) => {
  const booked = await book(context, '2026-11-24', '10:00:00', '10:15:00');
  const deleted = await call(context, context.nurse, 'DELETE', `/appointments/${booked.id}`);
  assert.equal([deleted.status, deleted.json], [200, { deleted: true }]);
  assert.is((await call(context, context.root, 'GET', `/appointments/${booked.id}`)).status, 404);
  assert.is((await slotsOf(context, '2026-11-24'))[4]!.label, 'Available');
  const history = (await call(context, context.root, 'GET', `/appointments/${booked.id}/history`)).json.items;
  assert.equal(
    history.map((entry: { action: string }) => entry.action),
    ['created', 'cancelled'],
  );
});

test('per-calendar access: a Basic User without the calendar gets 403; history is for administrators', async (context) => {
  const booked = await book(context, '2026-11-26', '10:00:00', '10:15:00');
  const laneId = context.lanes['2026-11-26']![1]!;
  assert.is((await lock(context, context.stranger, laneId, '10:00:00', '10:15:00')).status, 403);
  assert.is((await call(context, context.stranger, 'GET', `/appointments/${booked.id}`)).status, 403);
  assert.is((await call(context, context.stranger, 'DELETE', `/appointments/${booked.id}`)).status, 403);
  assert.is((await call(context, context.nurse, 'GET', `/appointments/${booked.id}/history`)).status, 403);
  assert.is((await call(context, context.nurse, 'GET', `/appointments/${booked.id}`)).status, 200);
});

test('the form rules of §5: codes of the calendar, date of birth, reminder phone, client ids; a 400 names the field', async (context) => {
  const laneId = context.lanes['2026-11-26']![1]!;
  const held = await lock(context, context.root, laneId, '10:30:00', '10:45:00');
  for (const [changes, field] of [
    [{ clientData: [{ firstName: 'A', lastName: 'B', codes: ['HPV'] }] }, 'codes'],
    [{ clientData: [{ firstName: 'A', lastName: 'B', dateOfBirth: '2027-02-01' }] }, 'dateOfBirth'],
    [{ clientData: [{ firstName: 'A', lastName: 'B', clientId: '12345' }] }, 'clientId'],
    [{ clientData: [{ firstName: 'A', lastName: 'B', room: 'ROOM-101' }] }, 'room'],
    [{ phoneReminderType: 5 }, 'phoneReminderCustom'],
    [{ sendReminderEmail: true }, 'email'],
    [{ clientData: [] }, 'clientData'],
  ] as const) {
    const refused = await call(context, context.root, 'POST', '/appointments', {
      lockToken: held.json.token,
      startTime: '10:30:00',
      endTime: '10:45:00',
      ...details(changes),
    });
    assert.is(refused.status, 400, `${field}: ${refused.text}`);
    assert.ok(JSON.stringify(refused.json.issues).includes(field), `${field}: ${JSON.stringify(refused.json.issues)}`);
  }
  const latest = await call(context, context.root, 'POST', '/appointments', {
    lockToken: held.json.token,
    startTime: '10:30:00',
    endTime: '10:45:00',
    ...details({ clientData: [{ firstName: 'A', lastName: 'B', dateOfBirth: '2027-01-31' }] }),
  });
  assert.is(latest.status, 201, 'January 31 of next year is the latest date of birth');
});

test('every §3 Appointment field on POST and PUT: lane and start must be the lock’s, duration (seconds) its length (issue 14)', async (context) => {
  const [otherLane, laneId] = context.lanes['2026-11-26']!;
  const held = await lock(context, context.root, laneId!, '09:00:00', '09:15:00');
  assert.is(held.status, 201, held.text);
  const body = (changes: Record<string, unknown> = {}) => ({
    lockToken: held.json.token,
    startTime: '09:00:00',
    endTime: '09:30:00',
    ...details(),
    ...changes,
  });
  for (const [changes, what] of [
    [{ calendarDateLaneId: otherLane }, 'another lane'],
    [{ startTime: '09:15:00', endTime: '09:45:00' }, 'another start'],
  ] as const) {
    const refused = await call(context, context.root, 'POST', '/appointments', body(changes));
    assert.equal([refused.status, refused.json.error], [409, 'SLOT_UNAVAILABLE'], `${what}: ${refused.text}`);
  }
  for (const [changes, field] of [
    [{ duration: 900 }, 'duration'],
    [{ multipleClients: false }, 'multipleClients'],
  ] as const) {
    const refused = await call(context, context.root, 'POST', '/appointments', body(changes));
    assert.equal([refused.status, refused.json.issues?.[0]?.path], [400, [field]], `${field}: ${refused.text}`);
  }
  const full = {
    id: null,
    calendarDateLaneId: laneId,
    duration: 1800,
    multipleClients: true,
    agreeValidInfo: true,
    agreePhone: false,
    spots: 1,
  };
  const booked = await call(context, context.root, 'POST', '/appointments', body(full));
  assert.is(booked.status, 201, booked.text);
  assert.equal(
    [booked.json.calendarDateLaneId, booked.json.startTime, booked.json.endTime, booked.json.duration],
    [laneId, '09:00:00', '09:30:00', 1800],
  );
  const stored = async () =>
    (await context.app.server.database.knex('appointments').where({ id: booked.json.id }).first()).appointment;
  assert.equal(
    [(await stored()).agreeValidInfo, (await stored()).agreePhone],
    [true, false],
    'the consents sent are kept',
  );

  const path = `/appointments/${booked.json.id}`;
  const loaded = (await call(context, context.root, 'GET', path)).json;
  const contradicting = await call(context, context.root, 'PUT', path, { ...loaded, duration: 900 });
  assert.equal([contradicting.status, contradicting.json.issues?.[0]?.path], [400, ['duration']], contradicting.text);
  const saved = await call(context, context.root, 'PUT', path, {
    ...loaded,
    multipleClients: true,
    agreeValidInfo: true,
    phone: '613-555-0177',
  });
  assert.is(saved.status, 200, saved.text);
  assert.is((await stored()).agreePhone, false, 'a change without the consents keeps them');
  const history = (await call(context, context.root, 'GET', `${path}/history`)).json.items;
  assert.equal(history[1].changes, ['phone']);
});

test('unregistering a course registration frees its spots at once; a second time is a 404', async (context) => {
  const services = (await call(context, {}, 'GET', '/public/services')).json.items;
  const prenatal = services.find((service: { title: string }) => service.title === 'Prenatal Classes');
  const course = (await call(context, {}, 'GET', `/public/services/${prenatal.id}`)).json.calendars[0];
  const [session] = (
    await call(context, {}, 'GET', `/public/services/${prenatal.id}/calendar/${course.id}/sessions?spots=1`)
  ).json.items;
  const held = await call(context, {}, 'POST', '/public/locks', {
    calendarDateLaneId: session.id,
    startTime: session.time,
    endTime: session.endTime,
    spots: 2,
    serviceId: prenatal.id,
  });
  const payload = (changes: Record<string, unknown>) => ({
    lockToken: held.json.token,
    serviceId: prenatal.id,
    clientData: [{ firstName: 'Chloé', lastName: 'Roy' }],
    email: 'chloe@example.com',
    language: 'fr',
    phone: '613-555-0142',
    phoneReminderType: 0,
    spots: 2,
    ...changes,
  });
  // Issue 14: the §3 payload names the session's lane (its id), time and duration; a hold takes spots, not a time.
  const elsewhere = await call(
    context,
    {},
    'POST',
    '/public/appointments',
    payload({ calendarDateLaneId: session.id + 1 }),
  );
  assert.equal([elsewhere.status, elsewhere.json.error], [409, 'SLOT_UNAVAILABLE'], 'another lane than the hold’s');
  const registered = await call(
    context,
    {},
    'POST',
    '/public/appointments',
    payload({
      calendarDateLaneId: session.id,
      startTime: session.time,
      endTime: session.endTime,
      duration: session.duration,
    }),
  );
  assert.is(registered.status, 201, registered.text);
  const series = (await call(context, context.root, 'GET', `/calendars/${course.id}/group-session-series`)).json
    .items[0];
  const list = await call(
    context,
    context.root,
    'GET',
    `/calendars/${course.id}/group-session-series/${series.id}/registrations`,
  );
  assert.is(list.status, 200, list.text);
  const [registration] = list.json.items;
  assert.equal(
    [registration.clients, registration.phone, registration.email, registration.spots],
    [[{ firstName: 'Chloé', lastName: 'Roy' }], '613-555-0142', 'chloe@example.com', 2],
  );
  assert.is(
    (
      await call(
        context,
        context.nurse,
        'DELETE',
        `/calendars/${course.id}/group-session-series/${series.id}/registrations/${registration.appointmentId}`,
      )
    ).status,
    403,
  );
  const gone = await call(
    context,
    context.root,
    'DELETE',
    `/calendars/${course.id}/group-session-series/${series.id}/registrations/${registration.appointmentId}`,
  );
  assert.equal([gone.status, gone.json], [200, { unregistered: true }]);
  const after = (await call(context, context.root, 'GET', `/calendars/${course.id}/group-session-series/${series.id}`))
    .json;
  assert.equal(
    [after.spotsAvailable, after.registrationCount],
    [series.spotsAvailable + 2, series.registrationCount - 1],
  );
  assert.is(
    (await call(context, {}, 'GET', `/public/services/${prenatal.id}/calendar/${course.id}/sessions?spots=1`)).json
      .items[0].spots,
    session.spots,
    'free on the public side',
  );
  const again = await call(
    context,
    context.root,
    'DELETE',
    `/calendars/${course.id}/group-session-series/${series.id}/registrations/${registration.appointmentId}`,
  );
  assert.equal([again.status, again.json.error], [404, 'REGISTRATION_NOT_FOUND']);
  const history = (await call(context, context.root, 'GET', `/appointments/${registration.appointmentId}/history`)).json
    .items;
  assert.equal(
    history.map((entry: { action: string; updatedBy: string }) => [entry.action, entry.updatedBy]),
    [
      ['registered', 'Public'],
      ['unregistered', 'System Administrator'],
    ],
  );
});

test('a past date keeps its appointments, whose attendance can still be marked', async (context) => {
  const kept = await book(context, '2026-11-24', '10:30:00', '10:45:00');
  clock = new Date('2026-11-25T14:00:00Z');
  const root = bearer(await signIn(context.app.baseUrl, context.app.seedAdmin.email, context.app.seedAdmin.password));
  const refused = await call(context, root, 'DELETE', `/appointments/${kept.id}`);
  assert.equal([refused.status, refused.json.error], [400, 'DATE_IN_PAST']);
  const attended = await call(context, root, 'PUT', `/appointments/${kept.id}`, {
    ...details({ clientData: [{ firstName: 'Ada', lastName: 'Lovelace', attendance: 'noshow' }] }),
    version: 1,
    date: '2026-11-24',
    calendarDateLaneId: kept.calendarDateLaneId,
    startTime: '10:30:00',
    endTime: '10:45:00',
  });
  assert.is(attended.status, 200, attended.text);
  const moved = await call(context, root, 'PUT', `/appointments/${kept.id}`, {
    ...details(),
    version: 2,
    date: '2026-11-24',
    calendarDateLaneId: kept.calendarDateLaneId,
    startTime: '10:45:00',
    endTime: '11:00:00',
  });
  assert.equal([moved.status, moved.json.error], [400, 'DATE_IN_PAST'], 'but not moved');
});

test('a rebuild of the appointments read model gives the same appointments and histories', async (context) => {
  const knex = context.app.server.database.knex;
  const snapshot = async () => ({
    appointments: await knex('appointments')
      .orderBy('id')
      .select('id', 'date', 'lane_id', 'start_time', 'end_time', 'version', 'appointment'),
    history: await knex('appointment_history')
      .orderBy(['appointment_id', 'commit_position', 'prepare_position'])
      .select('appointment_id', 'action', 'changes', 'from_place', 'to_place'),
  });
  const before = await snapshot();
  assert.ok(before.history.length >= 10);
  await rebuildProjection(appointmentsProjection, { store: context.app.server.store, knex });
  assert.equal(await snapshot(), before);
});

test('a rebuild of the calendar-dates read model, every event in one batch, gives the same dates', async (context) => {
  await assertCalendarDatesRebuildSame(context.app.server.store, context.app.server.database.knex);
});

test.run();
