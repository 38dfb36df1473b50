import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/app';
import { assertCalendarDatesRebuildSame } from '../support/calendar-dates-rebuild';
import { request } from '../support/http';
import { bearer, createUser, signIn, STRONG_PASSWORD } from '../support/identity';

/**
 * §7 calendar dates on a fixed clock (Sunday 2026-11-22 in Toronto): the batch calls are all or nothing, moves
 * carry the whole date, §5 date rules, timeslots, group-session series, per-calendar access and the dashboard.
 */
interface Context {
  app: TestApp;
  root: string;
  calendarId: number;
  groupCalendarId: number;
  locationId: number;
  categoryId: number;
}

const test = suite<Context>('api: calendar dates');
const now = new Date('2026-11-22T15:00:00Z');
const lane = {
  name: 'Nurse',
  startTime: '09:00:00',
  endTime: '10:00:00',
  durations: [{ value: 900, label: '15 min', isDefault: true }],
  slotInterval: 900,
};
const weekOf = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'];

const call = (context: Context, method: string, path: string, body?: unknown, token = context.root) =>
  request(context.app.baseUrl, method, `/api${path}`, body, bearer(token));
const datesOf = async (
  context: Context,
  calendarId = context.calendarId,
  range = 'startDate=2026-11-01&endDate=2027-12-31',
) =>
  (await call(context, 'GET', `/calendars/${calendarId}/dates?${range}`)).json.items as {
    date: string;
    enabled: boolean;
    id: number;
    groupSessionSeriesId: number | null;
    lanes: { id: number; name: string }[];
  }[];

test.before(async (context) => {
  context.app = await startTestApp({ now: () => now });
  context.root = await signIn(context.app.baseUrl, context.app.seedAdmin.email, context.app.seedAdmin.password);
  const locations = (await call(context, 'GET', '/locations')).json.items as { id: number; officeRegion: string }[];
  context.locationId = locations.find((location) => location.officeRegion === 'Alexandria')!.id;
  context.categoryId = (await call(context, 'GET', '/categories')).json.items[0].id;
  const calendar = { locationId: context.locationId, categoryId: context.categoryId, lanes: [lane], enabled: true };
  context.calendarId = (await call(context, 'POST', '/calendars', { ...calendar, name: 'Dates test clinic' })).json.id;
  context.groupCalendarId = (
    await call(context, 'POST', '/calendars', { ...calendar, name: 'Dates test course', groupSession: true, spots: 8 })
  ).json.id;
});
test.after(async (context) => {
  await context.app?.stop();
});

test('batch add creates every date with its own lane ids and statistics', async (context) => {
  const added = await call(context, 'POST', `/batch/calendars/${context.calendarId}/dates`, {
    dates: weekOf,
    lanes: [lane],
    enabled: true,
  });
  assert.is(added.status, 201);
  assert.equal(
    added.json.items.map((item: { date: string }) => item.date),
    weekOf,
  );
  const laneIds = added.json.items.flatMap((item: { lanes: { id: number }[] }) => item.lanes.map((saved) => saved.id));
  assert.is(new Set(laneIds).size, weekOf.length, 'each date has its own lane');
  const [first] = added.json.items;
  assert.equal(
    [first.totalSlotCount, first.laneCount, first.capacity, first.minStartTime, first.maxEndTime],
    [4, 1, 0, '09:00:00', '10:00:00'],
  );
});

test('a batch with one bad date writes nothing', async (context) => {
  const past = await call(context, 'POST', `/batch/calendars/${context.calendarId}/dates`, {
    dates: ['2026-12-01', '2026-11-20'],
    lanes: [lane],
  });
  assert.is(past.status, 400);
  assert.is(past.json.error, 'DATE_IN_PAST');
  const far = await call(context, 'POST', `/batch/calendars/${context.calendarId}/dates`, {
    dates: ['2026-12-01', '2027-11-23'],
    lanes: [lane],
  });
  assert.is(far.json.error, 'DATE_TOO_FAR');
  const existing = await call(context, 'POST', `/batch/calendars/${context.calendarId}/dates`, {
    dates: ['2026-12-01', '2026-11-23'],
    lanes: [lane],
  });
  assert.is(existing.status, 409);
  assert.is(existing.json.error, 'CALENDAR_DATE_EXISTS');
  assert.not.ok(
    (await datesOf(context)).some((item) => item.date === '2026-12-01'),
    'the good date was not written either',
  );
  const noLanes = await call(context, 'POST', `/batch/calendars/${context.calendarId}/dates`, {
    dates: ['2026-12-01'],
    lanes: [],
  });
  assert.is(noLanes.status, 400);
  const unknown = await call(context, 'POST', `/batch/calendars/999999/dates`, {
    dates: ['2026-12-01'],
    lanes: [lane],
  });
  assert.is(unknown.status, 404);
});

