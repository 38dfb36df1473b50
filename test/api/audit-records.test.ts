import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { scanAppointmentEvents } from '../../api/audit-records/record-events';
import { appointmentEvents } from '../../projections/audit-records/queries';
import { startTestApp, type TestApp } from '../support/app';
import { request } from '../support/http';
import { bearer, createUser, signIn, STRONG_PASSWORD } from '../support/identity';

/**
 * Issue 18, items 3 and 6: records as of a moment. An appointment created, moved, edited and deleted shows each state
 * at each moment; a record's versions and the difference between two; every kind of record; refusals.
 * The app's clock is moved before each step, so each step's events occur at a known moment (a few minutes apart:
 * sessions end after 30 idle minutes of that clock).
 */
interface Context {
  app: TestApp;
  root: Record<string, string>;
  auditor: Record<string, string>;
  admin: Record<string, string>;
  calendarId: number;
  lanes: Record<string, number[]>;
}

let clock = new Date('2026-11-24T14:00:00.000Z');
const test = suite<Context>('api: audit records as of a moment');
const lane = {
  name: 'Nurse',
  startTime: '09:00:00',
  endTime: '11:00:00',
  durations: [{ value: 900, isDefault: true }],
  slotInterval: 900,
};
const details = (changes: Record<string, unknown> = {}) => ({
  clientData: [{ firstName: 'Ada', lastName: 'Lovelace' }],
  email: '',
  language: 'en',
  phone: '613-555-0100',
  phoneReminderType: 1,
  ...changes,
});

const call = (context: Context, as: Record<string, string>, method: string, path: string, body?: unknown) =>
  request(context.app.baseUrl, method, `/api${path}`, body, as);
const audit = (context: Context, path: string, as = context.auditor) =>
  call(context, as, 'GET', `/audit/records/${path}`);

test.before(async (context) => {
  context.app = await startTestApp({ now: () => clock });
  const rootToken = await signIn(context.app.baseUrl, context.app.seedAdmin.email, context.app.seedAdmin.password);
  context.root = bearer(rootToken);
  const locationId = (await call(context, context.root, 'GET', '/locations')).json.items[0].id;
  const categoryId = (await call(context, context.root, 'GET', '/categories')).json.items[0].id;
  const calendar = await call(context, context.root, 'POST', '/calendars', {
    name: 'Audit clinic',
    enabled: true,
    locationId,
    categoryId,
    lanes: [lane],
  });
  assert.is(calendar.status, 201, calendar.text);
  context.calendarId = calendar.json.id;
  const added = await call(context, context.root, 'POST', `/batch/calendars/${context.calendarId}/dates`, {
    dates: ['2026-11-25', '2026-11-26'],
    lanes: [lane],
  });
  assert.is(added.status, 201, added.text);
  context.lanes = Object.fromEntries(
    added.json.items.map((item: { date: string; lanes: { id: number }[] }) => [item.date, item.lanes.map((l) => l.id)]),
  );
  for (const [email, role] of [
    ['auditor@example.com', 'ROLE_AUDITOR'],
    ['admin@example.com', 'ROLE_ADMIN'],
  ] as const)
    await createUser(context.app.baseUrl, rootToken, { email, roles: [role], password: STRONG_PASSWORD });
  context.auditor = bearer(await signIn(context.app.baseUrl, 'auditor@example.com', STRONG_PASSWORD));
  context.admin = bearer(await signIn(context.app.baseUrl, 'admin@example.com', STRONG_PASSWORD));
});
test.after(async (context) => {
  await context.app?.stop();
});

const at = (iso: string) => `?at=${encodeURIComponent(iso)}`;

