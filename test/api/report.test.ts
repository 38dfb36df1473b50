import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/app';
import { request } from '../support/http';
import { bearer, createUser, signIn, STRONG_PASSWORD } from '../support/identity';

/**
 * §2.3 /admin/report, §5, §7 GET report and §9 ages: the clients whose age in whole months at their appointment date
 * lies between the bounds (2 and 780 by default), one row per client with a date of birth, by date then calendar;
 * start after end swapped; minimum above maximum a 400 naming minAgeMonths; the CSV download; administrators only.
 * Today is Tuesday 2026-11-24 in Toronto.
 */
interface Context {
  app: TestApp;
  root: Record<string, string>;
  admin: Record<string, string>;
  nurse: Record<string, string>;
  alpha: number;
  beta: number;
  gamma: number;
  lanes: Record<number, Record<string, number>>;
}
type Item = { calendarId: number; name: string; date: string; dob: string };

const test = suite<Context>('api: report');
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
const ALPHA = 'Alpha clinic';
const BETA = 'Clinique Bêta à Hawkesbury';
const GAMMA = '=Gamma clinic';

const call = (context: Context, as: Record<string, string>, method: string, path: string, body?: unknown) =>
  request(context.app.baseUrl, method, `/api${path}`, body, as);

const queryOf = (parameters: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(parameters).map(([key, value]) => [key, String(value)])).toString();

/** The report's items, as the given caller (root by default); any refusal fails the test. */
async function report(context: Context, parameters: Record<string, string | number>, as = context.root) {
  const answer = await call(context, as, 'GET', `/report?${queryOf(parameters)}`);
  assert.is(answer.status, 200, answer.text);
  return (answer.json as { items: Item[] }).items;
}
const rows = (items: Item[]) => items.map((item) => `${item.date} ${item.name} ${item.dob}`);

async function calendarAt(context: Context, name: string, dates: string[]) {
  const categoryId = (await call(context, context.root, 'GET', '/categories')).json.items[0].id;
  const locationId = (await call(context, context.root, 'GET', '/locations')).json.items[0].id;
  const calendar = await call(context, context.root, 'POST', '/calendars', {
    name,
    nameFr: name,
    enabled: true,
    allowMultipleClients: true,
    locationId,
    categoryId,
    lanes: [lane],
    fields,
  });
  assert.is(calendar.status, 201, calendar.text);
  const added = await call(context, context.root, 'POST', `/batch/calendars/${calendar.json.id}/dates`, {
    dates,
    lanes: [lane],
  });
  assert.is(added.status, 201, added.text);
  context.lanes[calendar.json.id] = Object.fromEntries(
    added.json.items.map((item: { date: string; lanes: { id: number }[] }) => [item.date, item.lanes[0]!.id]),
  );
  return calendar.json.id as number;
}

/** One appointment at 09:00 with a client per date of birth ('' for a client without one). */
async function book(context: Context, calendarId: number, date: string, datesOfBirth: string[]) {
  const held = await call(context, context.root, 'POST', '/locks', {
    calendarDateLaneId: context.lanes[calendarId]![date],
    startTime: '09:00:00',
    endTime: '09:15:00',
  });
  assert.is(held.status, 201, held.text);
  const booked = await call(context, context.root, 'POST', '/appointments', {
    lockToken: held.json.token,
    startTime: '09:00:00',
    endTime: '09:15:00',
    multipleClients: datesOfBirth.length > 1,
    clientData: datesOfBirth.map((dateOfBirth, index) => ({
      firstName: `Client${index}`,
      lastName: 'Report',
      dateOfBirth,
    })),
    email: '',
    language: 'en',
    phone: '613-555-0100',
    phoneReminderType: 0,
  });
  assert.is(booked.status, 201, booked.text);
}

test.before(async (context) => {
  context.app = await startTestApp({ now: () => new Date('2026-11-24T14:00:00Z') });
  const rootToken = await signIn(context.app.baseUrl, context.app.seedAdmin.email, context.app.seedAdmin.password);
  context.root = bearer(rootToken);
  context.lanes = {};
  context.alpha = await calendarAt(context, ALPHA, ['2026-12-01', '2026-12-15']);
  context.beta = await calendarAt(context, BETA, ['2026-12-01', '2026-12-15']);
  context.gamma = await calendarAt(context, GAMMA, ['2026-12-03']);
  // one appointment, five clients: 2 months to the day, a day short of 2 months, no date of birth, 780 months
  // (65 years) and a day short of 781, and 781 months to the day
  await book(context, context.alpha, '2026-12-15', ['2026-10-15', '2026-10-16', '', '1961-11-16', '1961-11-15']);
  await book(context, context.alpha, '2026-12-01', ['2024-12-01']);
  await book(context, context.beta, '2026-12-15', ['2020-06-01']);
  await book(context, context.beta, '2026-12-01', ['2026-10-01']);
  await book(context, context.gamma, '2026-12-03', ['2025-01-01']);
  for (const [email, role] of [
    ['admin@example.com', 'ROLE_ADMIN'],
    ['nurse@example.com', 'ROLE_USER'],
  ] as const) {
    await createUser(context.app.baseUrl, rootToken, { email, roles: [role], password: STRONG_PASSWORD });
  }
  context.admin = bearer(await signIn(context.app.baseUrl, 'admin@example.com', STRONG_PASSWORD));
  context.nurse = bearer(await signIn(context.app.baseUrl, 'nurse@example.com', STRONG_PASSWORD));
});
test.after(async (context) => {
  await context.app?.stop();
});