test('GET a date with timeslots; PUT edits its flag and lanes, keeping lane ids', async (context) => {
  const withSlots = await call(context, 'GET', `/calendars/${context.calendarId}/dates/2026-11-23?timeslots=1`);
  assert.equal(
    withSlots.json.lanes[0].timeslots.map((slot: { time: string; label: string }) => [slot.time, slot.label]),
    [
      ['09:00:00', 'Available'],
      ['09:15:00', 'Available'],
      ['09:30:00', 'Available'],
      ['09:45:00', 'Available'],
    ],
  );
  const plain = await call(context, 'GET', `/calendars/${context.calendarId}/dates/2026-11-23`);
  assert.is(plain.json.lanes[0].timeslots, undefined);
  const laneId = plain.json.lanes[0].id;
  const second = { ...lane, name: 'Nurse 2', startTime: '13:00:00', endTime: '15:00:00' };
  const updated = await call(context, 'PUT', `/calendars/${context.calendarId}/dates/2026-11-23`, {
    enabled: false,
    lanes: [plain.json.lanes[0], second],
  });
  assert.is(updated.status, 200);
  assert.equal(
    [updated.json.enabled, updated.json.laneCount, updated.json.lanes[0].id, updated.json.maxEndTime],
    [false, 2, laneId, '15:00:00'],
  );
  assert.ok(updated.json.lanes[1].id > 0);
  const backwards = await call(context, 'PUT', `/calendars/${context.calendarId}/dates/2026-11-23`, {
    enabled: true,
    lanes: [{ ...lane, startTime: '11:00:00' }],
  });
  assert.is(backwards.status, 400);
  assert.is((await call(context, 'GET', `/calendars/${context.calendarId}/dates/2026-12-25`)).status, 404);
  assert.is((await call(context, 'GET', `/calendars/${context.calendarId}/dates/2026-02-30`)).status, 400);
});

test('batch modify sets the flag and lanes of several dates', async (context) => {
  const modified = await call(context, 'PUT', `/batch/calendars/${context.calendarId}/dates`, {
    dates: ['2026-11-24', '2026-11-25'],
    enabled: false,
  });
  assert.equal(
    modified.json.items.map((item: { enabled: boolean }) => item.enabled),
    [false, false],
  );
  const relaned = await call(context, 'PUT', `/batch/calendars/${context.calendarId}/dates`, {
    dates: ['2026-11-24'],
    lanes: [{ ...lane, name: 'Renamed' }],
  });
  assert.equal(
    relaned.json.items[0].lanes.map((saved: { name: string }) => saved.name),
    ['Renamed'],
  );
  const enabledOnly = await datesOf(
    context,
    context.calendarId,
    'startDate=2026-11-23&endDate=2026-11-27&enabledOnly=1',
  );
  assert.equal(
    enabledOnly.map((item) => item.date),
    ['2026-11-26', '2026-11-27'],
  );
});

test('copy puts one date’s lanes on free dates; a taken target refuses the whole copy', async (context) => {
  const copied = await call(context, 'POST', `/batch/calendars/${context.calendarId}/dates`, {
    fromDate: '2026-11-24',
    toDates: ['2026-12-07', '2026-12-08'],
  });
  assert.is(copied.status, 201);
  assert.equal(
    copied.json.items.map((item: { lanes: { name: string }[] }) => item.lanes[0]!.name),
    ['Renamed', 'Renamed'],
  );
  const taken = await call(context, 'POST', `/batch/calendars/${context.calendarId}/dates`, {
    fromDate: '2026-11-24',
    toDates: ['2026-12-09', '2026-12-07'],
  });
  assert.is(taken.status, 409);
  assert.not.ok((await datesOf(context)).some((item) => item.date === '2026-12-09'));
  const missing = await call(context, 'POST', `/batch/calendars/${context.calendarId}/dates`, {
    fromDate: '2026-12-20',
    toDates: ['2026-12-21'],
  });
  assert.is(missing.status, 404);
});