test('an appointment created, moved, edited and deleted shows each state at each moment', async (context) => {
  const { root } = context;
  clock = new Date('2026-11-24T14:00:00.000Z');
  const held = await call(context, root, 'POST', '/locks', {
    calendarDateLaneId: context.lanes['2026-11-25']![0],
    startTime: '09:00:00',
    endTime: '09:15:00',
  });
  const booked = await call(context, root, 'POST', '/appointments', {
    lockToken: held.json.token,
    startTime: '09:00:00',
    endTime: '09:15:00',
    ...details(),
  });
  assert.is(booked.status, 201, booked.text);
  const id = booked.json.id as number;

  clock = new Date('2026-11-24T14:05:00.000Z');
  const [otherLane] = context.lanes['2026-11-26']!;
  const target = await call(context, root, 'POST', '/locks', {
    calendarDateLaneId: otherLane,
    startTime: '10:30:00',
    endTime: '10:45:00',
  });
  const moved = await call(context, root, 'PUT', `/appointments/${id}`, {
    ...details(),
    version: 1,
    date: '2026-11-26',
    calendarDateLaneId: otherLane,
    startTime: '10:30:00',
    endTime: '10:45:00',
    lockToken: target.json.token,
  });
  assert.is(moved.status, 200, moved.text);

  clock = new Date('2026-11-24T14:10:00.000Z');
  const edited = await call(context, root, 'PUT', `/appointments/${id}`, {
    ...details({ phone: '613-555-0199' }),
    version: 2,
    date: '2026-11-26',
    calendarDateLaneId: otherLane,
    startTime: '10:30:00',
    endTime: '10:45:00',
  });
  assert.is(edited.status, 200, edited.text);

  clock = new Date('2026-11-24T14:15:00.000Z');
  assert.is((await call(context, root, 'DELETE', `/appointments/${id}`)).status, 200);

  const asOf = async (moment: string) => {
    const answer = await audit(context, `appointment/${id}${at(moment)}`);
    assert.is(answer.status, 200, answer.text);
    return answer.json;
  };
  const before = await asOf('2026-11-24T13:59:59.999Z');
  assert.equal([before.version, before.state, before.deleted, before.versions], [0, null, false, 4], 'not yet booked');

  const created = await asOf('2026-11-24T14:02:00.000Z');
  assert.equal(
    [created.version, created.eventType, created.deleted, created.at],
    [1, 'AppointmentBooked', false, '2026-11-24T14:02:00.000Z'],
  );
  assert.equal(
    [created.state.status, created.state.date, created.state.startTime, created.state.appointment.phone],
    ['booked', '2026-11-25', '09:00:00', '613-555-0100'],
  );

  const afterMove = await asOf('2026-11-24T14:07:00.000Z');
  assert.equal(
    [afterMove.version, afterMove.eventType, afterMove.state.date, afterMove.state.startTime],
    [2, 'AppointmentMovedHere', '2026-11-26', '10:30:00'],
  );
  assert.is(afterMove.state.appointment.phone, '613-555-0100', 'not edited yet');

  const afterEdit = await asOf('2026-11-24T14:12:00.000Z');
  assert.equal(
    [
      afterEdit.version,
      afterEdit.eventType,
      afterEdit.state.appointment.phone,
      afterEdit.state.date,
      afterEdit.deleted,
    ],
    [3, 'AppointmentChanged', '613-555-0199', '2026-11-26', false],
  );

  const afterDelete = await asOf('2026-11-24T14:17:00.000Z');
  assert.equal(
    [afterDelete.version, afterDelete.eventType, afterDelete.state.status, afterDelete.deleted],
    [4, 'AppointmentCancelled', 'cancelled', true],
  );
  assert.is(afterDelete.state.appointment.phone, '613-555-0199', 'the last details are kept for the audit');

  // the moment of a History entry shows the state that entry made (the History's link to the audit)
  const history = (await call(context, root, 'GET', `/appointments/${id}/history`)).json.items;
  for (const [index, entry] of (history as { updatedAt: string }[]).entries())
    assert.is((await asOf(entry.updatedAt)).version, index + 1, `History entry ${index + 1}`);

  const versions = await audit(context, `appointment/${id}/versions`);
  assert.is(versions.status, 200, versions.text);
  assert.equal(
    versions.json.items.map((item: { version: number; eventType: string; occurredAt: string }) => [
      item.version,
      item.eventType,
      item.occurredAt,
    ]),
    [
      [1, 'AppointmentBooked', '2026-11-24T14:00:00.000Z'],
      [2, 'AppointmentMovedHere', '2026-11-24T14:05:00.000Z'],
      [3, 'AppointmentChanged', '2026-11-24T14:10:00.000Z'],
      [4, 'AppointmentCancelled', '2026-11-24T14:15:00.000Z'],
    ],
  );
  const [first] = versions.json.items;
  assert.equal(first.actor.role, 'ROLE_ROOT');
  assert.type(first.actorName, 'string', 'who, by name');
  assert.ok(first.correlationId, 'the request that made it');
  assert.equal(
    versions.json.items.map((item: { streamId: string }) => item.streamId),
    [
      `calendarDate-${context.calendarId}_2026-11-25`,
      `calendarDate-${context.calendarId}_2026-11-26`,
      `calendarDate-${context.calendarId}_2026-11-26`,
      `calendarDate-${context.calendarId}_2026-11-26`,
    ],
    'gathered across the dates it lived on',
  );

  const byVersion = await audit(context, `appointment/${id}?version=3`);
  assert.equal([byVersion.json.version, byVersion.json.at], [3, '2026-11-24T14:10:00.000Z']);

  const diff = await audit(context, `appointment/${id}/diff?from=2&to=3`);
  assert.is(diff.status, 200, diff.text);
  const paths = diff.json.changes.map((change: { path: string }) => change.path);
  assert.ok(paths.includes('/appointment/phone'), paths.join(' '));
  assert.equal(
    diff.json.changes.find((change: { path: string }) => change.path === '/appointment/phone'),
    { path: '/appointment/phone', op: 'changed', before: '613-555-0100', after: '613-555-0199' },
  );
  assert.ok(!paths.includes('/date'), 'the edit did not move it');
  const moveDiff = await audit(context, `appointment/${id}/diff?from=1&to=2`);
  assert.equal(
    moveDiff.json.changes.find((change: { path: string }) => change.path === '/date'),
    { path: '/date', op: 'changed', before: '2026-11-25', after: '2026-11-26' },
  );

  // a store without the event table (EventStoreDB) finds the same events by reading the log
  const scanned = await scanAppointmentEvents(context.app.server.store, id);
  const listed = await appointmentEvents(context.app.server.database.knex, id);
  assert.equal(
    scanned.map((event) => event.eventId),
    listed.map((event) => event.eventId),
  );

  const day = await audit(context, `calendarDate/${context.calendarId}:2026-11-25${at('2026-11-24T14:02:00.000Z')}`);
  assert.is(day.status, 200, day.text);
  assert.equal(
    day.json.state.bookings.map((booking: { appointmentId: number }) => booking.appointmentId),
    [id],
    'the date held it then',
  );
  assert.ok(
    day.json.state.locks.every((lock: { token: string }) => lock.token === '(hidden)'),
    'lock tokens are hidden',
  );
  const dayNow = await audit(context, `calendarDate/${context.calendarId}:2026-11-25`);
  assert.equal(dayNow.json.state.bookings, [], 'and no longer does');
});

