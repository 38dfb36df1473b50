import { strFromU8, unzipSync } from 'fflate';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/app';
import { csvRecords } from '../support/csv';
import { request } from '../support/http';
import { bearer, createUser, signIn, STRONG_PASSWORD } from '../support/identity';

/**
 * Issue 17 item 2, the Data Exporter (§2.3 /admin/export, §7 POST export {startDate, endDate}): the archive's files
 * and their contents, the range, the record of each export in the event log, the refusals, and who may export.
 * Today is Tuesday 2026-11-24 in Toronto; the demo's course has its sessions from 2026-12-01.
 */
interface Context {
  app: TestApp;
  root: Record<string, string>;
  admin: Record<string, string>;
  rootId: number;
  calendarId: number;
  lanes: Record<string, number[]>;
  appointments: Record<string, number>;
}

const clock = new Date('2026-11-24T14:00:00Z');
const test = suite<Context>('api: data exports');
const lane = {
  name: 'Infirmière 1',
  startTime: '09:00:00',
  endTime: '11:00:00',
  durations: [{ value: 900, isDefault: true }],
  slotInterval: 900,
};
const fields = [
  { name: 'firstName', required: true },
  { name: 'lastName', required: true },
  { name: 'dateOfBirth', required: false },
  { name: 'codes', required: false, category: 'All', options: ['C19', 'FLU'] },
];

const call = (context: Context, as: Record<string, string>, method: string, path: string, body?: unknown) =>
  request(context.app.baseUrl, method, `/api${path}`, body, as);
const exportRange = (context: Context, startDate: string, endDate: string, as = context.root) =>
  call(context, as, 'POST', '/export', { startDate, endDate });

async function book(context: Context, date: string, startTime: string, endTime: string, details: object) {
  const held = await call(context, context.root, 'POST', '/locks', {
    calendarDateLaneId: context.lanes[date]![0],
    startTime,
    endTime,
  });
  assert.is(held.status, 201, held.text);
  const booked = await call(context, context.root, 'POST', '/appointments', {
    lockToken: held.json.token,
    startTime,
    endTime,
    email: 'famille@example.com',
    language: 'fr',
    phone: '613-555-0100',
    phoneReminderType: 0,
    ...details,
  });
  assert.is(booked.status, 201, booked.text);
  return booked.json.id as number;
}

/** The archive of an answer: each file's text, with its byte-order mark checked and taken off. */
function unzipped(answer: Awaited<ReturnType<typeof request>>): Record<string, string> {
  assert.is(answer.status, 200, answer.text);
  const files = unzipSync(Buffer.from(answer.json.archive, 'base64'));
  return Object.fromEntries(
    Object.entries(files).map(([name, bytes]) => {
      assert.equal([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], `${name} starts with the UTF-8 byte-order mark`);
      return [name, strFromU8(bytes.subarray(3))];
    }),
  );
}

async function exportEvents(context: Context) {
  return context.app.server.database
    .knex('es_events')
    .where({ type: 'DataExportGenerated' })
    .orderBy('global_position')
    .select<{ stream_id: string; data: any; metadata: any }[]>('stream_id', 'data', 'metadata');
}

test.before(async (context) => {
  context.app = await startTestApp({ now: () => clock });
  const rootToken = await signIn(context.app.baseUrl, context.app.seedAdmin.email, context.app.seedAdmin.password);
  context.root = bearer(rootToken);
  context.rootId = (await call(context, context.root, 'GET', '/me')).json.id;
  const locationId = (await call(context, context.root, 'GET', '/locations')).json.items[0].id;
  const categoryId = (await call(context, context.root, 'GET', '/categories')).json.items[0].id;
  const calendar = await call(context, context.root, 'POST', '/calendars', {
    name: 'Clinique d’été',
    enabled: true,
    locationId,
    categoryId,
    allowMultipleClients: true,
    lanes: [lane],
    fields,
  });
  assert.is(calendar.status, 201, calendar.text);
  context.calendarId = calendar.json.id;
  const added = await call(context, context.root, 'POST', `/batch/calendars/${context.calendarId}/dates`, {
    dates: ['2026-11-25', '2026-11-26', '2026-12-10'],
    lanes: [lane],
  });
  assert.is(added.status, 201, added.text);
  context.lanes = Object.fromEntries(
    added.json.items.map((item: { date: string; lanes: { id: number }[] }) => [item.date, item.lanes.map((l) => l.id)]),
  );
  context.appointments = {
    family: await book(context, '2026-11-25', '09:00:00', '09:15:00', {
      clientData: [
        { firstName: 'Chloé', lastName: 'Bélanger-Côté', dateOfBirth: '2021-03-04', codes: ['C19', 'FLU'] },
        { firstName: 'Zoë', lastName: 'Bélanger-Côté', dateOfBirth: '2023-09-30' },
      ],
    }),
    formula: await book(context, '2026-11-26', '10:00:00', '10:15:00', {
      clientData: [{ firstName: '=HYPERLINK("http://example.com")', lastName: 'O"Brien, Jr.' }],
    }),
    december: await book(context, '2026-12-10', '09:30:00', '09:45:00', {
      clientData: [{ firstName: 'Noël', lastName: 'Lévesque' }],
    }),
  };
  await createUser(context.app.baseUrl, rootToken, {
    email: 'export.admin@example.com',
    roles: ['ROLE_ADMIN'],
    password: STRONG_PASSWORD,
  });
  context.admin = bearer(await signIn(context.app.baseUrl, 'export.admin@example.com', STRONG_PASSWORD));
});
test.after(async (context) => {
  await context.app?.stop();
});

