import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/app';
import { request } from '../support/http';
import { createPublicService } from '../support/public-service';
import { bearer, createUser, signIn, STRONG_PASSWORD } from '../support/identity';

/**
 * §2.3 /admin/search and §7 GET appointments search: filters by client name, confirmation code, phone, office
 * region, dates and calendar; paging; sorting; a Basic User finds only the calendars given to them; bad input is a
 * 400 naming the field. Today is Tuesday 2026-11-24 in Toronto.
 */
interface Context {
  app: TestApp;
  root: Record<string, string>;
  nurse: Record<string, string>;
  stranger: Record<string, string>;
  alpha: number;
  beta: number;
  pager: number;
  lanes: Record<number, Record<string, number>>;
  codes: Record<string, string>;
}

const TODAY = new Date('2026-11-24T14:00:00Z');
let clock = TODAY;
const test = suite<Context>('api: appointment search');
const lane = (startTime: string, endTime: string) => ({
  name: 'Nurse',
  startTime,
  endTime,
  durations: [{ value: 900, isDefault: true }],
  slotInterval: 900,
});
const fields = [
  { name: 'firstName', required: true },
  { name: 'lastName', required: true },
];
type Item = {
  id: number;
  date: string;
  startTime: string;
  confirmationCode: string;
  clients: { firstName: string; lastName: string }[];
  calendar: { id: number; name: string };
  location: { name: string } | null;
  officeRegion: string | null;
};

const call = (context: Context, as: Record<string, string>, method: string, path: string, body?: unknown) =>
  request(context.app.baseUrl, method, `/api${path}`, body, as);
const search = async (context: Context, parameters: Record<string, string | number>, as = context.root) => {
  const answer = await call(
    context,
    as,
    'GET',
    `/appointments?${new URLSearchParams(Object.entries(parameters).map(([key, value]) => [key, String(value)]))}`,
  );
  assert.is(answer.status, 200, answer.text);
  return answer.json as { items: Item[]; pages: number };
};
const names = (found: { items: Item[] }) =>
  found.items.map((item) => item.clients.map((client) => `${client.firstName} ${client.lastName}`).join(' & '));