test('move carries each date whole, in order, or refuses', async (context) => {
  const before = (await datesOf(context)).find((item) => item.date === '2026-11-24')!;
  const moved = await call(context, 'PUT', `/batch/calendars/${context.calendarId}/dates/patch`, {
    fromDates: ['2026-11-24', '2026-11-25'],
    toDates: ['2026-12-14', '2026-12-15'],
  });
  assert.is(moved.status, 200);
  const after = await datesOf(context);
  assert.not.ok(after.some((item) => item.date === '2026-11-24' || item.date === '2026-11-25'));
  const target = after.find((item) => item.date === '2026-12-14')!;
  assert.equal(
    [target.id, target.enabled, target.lanes],
    [before.id, before.enabled, before.lanes],
    'same date id, flag and lanes',
  );
  const mismatch = await call(context, 'PUT', `/batch/calendars/${context.calendarId}/dates/patch`, {
    fromDates: ['2026-12-14'],
    toDates: ['2026-12-16', '2026-12-17'],
  });
  assert.is(mismatch.json.error, 'DATES_MISMATCH');
  const onto = await call(context, 'PUT', `/batch/calendars/${context.calendarId}/dates/patch`, {
    fromDates: ['2026-12-14', '2026-12-15'],
    toDates: ['2026-12-18', '2026-11-26'],
  });
  assert.is(onto.status, 409);
  assert.ok(
    (await datesOf(context)).some((item) => item.date === '2026-12-14'),
    'nothing moved',
  );
});

test('batch delete removes dates all or none', async (context) => {
  const unknown = await request(
    context.app.baseUrl,
    'DELETE',
    `/api/batch/calendars/${context.calendarId}/dates`,
    { dates: ['2026-12-07', '2026-12-31'] },
    bearer(context.root),
  );
  assert.is(unknown.status, 404);
  assert.ok((await datesOf(context)).some((item) => item.date === '2026-12-07'));
  const deleted = await request(
    context.app.baseUrl,
    'DELETE',
    `/api/batch/calendars/${context.calendarId}/dates`,
    { dates: ['2026-12-07', '2026-12-08'] },
    bearer(context.root),
  );
  assert.equal([deleted.status, deleted.json.deleted], [200, 2]);
  assert.not.ok((await datesOf(context)).some((item) => item.date === '2026-12-07'));
});

test('on a group-session calendar, adding dates creates a series with deadline and spots', async (context) => {
  const path = `/batch/calendars/${context.groupCalendarId}/dates`;
  assert.is(
    (await call(context, 'POST', path, { dates: ['2026-12-02'], lanes: [lane] })).json.error,
    'VALIDATION_FAILED',
    'deadline required',
  );
  assert.is(
    (await call(context, 'POST', path, { dates: ['2026-12-02'], lanes: [lane], deadline: '2026-11-30', spots: 101 }))
      .status,
    400,
  );
  const added = await call(context, 'POST', path, {
    dates: ['2026-12-09', '2026-12-02'],
    lanes: [lane],
    deadline: '2026-11-30',
    spots: 10,
  });
  assert.is(added.status, 201);
  const [first] = added.json.items;
  assert.equal([first.spots, first.spotsAvailable, first.registrationCount, first.deadline], [10, 10, 0, '2026-11-30']);
  assert.equal(first.sessionDates, [
    { date: '2026-12-02', time: '09:00:00', duration: 3600 },
    { date: '2026-12-09', time: '09:00:00', duration: 3600 },
  ]);
  const series = await call(context, 'GET', `/calendars/${context.groupCalendarId}/group-session-series`);
  assert.equal(
    series.json.items.map((item: { startDate: string; endDate: string; spots: number }) => [
      item.startDate,
      item.endDate,
      item.spots,
    ]),
    [['2026-12-02', '2026-12-09', 10]],
  );
  const one = await call(
    context,
    'GET',
    `/calendars/${context.groupCalendarId}/group-session-series/${first.groupSessionSeriesId}`,
  );
  assert.is(one.json.sessionDates.length, 2);
  await call(context, 'PUT', `/batch/calendars/${context.groupCalendarId}/dates/patch`, {
    fromDates: ['2026-12-09'],
    toDates: ['2026-12-10'],
  });
  const afterMove = await call(
    context,
    'GET',
    `/calendars/${context.groupCalendarId}/group-session-series/${first.groupSessionSeriesId}`,
  );
  assert.is(afterMove.json.endDate, '2026-12-10', 'a moved session stays in its series');
  assert.is(
    (await call(context, 'GET', `/calendars/${context.groupCalendarId}/group-session-series/999999`)).status,
    404,
  );
});