test('a week’s archive: its appointments one row per client, accents intact, with calendars, dates and a README', async (context) => {
  const answer = await exportRange(context, '2026-11-24', '2026-11-30');
  const files = unzipped(answer);
  assert.is(answer.json.fileName, 'export-2026-11-24-2026-11-30.zip');
  assert.equal(Object.keys(files).sort(), [
    'README.txt',
    'appointments.csv',
    'calendars.csv',
    'dates.csv',
    'registrations.csv',
  ]);

  const appointments = csvRecords(files['appointments.csv']!);
  assert.equal(
    appointments.map((row) => [row.appointmentId, row.clientNumber, row.firstName, row.lastName, row.date]),
    [
      [String(context.appointments.family), '1', 'Chloé', 'Bélanger-Côté', '2026-11-25'],
      [String(context.appointments.family), '2', 'Zoë', 'Bélanger-Côté', '2026-11-25'],
      [String(context.appointments.formula), '1', `'=HYPERLINK("http://example.com")`, 'O"Brien, Jr.', '2026-11-26'],
    ],
    'one row per client, December’s appointment left out, a formula defused, quotes and commas kept',
  );
  const chloe = appointments[0]!;
  assert.equal(
    [chloe.calendarName, chloe.laneName, chloe.startTime, chloe.endTime, chloe.dateOfBirth, chloe.codes],
    ['Clinique d’été', 'Infirmière 1', '09:00:00', '09:15:00', '2021-03-04', 'C19; FLU'],
  );
  assert.equal(
    [chloe.clientCount, chloe.email, chloe.language, chloe.phone],
    ['2', 'famille@example.com', 'fr', '613-555-0100'],
  );
  assert.match(chloe.confirmationCode!, /^[A-Z2-9]{10}$/);
  assert.is(chloe.bookedAt, '2026-11-24 09:00:00', 'booked at 14:00 UTC: 09:00 in Toronto');

  assert.equal(csvRecords(files['registrations.csv']!), [], 'the course’s sessions start after the range');
  const calendars = csvRecords(files['calendars.csv']!);
  assert.ok(calendars.some((row) => row.calendarName === 'Clinique d’été' && row.enabled === 'true'));
  assert.ok(calendars.some((row) => row.calendarName === 'Rockland Prenatal Classes' && row.groupSession === 'true'));

  const dates = csvRecords(files['dates.csv']!);
  assert.ok(dates.every((row) => row.date! >= '2026-11-24' && row.date! <= '2026-11-30'));
  const ours = dates.filter((row) => row.calendarId === String(context.calendarId));
  assert.equal(
    ours.map((row) => [
      row.date,
      row.appointmentCount,
      row.clientCount,
      row.bookedSlotCount,
      row.totalSlotCount,
      row.laneNames,
    ]),
    [
      ['2026-11-25', '1', '2', '1', '8', 'Infirmière 1'],
      ['2026-11-26', '1', '1', '1', '8', 'Infirmière 1'],
    ],
  );

  const readme = files['README.txt']!;
  assert.match(readme, 'Dates: 2026-11-24 to 2026-11-30');
  assert.match(readme, 'appointments.csv');
  assert.match(readme, '3 rows / lignes');
  assert.match(readme, '  dateOfBirth: Date of birth (YYYY-MM-DD) / Date de naissance (AAAA-MM-JJ)');
  assert.equal(answer.json.files, [
    { name: 'appointments.csv', rows: 3 },
    { name: 'registrations.csv', rows: 0 },
    { name: 'calendars.csv', rows: calendars.length },
    { name: 'dates.csv', rows: dates.length },
  ]);
});