test('a calendar renamed: each name at its moment, and the difference', async (context) => {
  clock = new Date('2026-11-24T14:20:00.000Z');
  const path = `/calendars/${context.calendarId}`;
  const loaded = (await call(context, context.root, 'GET', path)).json;
  const renamed = await call(context, context.root, 'PUT', path, { ...loaded, name: 'Audit clinic (renamed)' });
  assert.is(renamed.status, 200, renamed.text);
  const versions = (await audit(context, `calendar/${context.calendarId}/versions`)).json.items;
  assert.equal(
    versions.map((item: { eventType: string }) => item.eventType),
    ['CalendarCreated', 'CalendarUpdated'],
  );
  const earlier = await audit(context, `calendar/${context.calendarId}${at('2026-11-24T14:19:00.000Z')}`);
  assert.equal([earlier.json.version, earlier.json.state.settings.name], [1, 'Audit clinic']);
  const later = await audit(context, `calendar/${context.calendarId}`);
  assert.equal(
    [later.json.version, later.json.state.settings.name, later.json.deleted],
    [2, 'Audit clinic (renamed)', false],
  );
  const diff = await audit(context, `calendar/${context.calendarId}/diff?from=1&to=2`);
  assert.equal(diff.json.changes, [
    { path: '/settings/name', op: 'changed', before: 'Audit clinic', after: 'Audit clinic (renamed)' },
  ]);
});

