import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Knex } from 'knex';
import { startAccessLogRecorder } from '../../commands/access-log/recorder';
import { auditVerify, verifyAccessLog } from '../../commands/access-log/verify';
import { silentLogger } from '../../commands/infrastructure/logger';
import type { AccessEntry } from '../../domain/access-log/chain';
import { startTestApp, type TestApp } from '../support/app';
import { request } from '../support/http';
import { bearer, createUser, signIn, STRONG_PASSWORD } from '../support/identity';

/**
 * Issue 18 items 4 and 6: every staff read of personal health information leaves an access-log entry (who, when,
 * which records, from which address, in which request); the entries form one hash chain that the application can
 * only append to, that verification walks, and that a changed row breaks. Today is Tuesday 2026-11-24 in Toronto.
 */
interface Context {
  app: TestApp;
  root: string;
  nurse: string;
  auditor: string;
  nurseId: number;
  rootId: number;
  calendarId: number;
  lanes: Record<string, number[]>;
  appointmentId: number;
}

const clock = new Date('2026-11-24T14:00:00Z');
const test = suite<Context>('api: access log');
const NURSE_ADDRESS = '203.0.113.7';
const ROOT_ADDRESS = '198.51.100.20';
const lane = {
  name: 'Nurse',
  startTime: '09:00:00',
  endTime: '11:00:00',
  durations: [{ value: 900, isDefault: true }],
  slotInterval: 900,
};
const fields = [
  { name: 'firstName', required: true },
  { name: 'lastName', required: true },
  { name: 'dateOfBirth', required: false },
];

/** A call from the given address (the app runs as in production, where the address is X-Forwarded-For's). */
const call = (context: Context, token: string, method: string, path: string, body?: unknown, address = NURSE_ADDRESS) =>
  request(context.app.baseUrl, method, `/api${path}`, body, { ...bearer(token), 'X-Forwarded-For': address });

const knexOf = (context: Context): Knex => context.app.server.database.knex;

async function entriesOf(context: Context, userId: number) {
  await context.app.server.accessLog.flush();
  return (await knexOf(context)('access_log').where({ user_id: userId }).orderBy('position')) as {
    position: string;
    user_id: number;
    roles: string[];
    client_address: string;
    request_id: string;
    action: string;
    records: { kind: string; id: number }[];
    details: Record<string, unknown>;
  }[];
}