test('December’s archive holds December’s appointment and the course registrations of its sessions', async (context) => {
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
  assert.is(held.status, 201, held.text);
  const registered = await call(context, {}, 'POST', '/public/appointments', {
    lockToken: held.json.token,
    serviceId: prenatal.id,
    calendarDateLaneId: session.id,
    startTime: session.time,
    endTime: session.endTime,
    duration: session.duration,
    clientData: [
      { firstName: 'Amélie', lastName: 'Gagné' },
      { firstName: 'François', lastName: 'Gagné' },
    ],
    email: 'amelie@example.com',
    language: 'fr',
    phone: '613-555-0142',
    phoneReminderType: 0,
    spots: 2,
  });
  assert.is(registered.status, 201, registered.text);

  const files = unzipped(await exportRange(context, '2026-12-01', '2026-12-31'));
  assert.equal(
    csvRecords(files['appointments.csv']!).map((row) => [row.appointmentId, row.firstName, row.lastName]),
    [[String(context.appointments.december), 'Noël', 'Lévesque']],
  );
  const registrations = csvRecords(files['registrations.csv']!);
  assert.equal(
    registrations.map((row) => [row.calendarName, row.firstName, row.lastName, row.spots, row.clientNumber]),
    [
      ['Rockland Prenatal Classes', 'Amélie', 'Gagné', '2', '1'],
      ['Rockland Prenatal Classes', 'François', 'Gagné', '2', '2'],
    ],
  );
  assert.equal(
    [registrations[0]!.email, registrations[0]!.phone, registrations[0]!.sessionCount !== ''],
    ['amelie@example.com', '613-555-0142', true],
  );
  assert.ok(registrations[0]!.firstSession! <= '2026-12-31' && registrations[0]!.lastSession! >= '2026-12-01');

  const november = unzipped(await exportRange(context, '2026-11-24', '2026-11-30'));
  assert.equal(csvRecords(november['registrations.csv']!), [], 'no session of the course in November');
});

test('each export is recorded with who made it, when, the range and its rows; an empty one too', async (context) => {
  const before = (await exportEvents(context)).length;
  const answer = await exportRange(context, '2030-01-01', '2030-01-31');
  const files = unzipped(answer);
  assert.equal(csvRecords(files['appointments.csv']!), []);
  assert.is(files['appointments.csv']!.split('\r\n')[0]!.split(',')[0], 'appointmentId', 'the header is there');
  const events = await exportEvents(context);
  assert.is(events.length, before + 1);
  const event = events.at(-1)!;
  assert.is(event.stream_id, `dataExport-${answer.json.exportId}`);
  assert.equal(event.data, {
    exportId: answer.json.exportId,
    startDate: '2030-01-01',
    endDate: '2030-01-31',
    at: clock.toISOString(),
    files: answer.json.files,
  });
  assert.equal(event.metadata.actor, { userId: context.rootId, role: 'ROLE_ROOT' });
  assert.is(answer.json.files[0].rows, 0);
});

test('missing, malformed and reversed dates are 400s naming the field; nothing is recorded', async (context) => {
  const before = (await exportEvents(context)).length;
  const cases: [unknown, string, string][] = [
    [{ endDate: '2026-12-31' }, 'VALIDATION_FAILED', 'startDate'],
    [{ startDate: '2026-12-01' }, 'VALIDATION_FAILED', 'endDate'],
    [{ startDate: '2026-02-30', endDate: '2026-03-31' }, 'VALIDATION_FAILED', 'startDate'],
    [{ startDate: '2026-12-01', endDate: '31/12/2026' }, 'VALIDATION_FAILED', 'endDate'],
    [{ startDate: '2026-12-31', endDate: '2026-12-01' }, 'EXPORT_RANGE_REVERSED', 'endDate'],
    [{ startDate: '2026-01-01', endDate: '2027-01-02' }, 'EXPORT_RANGE_TOO_LONG', 'endDate'],
  ];
  for (const [body, code, field] of cases) {
    const answer = await call(context, context.root, 'POST', '/export', body);
    assert.is(answer.status, 400, answer.text);
    assert.is(answer.json.error, code, answer.text);
    assert.equal(
      answer.json.issues.map((issue: { path: string[] }) => issue.path.join('.')),
      [field],
      JSON.stringify(body),
    );
  }
  const year = await exportRange(context, '2026-01-01', '2027-01-01');
  assert.is(year.status, 200, 'a year from the start date is allowed');
  assert.is((await exportEvents(context)).length, before + 1, 'only the allowed export is recorded');
});

test('only a System Administrator exports: a Calendar Administrator is refused, and nothing is recorded', async (context) => {
  const before = (await exportEvents(context)).length;
  const refused = await exportRange(context, '2026-11-24', '2026-11-30', context.admin);
  assert.equal([refused.status, refused.json.error], [403, 'FORBIDDEN']);
  const anonymous = await exportRange(context, '2026-11-24', '2026-11-30', {});
  assert.equal([anonymous.status, anonymous.json.error], [401, 'UNAUTHORIZED']);
  assert.is((await exportEvents(context)).length, before);
});

test.run();