const december = (context: Context) => ({
  calendarIds: `${context.alpha},${context.beta}`,
  startDate: '2026-12-01',
  endDate: '2026-12-15',
});

test('defaults 2 to 780 months: one row per client in range, by date then calendar name', async (context) => {
  const items = await report(context, december(context));
  assert.equal(rows(items), [
    `2026-12-01 ${ALPHA} 2024-12-01`,
    `2026-12-01 ${BETA} 2026-10-01`,
    `2026-12-15 ${ALPHA} 2026-10-15`,
    `2026-12-15 ${ALPHA} 1961-11-16`,
    `2026-12-15 ${BETA} 2020-06-01`,
  ]);
  assert.equal(items[0], { calendarId: context.alpha, name: ALPHA, date: '2026-12-01', dob: '2024-12-01' });
});

test('whole months completed at the appointment date, both bounds included', async (context) => {
  const onThe15th = (minAgeMonths: number, maxAgeMonths: number) =>
    report(context, {
      calendarIds: context.alpha,
      startDate: '2026-12-15',
      endDate: '2026-12-15',
      minAgeMonths,
      maxAgeMonths,
    }).then((items) => items.map((item) => item.dob));
  assert.equal(await onThe15th(2, 2), ['2026-10-15'], 'born 2026-10-15: 2 months on 2026-12-15');
  assert.equal(await onThe15th(1, 1), ['2026-10-16'], 'born a day later: still 1 month');
  assert.equal(await onThe15th(780, 780), ['1961-11-16'], 'a day short of 781 months');
  assert.equal(await onThe15th(781, 781), ['1961-11-15']);
  assert.equal(
    await onThe15th(0, 1500),
    ['2026-10-15', '2026-10-16', '1961-11-16', '1961-11-15'],
    'no date of birth, no row',
  );
  assert.equal(await onThe15th(3, 779), []);
});

test('a start after the end is ignored: the two dates are taken in order', async (context) => {
  const swapped = await report(context, { ...december(context), startDate: '2026-12-15', endDate: '2026-12-01' });
  assert.equal(swapped, await report(context, december(context)));
  const one = await report(context, { ...december(context), startDate: '2026-12-02', endDate: '2026-12-01' });
  assert.equal(rows(one), [`2026-12-01 ${ALPHA} 2024-12-01`, `2026-12-01 ${BETA} 2026-10-01`]);
});

test('a minimum age above the maximum is a 400 naming minAgeMonths', async (context) => {
  const answer = await call(
    context,
    context.root,
    'GET',
    `/report?${queryOf({ ...december(context), minAgeMonths: 24, maxAgeMonths: 12 })}`,
  );
  assert.is(answer.status, 400, answer.text);
  assert.is(answer.json.error, 'VALIDATION_FAILED');
  assert.equal(
    answer.json.issues.map((issue: { path: string[] }) => issue.path),
    [['minAgeMonths']],
  );
  assert.equal((await report(context, { ...december(context), minAgeMonths: 12, maxAgeMonths: 12 })).length, 0);
});

test('only the chosen calendars; an unknown id matches nothing', async (context) => {
  assert.equal(rows(await report(context, { ...december(context), calendarIds: `${context.beta}` })), [
    `2026-12-01 ${BETA} 2026-10-01`,
    `2026-12-15 ${BETA} 2020-06-01`,
  ]);
  assert.equal(await report(context, { ...december(context), calendarIds: '999999' }), []);
  assert.equal(
    (await report(context, { ...december(context), calendarIds: `${context.beta}, ${context.beta},999999` })).length,
    2,
    'spaces and repeats are fine',
  );
});