function plus15(time: string) {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = h * 60 + m + 15;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}:00`;
}

async function book(
  context: Context,
  calendarId: number,
  date: string,
  startTime: string,
  firstName: string,
  lastName: string,
  phone = '613-555-0100',
) {
  const held = await call(context, context.root, 'POST', '/locks', {
    calendarDateLaneId: context.lanes[calendarId]![date],
    startTime,
    endTime: plus15(startTime),
  });
  assert.is(held.status, 201, held.text);
  const booked = await call(context, context.root, 'POST', '/appointments', {
    lockToken: held.json.token,
    startTime,
    endTime: plus15(startTime),
    clientData: [{ firstName, lastName }],
    email: '',
    language: 'en',
    phone,
    phoneReminderType: 1,
  });
  assert.is(booked.status, 201, booked.text);
  context.codes[`${firstName} ${lastName}`] = booked.json.confirmationCode;
  return booked.json as { id: number; confirmationCode: string };
}

async function calendarAt(
  context: Context,
  name: string,
  officeRegion: string,
  dates: string[],
  lanes = [lane('09:00:00', '11:00:00')],
) {
  const location = await call(context, context.root, 'POST', '/locations', {
    name: `${name} office`,
    nameFr: `Bureau ${name}`,
    officeRegion,
    isVirtual: true,
  });
  assert.is(location.status, 201, location.text);
  const categoryId = (await call(context, context.root, 'GET', '/categories')).json.items[0].id;
  const calendar = await call(context, context.root, 'POST', '/calendars', {
    name,
    enabled: true,
    locationId: location.json.id,
    categoryId,
    lanes,
    fields,
  });
  assert.is(calendar.status, 201, calendar.text);
  const added = await call(context, context.root, 'POST', `/batch/calendars/${calendar.json.id}/dates`, {
    dates,
    lanes,
  });
  assert.is(added.status, 201, added.text);
  context.lanes[calendar.json.id] = Object.fromEntries(
    added.json.items.map((item: { date: string; lanes: { id: number }[] }) => [item.date, item.lanes[0]!.id]),
  );
  return calendar.json.id as number;
}

test.before(async (context) => {
  context.app = await startTestApp({ now: () => clock });
  const rootToken = await signIn(context.app.baseUrl, context.app.seedAdmin.email, context.app.seedAdmin.password);
  context.root = bearer(rootToken);
  context.lanes = {};
  context.codes = {};
  context.alpha = await calendarAt(context, 'Alpha clinic', 'Alexandria', ['2026-11-25', '2026-11-26']);
  context.beta = await calendarAt(context, 'Beta clinic', 'Rockland', ['2026-11-24', '2026-11-26']);
  context.pager = await calendarAt(context, 'Pager clinic', 'Virtual', ['2026-12-01'], [lane('08:00:00', '15:00:00')]);
  await book(context, context.alpha, '2026-11-25', '09:00:00', 'Ada', 'Lovelace', '613-555-0100');
  await book(context, context.alpha, '2026-11-25', '09:15:00', 'Grace', 'Hopper', '613-555-0111');
  await book(context, context.alpha, '2026-11-26', '09:00:00', 'Alan', 'Turing', '6135550122');
  await book(context, context.beta, '2026-11-24', '10:00:00', 'Edsger', 'Dijkstra', '819-555-0133');
  await book(context, context.beta, '2026-11-26', '09:30:00', 'Ada', 'Byron', '613-555-0144');
  for (let index = 0; index < 27; index++) {
    const minutes = 8 * 60 + index * 15;
    await book(
      context,
      context.pager,
      '2026-12-01',
      `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`,
      'Paged',
      `Client${String(index).padStart(2, '0')}`,
    );
  }
  for (const [email, calendarId] of [
    ['nurse@example.com', context.alpha],
    ['stranger@example.com', null],
  ] as const) {
    const id = await createUser(context.app.baseUrl, rootToken, {
      email,
      roles: ['ROLE_USER'],
      password: STRONG_PASSWORD,
    });
    if (calendarId) {
      const given = await call(context, context.root, 'PUT', `/calendars/${calendarId}/users`, { userIds: [id] });
      assert.is(given.status, 200, given.text);
    }
  }
  context.nurse = bearer(await signIn(context.app.baseUrl, 'nurse@example.com', STRONG_PASSWORD));
  context.stranger = bearer(await signIn(context.app.baseUrl, 'stranger@example.com', STRONG_PASSWORD));
});
test.after(async (context) => {
  await context.app?.stop();
});

test('by default: dated appointments from today on, by date then time, with calendar, location and region', async (context) => {
  const found = await search(context, { dateTo: '2026-11-30' });
  assert.equal(names(found), ['Edsger Dijkstra', 'Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Ada Byron']);
  assert.is(found.pages, 1);
  const ada = found.items[1]!;
  assert.equal(
    [ada.date, ada.startTime, ada.calendar.name, ada.location?.name, ada.officeRegion],
    ['2026-11-25', '09:00:00', 'Alpha clinic', 'Alpha clinic office', 'Alexandria'],
  );
  assert.is(ada.confirmationCode, context.codes['Ada Lovelace']);
  clock = new Date('2026-11-26T14:00:00Z');
  try {
    const later = bearer(
      await signIn(context.app.baseUrl, context.app.seedAdmin.email, context.app.seedAdmin.password),
    );
    assert.equal(
      names(await search(context, { dateTo: '2026-11-30' }, later)),
      ['Alan Turing', 'Ada Byron'],
      'today moved on: the earlier dates drop out',
    );
  } finally {
    clock = TODAY;
  }
});

test('the query matches first and last names, the full name, the code and the phone, whatever the case', async (context) => {
  assert.equal(names(await search(context, { query: 'ada' })), ['Ada Lovelace', 'Ada Byron']);
  assert.equal(names(await search(context, { query: '  LOVELACE ' })), ['Ada Lovelace']);
  assert.equal(names(await search(context, { query: 'grace hopper' })), ['Grace Hopper']);
  assert.equal(names(await search(context, { query: context.codes['Alan Turing']!.toLowerCase() })), ['Alan Turing']);
  assert.equal(names(await search(context, { query: '613-555-0111' })), ['Grace Hopper']);
  assert.equal(names(await search(context, { query: '6135550122' })), ['Alan Turing'], 'digits alone');
  assert.equal(
    names(await search(context, { query: '613-555-0122' })),
    ['Alan Turing'],
    'dashes against a phone kept without them',
  );
  assert.equal(names(await search(context, { query: '%' })), [], 'a wildcard is a plain character');
  assert.equal(names(await search(context, { query: 'nobody' })), []);
});

test('office region, date range and calendar narrow the results', async (context) => {
  assert.equal(names(await search(context, { officeRegion: 'Rockland' })), ['Edsger Dijkstra', 'Ada Byron']);
  assert.equal(names(await search(context, { dateFrom: '2026-11-25', dateTo: '2026-11-25' })), [
    'Ada Lovelace',
    'Grace Hopper',
  ]);
  assert.equal(names(await search(context, { calendarId: context.beta, dateFrom: '2026-11-26' })), ['Ada Byron']);
  assert.equal(names(await search(context, { officeRegion: 'Winchester' })), []);
});

test('paging: the page size, the count of pages and the last page', async (context) => {
  const first = await search(context, { query: 'paged', pageSize: 25 });
  assert.equal([first.items.length, first.pages], [25, 2]);
  assert.is(first.items[0]!.clients[0]!.lastName, 'Client00');
  const second = await search(context, { query: 'paged', pageSize: 25, page: 2 });
  assert.equal(names(second), ['Paged Client25', 'Paged Client26']);
  assert.equal((await search(context, { query: 'paged', pageSize: 25, page: 3 })).items, []);
  const fifty = await search(context, { query: 'paged' });
  assert.equal([fifty.items.length, fifty.pages], [27, 1], 'default page size 50');
  assert.is((await search(context, { query: 'nobody' })).pages, 0);
});

test('sorting by each column, both ways', async (context) => {
  const sorted = (field: string, direction: string) =>
    search(context, { dateTo: '2026-11-30', sortBy: JSON.stringify({ field, direction }) });
  assert.equal(names(await sorted('calendar', 'desc')), [
    'Edsger Dijkstra',
    'Ada Byron',
    'Ada Lovelace',
    'Grace Hopper',
    'Alan Turing',
  ]);
  assert.equal(names(await sorted('calendar', 'asc')), [
    'Ada Lovelace',
    'Grace Hopper',
    'Alan Turing',
    'Edsger Dijkstra',
    'Ada Byron',
  ]);
  assert.equal(
    names(await sorted('date', 'desc')),
    ['Alan Turing', 'Ada Byron', 'Ada Lovelace', 'Grace Hopper', 'Edsger Dijkstra'],
    'ties by time ascending',
  );
  assert.equal(names(await sorted('time', 'asc')), [
    'Ada Lovelace',
    'Alan Turing',
    'Grace Hopper',
    'Ada Byron',
    'Edsger Dijkstra',
  ]);
  assert.equal(names(await sorted('officeRegion', 'desc')).slice(0, 2), ['Edsger Dijkstra', 'Ada Byron']);
  assert.equal(names(await sorted('location', 'asc')).slice(0, 3), ['Ada Lovelace', 'Grace Hopper', 'Alan Turing']);
  const byCode = await sorted('confirmationCode', 'asc');
  const codes = byCode.items.map((item) => item.confirmationCode);
  assert.equal(codes, [...codes].sort());
});

test('a Basic User finds only the appointments of calendars given to them', async (context) => {
  assert.equal(names(await search(context, { query: 'ada' }, context.nurse)), ['Ada Lovelace']);
  assert.equal(names(await search(context, { calendarId: context.beta }, context.nurse)), []);
  assert.equal(names(await search(context, {}, context.stranger)), []);
  assert.is((await call(context, {}, 'GET', '/appointments')).status, 401);
});

test('course registrations are not appointments of a day: the search leaves them to the series pages', async (context) => {
  const categoryId = (await call(context, context.root, 'GET', '/categories')).json.items[0].id;
  const locationId = (await call(context, context.root, 'GET', '/locations')).json.items[0].id;
  const course = await call(context, context.root, 'POST', '/calendars', {
    name: 'Search course',
    enabled: true,
    groupSession: true,
    spots: 5,
    locationId,
    categoryId,
    lanes: [lane('18:00:00', '20:00:00')],
    fields,
  });
  assert.is(course.status, 201, course.text);
  const added = await call(context, context.root, 'POST', `/batch/calendars/${course.json.id}/dates`, {
    dates: ['2026-12-02'],
    lanes: [lane('18:00:00', '20:00:00')],
    deadline: '2026-11-30',
    spots: 5,
  });
  assert.is(added.status, 201, added.text);
  const serviceId = await createPublicService(context.app.baseUrl, context.root, [course.json.id]);
  const held = await call(context, {}, 'POST', '/public/locks', {
    calendarDateLaneId: added.json.items[0].lanes[0].id,
    startTime: '18:00:00',
    endTime: '20:00:00',
    serviceId,
  });
  assert.is(held.status, 201, held.text);
  const registered = await call(context, {}, 'POST', '/public/appointments', {
    lockToken: held.json.token,
    serviceId,
    clientData: [{ firstName: 'Coursework', lastName: 'Student' }],
    language: 'en',
    phone: '613-555-0199',
    phoneReminderType: 0,
  });
  assert.is(registered.status, 201, registered.text);
  const seriesId = added.json.items[0].groupSessionSeriesId;
  const listed = await call(
    context,
    context.root,
    'GET',
    `/calendars/${course.json.id}/group-session-series/${seriesId}/registrations`,
  );
  assert.equal(
    listed.json.items.map((item: { clients: { firstName: string }[] }) => item.clients[0]!.firstName),
    ['Coursework'],
    'the series lists the registration',
  );
  assert.equal((await search(context, { query: 'Coursework' })).items, []);
  assert.equal((await search(context, { query: registered.json.confirmationCode })).items, []);
  assert.equal((await search(context, { calendarId: course.json.id })).items, []);
});

test('bad input is a 400 naming the field, never a 500', async (context) => {
  const cases: [string, string][] = [
    ['pageSize=30', 'pageSize'],
    ['page=0', 'page'],
    [`sortBy=${encodeURIComponent('{"field":"name","direction":"asc"}')}`, 'sortBy'],
    [`sortBy=${encodeURIComponent('{"field":"date","direction":"up"}')}`, 'sortBy'],
    ['sortBy=not-json', 'sortBy'],
    ['dateFrom=2026-02-30', 'dateFrom'],
    ['dateTo=tomorrow', 'dateTo'],
    ['dateFrom=2026-11-26&dateTo=2026-11-25', 'dateTo'],
    ['officeRegion=Atlantis', 'officeRegion'],
    [`query=${'x'.repeat(101)}`, 'query'],
    ['calendarId=abc', 'calendarId'],
    ['unknown=1', 'request'],
  ];
  for (const [parameters, field] of cases) {
    const answer = await call(context, context.root, 'GET', `/appointments?${parameters}`);
    assert.is(answer.status, 400, `${parameters}: ${answer.text}`);
    const paths = (answer.json.issues as { path: string[] }[]).map((issue) => issue.path[0] ?? 'request');
    if (field !== 'request') assert.ok(paths.includes(field), `${parameters} names ${field}: ${answer.text}`);
  }
});

test.run();