test('on a group-session calendar, copying a session makes the copies a new series with their own deadline and spots', async (context) => {
  const path = `/batch/calendars/${context.groupCalendarId}/dates`;
  const source = (await datesOf(context, context.groupCalendarId)).find((date) => date.date === '2026-12-02')!;
  const noDeadline = await call(context, 'POST', path, { fromDate: '2026-12-02', toDates: ['2027-01-06'] });
  assert.equal(
    [noDeadline.status, noDeadline.json.error, noDeadline.json.issues?.[0]?.path],
    [400, 'VALIDATION_FAILED', ['deadline']],
    'the deadline is required',
  );
  const late = await call(context, 'POST', path, {
    fromDate: '2026-12-02',
    toDates: ['2027-01-06'],
    deadline: '2027-01-07',
  });
  assert.is(late.json.error, 'VALIDATION_FAILED', 'the deadline is on or before the first session');
  assert.not.ok(
    (await datesOf(context, context.groupCalendarId)).some((date) => date.date === '2027-01-06'),
    'a refused copy writes nothing',
  );

  const copied = await call(context, 'POST', path, {
    fromDate: '2026-12-02',
    toDates: ['2027-01-13', '2027-01-06'],
    deadline: '2027-01-04',
    spots: 6,
  });
  assert.is(copied.status, 201, JSON.stringify(copied.json));
  const [first, second] = copied.json.items;
  assert.ok(
    first.groupSessionSeriesId !== null && first.groupSessionSeriesId !== source.groupSessionSeriesId,
    'a series of their own',
  );
  assert.is(second.groupSessionSeriesId, first.groupSessionSeriesId, 'both copies in one series');
  assert.equal([first.spots, first.spotsAvailable, first.deadline], [6, 6, '2027-01-04']);
  assert.equal(first.sessionDates, [
    { date: '2027-01-06', time: '09:00:00', duration: 3600 },
    { date: '2027-01-13', time: '09:00:00', duration: 3600 },
  ]);
  const series = (await call(context, 'GET', `/calendars/${context.groupCalendarId}/group-session-series`)).json
    .items as { id: number; startDate: string; spots: number }[];
  assert.equal(
    series.find((item) => item.id === first.groupSessionSeriesId)?.startDate,
    '2027-01-06',
    'listed with the other series',
  );
  assert.is(series.length, 2);

  const defaulted = await call(context, 'POST', path, {
    fromDate: '2026-12-02',
    toDates: ['2027-02-03'],
    deadline: '2027-02-01',
  });
  assert.is(defaulted.json.items[0].spots, 8, "spots default to the calendar's");
});