test('bad input is a 400 naming the field, never a 500', async (context) => {
  const base = december(context);
  const cases: [Record<string, string | number>, string][] = [
    [{ ...base, calendarIds: '' }, 'calendarIds'],
    [{ ...base, calendarIds: 'abc' }, 'calendarIds'],
    [{ ...base, calendarIds: '0' }, 'calendarIds'],
    [{ ...base, calendarIds: '1,,2' }, 'calendarIds'],
    [{ startDate: base.startDate, endDate: base.endDate }, 'calendarIds'],
    [{ calendarIds: base.calendarIds, endDate: base.endDate }, 'startDate'],
    [{ ...base, endDate: '2026-02-30' }, 'endDate'],
    [{ ...base, minAgeMonths: -1 }, 'minAgeMonths'],
    [{ ...base, minAgeMonths: '2.5' }, 'minAgeMonths'],
    [{ ...base, maxAgeMonths: 'old' }, 'maxAgeMonths'],
    [{ ...base, maxAgeMonths: 1501 }, 'maxAgeMonths'],
    [{ ...base, unknown: 1 }, 'request'],
  ];
  for (const [parameters, field] of cases) {
    for (const path of ['/report', '/report.csv']) {
      const answer = await call(context, context.root, 'GET', `${path}?${queryOf(parameters)}`);
      assert.is(answer.status, 400, `${path} ${queryOf(parameters)}: ${answer.text}`);
      const paths = (answer.json.issues as { path: string[] }[]).map((issue) => issue.path[0] ?? 'request');
      if (field !== 'request')
        assert.ok(paths.includes(field), `${queryOf(parameters)} names ${field}: ${answer.text}`);
    }
  }
});

test('the CSV download: the same rows, UTF-8 with a byte order mark, a file name, column names per language', async (context) => {
  const fetchCsv = (parameters: Record<string, string | number>) =>
    fetch(`${context.app.baseUrl}/api/report.csv?${queryOf(parameters)}`, { headers: context.root });
  const parameters = {
    ...december(context),
    calendarIds: `${context.alpha},${context.beta},${context.gamma}`,
    endDate: '2026-12-03',
  };
  const response = await fetchCsv(parameters);
  assert.is(response.status, 200);
  assert.is(response.headers.get('content-type'), 'text/csv; charset=utf-8');
  assert.match(
    response.headers.get('content-disposition') ?? '',
    /^attachment; filename="report-2026-12-01-2026-12-03\.csv"$/,
  );
  const bytes = new Uint8Array(await response.arrayBuffer());
  assert.equal([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], 'byte order mark');
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  assert.is(
    text,
    '\uFEFFCalendar,Appointment date,Date of birth\r\n' +
      `${ALPHA},2026-12-01,2024-12-01\r\n` +
      `${BETA},2026-12-01,2026-10-01\r\n` +
      `'${GAMMA},2026-12-03,2025-01-01\r\n`,
    'accents as UTF-8; a name a spreadsheet would read as a formula kept as text',
  );
  const json = await report(context, parameters);
  assert.is(json.length, 3, 'the same rows as the JSON report');

  const french = await fetchCsv({ ...parameters, language: 'fr', startDate: '2026-12-03', endDate: '2026-12-01' });
  const frenchText = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await french.arrayBuffer());
  assert.ok(frenchText.startsWith('\uFEFFCalendrier,Date du rendez-vous,Date de naissance\r\n'), frenchText);
  assert.is(frenchText.split('\r\n').length, 5, 'start after end swapped here too');
  const none = await fetchCsv({ ...parameters, calendarIds: '999999' });
  assert.is(await none.text(), 'Calendar,Appointment date,Date of birth\r\n', 'no rows: the header line alone');
});

test('administrators only: a Calendar Administrator gets the report, a Basic User and a visitor do not', async (context) => {
  assert.equal(await report(context, december(context), context.admin), await report(context, december(context)));
  for (const path of ['/report', '/report.csv']) {
    const basic = await call(context, context.nurse, 'GET', `${path}?${queryOf(december(context))}`);
    assert.is(basic.status, 403, basic.text);
    assert.is(basic.json.error, 'FORBIDDEN');
    assert.is((await call(context, {}, 'GET', `${path}?${queryOf(december(context))}`)).status, 401);
  }
});

test('the OpenAPI document describes both calls, the CSV as text/csv', async (context) => {
  const document = (await request(context.app.baseUrl, 'GET', '/api/openapi.json')).json;
  const json = document.paths['/api/report'].get;
  assert.equal(
    json.parameters.map((parameter: { name: string; required: boolean }) => [parameter.name, parameter.required]),
    [
      ['calendarIds', true],
      ['startDate', true],
      ['endDate', true],
      ['minAgeMonths', false],
      ['maxAgeMonths', false],
    ],
  );
  assert.ok(json.responses['200'].content['application/json'].schema.properties.items);
  assert.ok(document.paths['/api/report.csv'].get.responses['200'].content['text/csv; charset=utf-8']);
});

test.run();