test.before(async (context) => {
  context.app = await startTestApp({ now: () => clock, production: true });
  const { baseUrl, seedAdmin } = context.app;
  context.root = await signIn(baseUrl, seedAdmin.email, seedAdmin.password);
  const locationId = (await call(context, context.root, 'GET', '/locations')).json.items[0].id;
  const categoryId = (await call(context, context.root, 'GET', '/categories')).json.items[0].id;
  const calendar = await call(context, context.root, 'POST', '/calendars', {
    name: 'Audited clinic',
    enabled: true,
    locationId,
    categoryId,
    lanes: [lane],
    fields,
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
  context.nurseId = await createUser(baseUrl, context.root, {
    email: 'audited.nurse@example.com',
    firstName: 'Nora',
    lastName: 'Nurse',
    roles: ['ROLE_USER'],
    password: STRONG_PASSWORD,
    calendarIds: [context.calendarId],
  });
  await createUser(baseUrl, context.root, {
    email: 'auditor@example.com',
    roles: ['ROLE_AUDITOR'],
    password: STRONG_PASSWORD,
  });
  context.nurse = await signIn(baseUrl, 'audited.nurse@example.com', STRONG_PASSWORD);
  context.auditor = await signIn(baseUrl, 'auditor@example.com', STRONG_PASSWORD);
  context.rootId = (await call(context, context.root, 'GET', '/me')).json.id;
});
test.after(async (context) => {
  await context.app?.stop();
});

test('each staff read of personal health information is recorded: who, action, records, address, request', async (context) => {
  const date = '2026-11-25';
  const held = await call(context, context.nurse, 'POST', '/locks', {
    calendarDateLaneId: context.lanes[date]![0],
    startTime: '09:00:00',
    endTime: '09:15:00',
  });
  assert.is(held.status, 201, held.text);
  const booked = await call(context, context.nurse, 'POST', '/appointments', {
    lockToken: held.json.token,
    startTime: '09:00:00',
    endTime: '09:15:00',
    clientData: [{ firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '2020-05-01' }],
    email: '',
    language: 'en',
    phone: '613-555-0100',
    phoneReminderType: 1,
  });
  assert.is(booked.status, 201, booked.text);
  const id = booked.json.id as number;
  context.appointmentId = id;
  const requests: Record<string, string | null> = { 'appointment.create': booked.headers.get('x-request-id') };
  const read = async (action: string, method: string, path: string, body?: unknown) => {
    const answer = await call(context, context.nurse, method, path, body);
    assert.is(answer.status, 200, `${action}: ${answer.text}`);
    requests[action] = answer.headers.get('x-request-id');
    return answer.json;
  };
  const opened = await read('appointment.read', 'GET', `/appointments/${id}`);
  await read('dayView', 'GET', `/calendars/${context.calendarId}/dates/${date}?timeslots=1`);
  // A day with no appointment, and a date without timeslots, show no client: nothing is recorded for them.
  await call(context, context.nurse, 'GET', `/calendars/${context.calendarId}/dates/2026-11-26?timeslots=1`);
  await call(context, context.nurse, 'GET', `/calendars/${context.calendarId}/dates/${date}`);
  const found = await read('search', 'GET', '/appointments?query=Lovelace&dateFrom=2026-11-24');
  assert.equal(
    found.items.map((item: { id: number }) => item.id),
    [id],
  );
  await read('appointment.update', 'PUT', `/appointments/${id}`, { ...opened, phone: '613-555-0199' });

  // The administrators' reads: history, report (and its CSV), export, a course's registrations.
  const asRoot = async (action: string, method: string, path: string, body?: unknown) => {
    const answer = await call(context, context.root, method, path, body, ROOT_ADDRESS);
    assert.is(answer.status, 200, `${action}: ${answer.text}`);
    return answer;
  };
  await asRoot('appointment.history', 'GET', `/appointments/${id}/history`);
  const report = `calendarIds=${context.calendarId}&startDate=2026-11-26&endDate=2026-11-24`;
  await asRoot('report', 'GET', `/report?${report}`);
  await asRoot('report.csv', 'GET', `/report.csv?${report}&language=fr`);
  await asRoot('export', 'POST', '/export', { startDate: '2026-11-01', endDate: '2026-11-30' });
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
  const hold = await request(context.app.baseUrl, 'POST', '/api/public/locks', {
    calendarDateLaneId: session.id,
    startTime: session.time,
    endTime: session.endTime,
    spots: 1,
    serviceId: prenatal.id,
  });
  const registered = await request(context.app.baseUrl, 'POST', '/api/public/appointments', {
    lockToken: hold.json.token,
    serviceId: prenatal.id,
    clientData: [{ firstName: 'Chloé', lastName: 'Roy' }],
    email: 'chloe@example.com',
    language: 'fr',
    phone: '613-555-0142',
    phoneReminderType: 0,
    spots: 1,
  });
  assert.is(registered.status, 201, registered.text);
  const series = (await call(context, context.root, 'GET', `/calendars/${course.id}/group-session-series`)).json
    .items[0];
  const registrations = (
    await asRoot(
      'seriesRegistrations',
      'GET',
      `/calendars/${course.id}/group-session-series/${series.id}/registrations`,
    )
  ).json.items as { appointmentId: number }[];
  assert.ok(registrations.length > 0);

  await read('appointment.delete', 'DELETE', `/appointments/${id}`);

  const nurseEntries = await entriesOf(context, context.nurseId);
  assert.equal(
    nurseEntries.map((entry) => entry.action),
    ['appointment.create', 'appointment.read', 'dayView', 'search', 'appointment.update', 'appointment.delete'],
  );
  for (const entry of nurseEntries) {
    assert.equal(entry.records, [{ kind: 'appointment', id }], entry.action);
    assert.is(entry.client_address, NURSE_ADDRESS, entry.action);
    assert.equal(entry.roles, ['ROLE_USER'], entry.action);
    assert.is(entry.request_id, requests[entry.action], entry.action);
  }
  assert.equal(nurseEntries[2]!.details, { calendarId: context.calendarId, date });
  assert.is(nurseEntries[3]!.details.query, 'Lovelace', 'what was searched for');

  const rootEntries = await entriesOf(context, context.rootId);
  assert.equal(
    rootEntries.map((entry) => entry.action),
    ['appointment.history', 'report', 'report.csv', 'export', 'seriesRegistrations'],
  );
  assert.ok(rootEntries.every((entry) => entry.client_address === ROOT_ADDRESS));
  assert.equal(rootEntries[0]!.records, [{ kind: 'appointment', id }]);
  assert.equal(rootEntries[1]!.records, [], 'a report names a range, not appointments');
  assert.equal(
    [rootEntries[1]!.details.startDate, rootEntries[1]!.details.endDate, rootEntries[1]!.details.calendarIds],
    ['2026-11-24', '2026-11-26', [context.calendarId]],
  );
  assert.is(rootEntries[1]!.details.rows, 1);
  assert.equal([rootEntries[3]!.details.startDate, rootEntries[3]!.details.endDate], ['2026-11-01', '2026-11-30']);
  assert.equal(
    rootEntries[4]!.records,
    registrations.map((registration) => ({ kind: 'appointment', id: registration.appointmentId })),
  );
  assert.equal(rootEntries[4]!.details, { calendarId: course.id, seriesId: series.id });
});

test('auditors ask who was shown an appointment, and what a user was shown, newest first and paged', async (context) => {
  const id = context.appointmentId;
  const byAppointment = await call(context, context.auditor, 'GET', `/audit/access?appointmentId=${id}`);
  assert.is(byAppointment.status, 200, byAppointment.text);
  assert.equal(
    byAppointment.json.items.map((item: { action: string }) => item.action),
    [
      'appointment.delete',
      'export',
      'report.csv',
      'report',
      'appointment.history',
      'appointment.update',
      'search',
      'dayView',
      'appointment.read',
      'appointment.create',
    ],
    'entries naming it, and the report and export whose range covered its date (before it was deleted)',
  );
  const [deleted, exported] = byAppointment.json.items;
  assert.equal([deleted.userName, deleted.clientAddress], ['Nora Nurse', NURSE_ADDRESS]);
  assert.equal([exported.userName, exported.clientAddress], ['System Administrator', ROOT_ADDRESS]);
  const first = await call(context, context.auditor, 'GET', `/audit/access?userId=${context.nurseId}&limit=4`);
  assert.equal(
    first.json.items.map((item: { action: string; userName: string }) => [item.action, item.userName]),
    [
      ['appointment.delete', 'Nora Nurse'],
      ['appointment.update', 'Nora Nurse'],
      ['search', 'Nora Nurse'],
      ['dayView', 'Nora Nurse'],
    ],
  );
  const second = await call(
    context,
    context.auditor,
    'GET',
    `/audit/access?userId=${context.nurseId}&limit=4&before=${first.json.nextBefore}`,
  );
  assert.equal(
    second.json.items.map((item: { action: string }) => item.action),
    ['appointment.read', 'appointment.create'],
  );
  assert.is(second.json.nextBefore, null);
  const later = await call(context, context.auditor, 'GET', `/audit/access?from=2026-11-25T00:00:00Z`);
  assert.equal(later.json.items, [], 'nothing after the range');
  const refused = await call(context, context.auditor, 'GET', '/audit/access?appointmentId=abc');
  assert.equal([refused.status, refused.json.issues[0].path], [400, ['appointmentId']]);
  // Reading the access log shows ids and parameters, not records: it is not recorded itself.
  const auditorId = (await call(context, context.auditor, 'GET', '/me')).json.id;
  assert.equal(await entriesOf(context, auditorId), []);
});

test('the entries form one chain; the application can neither change nor remove them', async (context) => {
  const knex = knexOf(context);
  const rows = await knex('access_log').select('position', 'prev_hash', 'hash').orderBy('position');
  assert.ok(rows.length >= 11);
  assert.is(rows[0].prev_hash, '0'.repeat(64));
  for (let index = 1; index < rows.length; index += 1) assert.is(rows[index].prev_hash, rows[index - 1].hash);
  const verified = await verifyAccessLog(knex, { pageSize: 3 });
  assert.equal([verified.ok, verified.entries], [true, rows.length], 'walked in pages of 3');
  for (const attempt of [
    () => knex('access_log').update({ client_address: '10.0.0.1' }),
    () => knex('access_log').where('position', rows[0].position).delete(),
    () => knex.raw('truncate access_log'),
  ])
    await attempt().then(
      () => assert.unreachable('the change went through'),
      (error: Error) => assert.match(error.message, /append-only/),
    );
  const answer = await call(context, context.auditor, 'GET', '/audit/access/verification');
  assert.equal([answer.json.ok, answer.json.entries, answer.json.firstBrokenPosition], [true, rows.length, null]);
});

const entry = (index: number, userId: number): AccessEntry => ({
  at: new Date(Date.UTC(2026, 10, 24, 15, 0, 0, index)).toISOString(),
  userId,
  roles: ['ROLE_USER'],
  clientAddress: '192.0.2.1',
  requestId: `worker-${userId}-${index}`,
  action: 'appointment.read',
  records: [{ kind: 'appointment', id: index + 1 }],
  details: {},
});

test('two workers recording at once append to one unbroken chain; a failed write is kept and retried', async (context) => {
  const knex = knexOf(context);
  const before = Number((await knex('access_log').count({ count: '*' }).first())!.count);
  const workers = [1, 2].map(() => startAccessLogRecorder({ knex, logger: silentLogger, flushMs: 5, batchSize: 25 }));
  for (let index = 0; index < 300; index += 1) workers[index % 2]!.record(entry(index, 900 + (index % 2)));
  await Promise.all(workers.map((worker) => worker.flush()));
  await Promise.all(workers.map((worker) => worker.stop()));
  const verified = await verifyAccessLog(knex);
  assert.equal([verified.ok, verified.entries], [true, before + 300]);
  for (const userId of [900, 901]) {
    const requestIds = (await knex('access_log').where({ user_id: userId }).orderBy('position')).map(
      (row: { request_id: string }) => row.request_id,
    );
    assert.equal(
      requestIds,
      Array.from({ length: 150 }, (_, half) => `worker-${userId}-${half * 2 + (userId - 900)}`),
      'each worker’s entries in the order recorded',
    );
  }

  let failing = 1;
  const flaky = new Proxy(knex, {
    get: (target, property, receiver) =>
      property === 'transaction' && failing-- > 0
        ? () => Promise.reject(new Error('the database is away'))
        : Reflect.get(target, property, receiver),
  });
  const recorder = startAccessLogRecorder({ knex: flaky, logger: silentLogger, flushMs: 60_000 });
  recorder.record(entry(1, 902));
  recorder.record(entry(2, 902));
  await recorder.flush().then(
    () => assert.unreachable('the first write was meant to fail'),
    () => undefined,
  );
  assert.is((await knex('access_log').where({ user_id: 902 })).length, 0);
  await recorder.stop();
  assert.equal(
    (await knex('access_log').where({ user_id: 902 }).orderBy('position')).map(
      (row: { request_id: string }) => row.request_id,
    ),
    ['worker-902-1', 'worker-902-2'],
    'kept and written at the next flush',
  );
});

test('a stored entry changed behind the application breaks verification at its position', async (context) => {
  const knex = knexOf(context);
  const target = await knex('access_log').where({ action: 'dayView' }).first();
  // The owner of the table (not the application's code) can switch the trigger off: as a tamperer would.
  await knex.raw('alter table access_log disable trigger access_log_no_update');
  await knex('access_log')
    .where('position', target.position)
    .update({ records: JSON.stringify([]) });
  await knex.raw('alter table access_log enable trigger access_log_no_update');
  const result = await verifyAccessLog(knex, { pageSize: 7 });
  assert.equal(
    [result.ok, result.firstBrokenPosition, result.reason],
    [false, String(target.position), 'ENTRY_ALTERED'],
  );
  const printed: string[] = [];
  assert.is(await auditVerify(knex, (line) => printed.push(line)), 1, 'npm run audit:verify fails');
  assert.match(printed.join('\n'), `altered at entry ${target.position}`);
  const answer = await call(context, context.auditor, 'GET', '/audit/access/verification?full=1');
  assert.equal(
    [answer.json.ok, answer.json.firstBrokenPosition, answer.json.scope],
    [false, String(target.position), 'full'],
  );

  // Removing an entry breaks the link of the one after it.
  await knex.raw('alter table access_log disable trigger access_log_no_update');
  await knex('access_log')
    .where('position', target.position)
    .update({ records: JSON.stringify(target.records) });
  assert.is((await verifyAccessLog(knex)).ok, true, 'put back as it was, the chain holds again');
  await knex('access_log').where('position', target.position).delete();
  await knex.raw('alter table access_log enable trigger access_log_no_update');
  const removed = await verifyAccessLog(knex);
  assert.equal([removed.ok, removed.reason], [false, 'LINK_BROKEN']);
  assert.ok(BigInt(removed.firstBrokenPosition!) > BigInt(target.position));
});

test('an auditor shown clients’ details on the audit screens is recorded too; metadata alone is not', async (context) => {
  const id = context.appointmentId;
  const auditorId = (await call(context, context.auditor, 'GET', '/me')).json.id as number;
  const read = async (path: string) => {
    const answer = await call(context, context.auditor, 'GET', path);
    assert.is(answer.status, 200, `${path}: ${answer.text}`);
    return answer;
  };
  await read(`/audit/records/appointment/${id}/versions`);
  await read(`/audit/records/calendar/${context.calendarId}`);
  await read(`/audit/records/appointment/${id}?version=1`);
  await read(`/audit/records/appointment/${id}/diff?from=1&to=2`);
  await read('/audit/events?type=AppointmentBooked');
  await read('/audit/events.csv?type=AppointmentBooked');
  const entries = await entriesOf(context, auditorId);
  assert.equal(
    entries.map((entry) => entry.action),
    ['audit.record', 'audit.record', 'audit.events', 'audit.eventsDownload'],
  );
  assert.equal(entries[0]!.records, [{ kind: 'appointment', id }]);
  assert.equal(entries[0]!.details, { kind: 'appointment', id: String(id), version: 1 });
  assert.equal(entries[1]!.details, { kind: 'appointment', id: String(id), from: 1, to: 2 });
  assert.ok(
    entries[2]!.records.some((record) => record.id === id),
    'the page showed the booking of the appointment',
  );
  assert.is(entries[3]!.details.format, 'csv');
});

test('a client’s own lookup online (user 0, role PUBLIC) is listed without a name, and found with userId=0', async (context) => {
  context.app.server.accessLog.record({
    at: clock.toISOString(),
    userId: 0,
    roles: ['PUBLIC'],
    clientAddress: '192.0.2.50',
    requestId: 'public-lookup-test',
    action: 'public.lookup',
    records: [{ kind: 'appointment', id: context.appointmentId }],
    details: {},
  });
  await context.app.server.accessLog.flush();
  const pick = (item: Record<string, unknown>) => [item.userId, item.userName, item.roles, item.action];
  const newest = await call(context, context.auditor, 'GET', '/audit/access?limit=1');
  assert.is(newest.status, 200, newest.text);
  assert.equal(pick(newest.json.items[0]), [0, null, ['PUBLIC'], 'public.lookup']);
  const clients = await call(context, context.auditor, 'GET', '/audit/access?userId=0');
  assert.is(clients.status, 200, clients.text);
  assert.equal(clients.json.items.map(pick), [[0, null, ['PUBLIC'], 'public.lookup']]);
  for (const refused of ['-1', '', 'abc', '1.5']) {
    const answer = await call(context, context.auditor, 'GET', `/audit/access?userId=${refused}`);
    assert.equal([answer.status, answer.json.issues?.[0]?.path], [400, ['userId']], `userId=${refused}`);
  }
});

test.run();