test('a Basic User reads the dates of calendars they have access to and changes none', async (context) => {
  const email = 'basic.dates@example.com';
  const userId = await createUser(context.app.baseUrl, context.root, {
    email,
    roles: ['ROLE_USER'],
    password: STRONG_PASSWORD,
  });
  const before = await signIn(context.app.baseUrl, email, STRONG_PASSWORD);
  assert.is(
    (
      await call(
        context,
        'GET',
        `/calendars/${context.calendarId}/dates?startDate=2026-11-01&endDate=2026-12-31`,
        undefined,
        before,
      )
    ).status,
    403,
  );
  await call(context, 'PUT', `/calendars/${context.calendarId}/users`, { userIds: [userId] });
  const basic = await signIn(context.app.baseUrl, email, STRONG_PASSWORD);
  assert.is(
    (
      await call(
        context,
        'GET',
        `/calendars/${context.calendarId}/dates?startDate=2026-11-01&endDate=2026-12-31`,
        undefined,
        basic,
      )
    ).status,
    200,
  );
  assert.is(
    (
      await call(
        context,
        'PUT',
        `/batch/calendars/${context.calendarId}/dates`,
        { dates: ['2026-11-26'], enabled: false },
        basic,
      )
    ).status,
    403,
  );
  const dashboard = await call(context, 'GET', '/dashboard?startDate=2026-11-23&endDate=2026-11-30', undefined, basic);
  const mine = dashboard.json.items.find((item: { calendarId: number }) => item.calendarId === context.calendarId);
  const other = dashboard.json.items.find((item: { calendarId: number }) => item.calendarId !== context.calendarId);
  assert.equal([mine.access, other.access], [true, false]);
  const disabled = (await call(context, 'GET', '/calendars')).json.items.find(
    (item: { enabled: boolean }) => !item.enabled,
  );
  const seenByAdmin = await call(context, 'GET', '/dashboard?startDate=2026-11-01&endDate=2026-12-31');
  const seenByBasic = await call(
    context,
    'GET',
    '/dashboard?startDate=2026-11-01&endDate=2026-12-31',
    undefined,
    basic,
  );
  const {
    id: _id,
    createdAt: _c,
    updatedAt: _u,
    location: _l,
    category: _g,
    ...settings
  } = (await call(context, 'GET', `/calendars/${disabled.id}`)).json;
  await call(context, 'POST', `/batch/calendars/${disabled.id}/dates`, {
    dates: ['2026-12-21'],
    lanes: settings.lanes,
  });
  const adminAfter = await call(context, 'GET', '/dashboard?startDate=2026-11-01&endDate=2026-12-31');
  const basicAfter = await call(context, 'GET', '/dashboard?startDate=2026-11-01&endDate=2026-12-31', undefined, basic);
  assert.is(
    adminAfter.json.items.length,
    seenByAdmin.json.items.length + 1,
    'administrators see dates of disabled calendars',
  );
  assert.is(
    basicAfter.json.items.length,
    seenByBasic.json.items.length,
    'a Basic User does not, as on the calendars list',
  );
});

test('the dashboard lists dates of calendars on the overview, by category and region', async (context) => {
  const all = await call(context, 'GET', '/dashboard?startDate=2026-11-23&endDate=2026-11-27');
  const ours = all.json.items.filter((item: { calendarId: number }) => item.calendarId === context.calendarId);
  assert.equal(
    ours.map((item: { date: string }) => item.date),
    ['2026-11-23', '2026-11-26', '2026-11-27'],
  );
  assert.equal(
    [ours[0].calendarName, ours[0].location.officeRegion, ours[0].groupSession],
    ['Dates test clinic', 'Alexandria', false],
  );
  assert.ok(
    all.json.items.some((item: { calendarName: string }) => item.calendarName === 'Cornwall Immunization Clinic'),
    'the demo dates are there',
  );
  const alexandria = await call(context, 'GET', '/dashboard?startDate=2026-11-23&endDate=2026-11-27&region=Alexandria');
  assert.ok(
    alexandria.json.items.every(
      (item: { location: { officeRegion: string } }) => item.location.officeRegion === 'Alexandria',
    ),
  );
  assert.ok(alexandria.json.items.length >= 3);
  const otherCategory = await call(
    context,
    'GET',
    `/dashboard?startDate=2026-11-23&endDate=2026-11-27&categoryId=${context.categoryId + 1}`,
  );
  assert.not.ok(
    otherCategory.json.items.some((item: { calendarId: number }) => item.calendarId === context.calendarId),
  );
  const hidden = (await call(context, 'GET', `/calendars/${context.calendarId}`)).json;
  const { id: _id, createdAt: _c, updatedAt: _u, location: _l, category: _g, ...settings } = hidden;
  await call(context, 'PUT', `/calendars/${context.calendarId}`, { ...settings, showOnDashboard: false });
  const after = await call(context, 'GET', '/dashboard?startDate=2026-11-23&endDate=2026-11-27');
  assert.not.ok(
    after.json.items.some((item: { calendarId: number }) => item.calendarId === context.calendarId),
    'hidden from the overview',
  );
  assert.is((await call(context, 'GET', '/dashboard?startDate=2026-11-01&endDate=2027-11-01')).status, 400);
  assert.is(
    (await call(context, 'GET', '/dashboard?startDate=2026-11-01&endDate=2026-11-30&region=Ottawa')).status,
    400,
  );
});

test('a rebuild of the calendar-dates read model, every event in one batch, gives the same dates', async (context) => {
  await assertCalendarDatesRebuildSame(context.app.server.store, context.app.server.database.knex);
});

test.run();