test('a user changed: the versions show it, the password hash never', async (context) => {
  clock = new Date('2026-11-24T14:22:00.000Z');
  const id = await createUser(context.app.baseUrl, context.root.Authorization!.slice(7), {
    email: 'grace@example.com',
    firstName: 'Grace',
    lastName: 'Hopper',
    roles: ['ROLE_ADMIN'],
    password: STRONG_PASSWORD,
  });
  clock = new Date('2026-11-24T14:24:00.000Z');
  const loaded = (await call(context, context.root, 'GET', `/users/${id}`)).json;
  const saved = await call(context, context.root, 'PUT', `/users/${id}`, { ...loaded, lastName: 'Murray Hopper' });
  assert.is(saved.status, 200, saved.text);
  const before = await audit(context, `user/${id}${at('2026-11-24T14:23:00.000Z')}`);
  assert.equal([before.json.state.profile.lastName, before.json.state.passwordHash], ['Hopper', '(hidden)']);
  const after = await audit(context, `user/${id}`);
  assert.is(after.json.state.profile.lastName, 'Murray Hopper');
  assert.ok(!after.text.includes('$2'), 'no bcrypt hash anywhere in the answer');
  const diff = await audit(context, `user/${id}/diff?from=1&to=${after.json.versions}`);
  assert.ok(
    diff.json.changes.some(
      (change: { path: string; after: unknown }) =>
        change.path === '/profile/lastName' && change.after === 'Murray Hopper',
    ),
  );
});

test('a service and a course series of the demo have their records too', async (context) => {
  const serviceId = (await call(context, context.root, 'GET', '/services')).json.items[0].id;
  const service = await audit(context, `service/${serviceId}`);
  assert.equal([service.status, service.json.state.status, service.json.version >= 1], [200, 'active', true]);
  const calendars = (await call(context, context.root, 'GET', '/calendars')).json.items;
  const course = calendars.find((calendar: { groupSession: boolean }) => calendar.groupSession);
  const seriesId = (await call(context, context.root, 'GET', `/calendars/${course.id}/group-session-series`)).json
    .items[0].id;
  const series = await audit(context, `series/${seriesId}/versions`);
  assert.equal([series.status, series.json.items[0].eventType], [200, 'GroupSessionSeriesCreated']);
  assert.is((await audit(context, `series/${seriesId}`)).json.state.spots, 12);
});

test('an unknown record is a 404 with its code', async (context) => {
  for (const path of [
    'appointment/999999',
    'calendar/999999/versions',
    `calendarDate/${context.calendarId}:2030-01-01`,
    'user/999999/diff?from=1&to=1',
  ]) {
    const answer = await audit(context, path);
    assert.equal([answer.status, answer.json.error], [404, 'RECORD_NOT_FOUND'], path);
  }
});

test('bad input is a 400 naming the field', async (context) => {
  const cases: [string, string][] = [
    ['bogus/1', 'kind'],
    ['calendar/abc', 'id'],
    ['calendar/0', 'id'],
    ['calendarDate/12', 'id'],
    ['calendarDate/12:2026-02-30', 'id'],
    [`calendar/${context.calendarId}?at=yesterday`, 'at'],
    [`calendar/${context.calendarId}?at=2026-11-24T15:00:00`, 'at'],
    [`calendar/${context.calendarId}?version=0`, 'version'],
    [`calendar/${context.calendarId}?version=99`, 'version'],
    [`calendar/${context.calendarId}?version=1&at=2026-11-24T15:00:00Z`, 'version'],
    [`calendar/${context.calendarId}?colour=red`, 'colour'],
    [`calendar/${context.calendarId}/diff?to=1`, 'from'],
    [`calendar/${context.calendarId}/diff?from=1&to=99`, 'to'],
  ];
  for (const [path, field] of cases) {
    const answer = await audit(context, path);
    assert.is(answer.status, 400, `${path}: ${answer.text}`);
    assert.ok(
      answer.json.issues?.some((issue: { path: string[] }) => issue.path.includes(field)) ||
        (answer.json.issues?.[0]?.code === 'unrecognized_keys' && answer.json.detail.includes(field)),
      `${path} names ${field}: ${answer.text}`,
    );
  }
});

test('Auditors and System Administrators read records; an Administrator does not', async (context) => {
  const path = `calendar/${context.calendarId}`;
  assert.is((await audit(context, path, context.auditor)).status, 200);
  assert.is((await audit(context, path, context.root)).status, 200);
  assert.equal((await audit(context, path, context.admin)).json.error, 'FORBIDDEN');
  assert.is((await request(context.app.baseUrl, 'GET', `/api/audit/records/${path}`)).status, 401);
});

test.run();
