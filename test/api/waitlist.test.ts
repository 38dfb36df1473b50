import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/app';
import { demoBooking } from '../support/demo-booking';
import { request } from '../support/http';
import { bearer, createUser, signIn, STRONG_PASSWORD } from '../support/identity';
import { createPublicService } from '../support/public-service';
import { classLane, clinicLane } from '../support/waitlist-offers';

/**
 * Issue 20 item 6: the waitlist of a full course or a full clinic date. Today is Tuesday 2026-11-24 in Toronto, 09:20.
 * The clinic has one 15-minute slot a date: 2026-11-26 is booked, 2026-11-27 free. The course has a full series (one
 * spot, taken) and one with spots free.
 */
interface Context {
  app: TestApp;
  root: string;
  admin: Record<string, string>;
  clinicId: number;
  courseId: number;
  serviceId: number;
  fullSeriesId: number;
  freeSeriesId: number;
}

const test = suite<Context>('api: waitlist');
const clock = new Date('2026-11-24T14:20:00Z');
const FULL_DATE = '2026-11-26';
const FREE_DATE = '2026-11-27';
const ada = { firstName: 'Ada', lastName: 'Lovelace' };

const call = (context: Context, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  request(context.app.baseUrl, method, `/api${path}`, body, headers);
const staff = (context: Context, method: string, path: string, body?: unknown) =>
  call(context, method, path, body, context.admin);
const join = (context: Context, changes: Record<string, unknown>) =>
  call(context, 'POST', '/public/waitlist', {
    serviceId: context.serviceId,
    calendarId: context.clinicId,
    email: 'ada@example.com',
    language: 'en',
    ...changes,
  });
const targets = (context: Context, calendarId: number, query: string) =>
  call(context, 'GET', `/public/services/${context.serviceId}/calendar/${calendarId}/waitlist-targets?${query}`);
const line = async (context: Context, query: string) => {
  const answer = await staff(context, 'GET', `/calendars/${context.clinicId}/waitlist?${query}`);
  assert.is(answer.status, 200, answer.text);
  return answer.json.items as { entryId: string; email: string; position: number | null; status: string }[];
};

async function createCalendar(context: Context, changes: Record<string, unknown>) {
  const locationId = (await staff(context, 'GET', '/locations')).json.items[0].id;
  const categoryId = (await staff(context, 'GET', '/categories')).json.items[0].id;
  const created = await staff(context, 'POST', '/calendars', { enabled: true, locationId, categoryId, ...changes });
  assert.is(created.status, 201, created.text);
  return created.json.id as number;
}

async function addSeries(context: Context, date: string, spots: number) {
  const added = await staff(context, 'POST', `/batch/calendars/${context.courseId}/dates`, {
    dates: [date],
    lanes: [classLane],
    deadline: '2026-11-30',
    spots,
  });
  assert.is(added.status, 201, added.text);
  const series = (await staff(context, 'GET', `/calendars/${context.courseId}/group-session-series`)).json.items as {
    id: number;
  }[];
  return Math.max(...series.map((item) => item.id));
}

/** Locks a place as the wizard does and books it. */
async function book(context: Context, lock: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const locked = await call(context, 'POST', '/public/locks', { ...lock, serviceId: context.serviceId });
  assert.is(locked.status, 201, locked.text);
  const booked = await call(context, 'POST', '/public/appointments', {
    ...demoBooking(locked.json.token, context.serviceId, ada),
    ...extra,
  });
  assert.is(booked.status, 201, booked.text);
}

test.before(async (context) => {
  context.app = await startTestApp({ now: () => clock });
  context.root = await signIn(context.app.baseUrl, context.app.seedAdmin.email, context.app.seedAdmin.password);
  context.admin = bearer(context.root);
  context.clinicId = await createCalendar(context, { name: 'Waitlist clinic', lanes: [clinicLane] });
  context.courseId = await createCalendar(context, {
    name: 'Waitlist course',
    groupSession: true,
    spots: 1,
    lanes: [classLane],
  });
  const dates = await staff(context, 'POST', `/batch/calendars/${context.clinicId}/dates`, {
    dates: [FULL_DATE, FREE_DATE],
    lanes: [clinicLane],
  });
  assert.is(dates.status, 201, dates.text);
  context.fullSeriesId = await addSeries(context, '2026-12-02', 1);
  context.freeSeriesId = await addSeries(context, '2026-12-09', 5);
  context.serviceId = await createPublicService(
    context.app.baseUrl,
    context.admin,
    [context.clinicId, context.courseId],
    { minDaysAhead: 0, maxDaysAhead: 30 },
  );
  const laneId = dates.json.items.find((item: { date: string }) => item.date === FULL_DATE).lanes[0].id;
  await book(context, { calendarDateLaneId: laneId, startTime: '09:00:00', endTime: '09:15:00' });
  const [fullSession] = (
    await call(context, 'GET', `/public/services/${context.serviceId}/calendar/${context.courseId}/sessions?spots=1`)
  ).json.items;
  await book(
    context,
    { calendarDateLaneId: fullSession.id, startTime: fullSession.time, endTime: fullSession.endTime, spots: 1 },
    { spots: 1 },
  );
});
test.after(async (context) => {
  await context.app?.stop();
});

test('targets: the full course and the full date, not the free ones; a clinic has no sessions, a course no dates', async (context) => {
  const course = await targets(context, context.courseId, 'spots=1');
  assert.is(course.status, 200, course.text);
  assert.equal(
    course.json.sessions.map((session: { seriesId: number }) => session.seriesId),
    [context.fullSeriesId],
  );
  assert.equal(course.json.sessions[0].sessionDates, [{ date: '2026-12-02', time: '18:00:00', duration: 7200 }]);
  assert.equal(course.json.dates, []);
  assert.equal(
    (await targets(context, context.courseId, 'spots=6')).json.sessions.map(
      (session: { seriesId: number }) => session.seriesId,
    ),
    [context.fullSeriesId, context.freeSeriesId].sort((a, b) => a - b),
    'six spots: the series with five free is full too',
  );
  const clinic = await targets(context, context.clinicId, 'duration=900');
  assert.equal(clinic.json, { sessions: [], dates: [FULL_DATE] });
  assert.equal((await targets(context, context.clinicId, '')).json.dates, [FULL_DATE], 'the service’s default length');
  assert.is((await targets(context, 999_999, 'duration=900')).status, 404);
});

test('join: the first in line is 1, the next 2; the same e-mail again is refused', async (context) => {
  const first = await join(context, { date: FULL_DATE, duration: 900, email: 'ada@example.com' });
  assert.is(first.status, 201, first.text);
  assert.is(first.json.position, 1);
  assert.match(first.json.entryId, /^[0-9a-f-]{36}$/);
  const second = await join(context, { date: FULL_DATE, duration: 900, email: 'bob@example.com', language: 'fr' });
  assert.equal([second.status, second.json.position], [201, 2]);
  const again = await join(context, { date: FULL_DATE, duration: 900, email: 'ADA@example.com' });
  assert.equal([again.status, again.json.error], [409, 'ALREADY_ON_WAITLIST']);
  const course = await join(context, { calendarId: context.courseId, seriesId: context.fullSeriesId });
  assert.equal([course.status, course.json.position], [201, 1], 'another line, its own positions');
});

test('join: where places are free, or on what the service does not offer, there is nothing to wait for', async (context) => {
  const freeDate = await join(context, { date: FREE_DATE, duration: 900 });
  assert.equal([freeDate.status, freeDate.json.error], [409, 'WAITLIST_NOT_NEEDED']);
  const freeSeries = await join(context, { calendarId: context.courseId, seriesId: context.freeSeriesId });
  assert.equal([freeSeries.status, freeSeries.json.error], [409, 'WAITLIST_NOT_NEEDED']);
  const noDate = await join(context, { date: '2026-11-28', duration: 900 });
  assert.equal([noDate.status, noDate.json.error], [409, 'WAITLIST_NOT_NEEDED'], 'a date that does not exist');
  const seriesOfClinic = await join(context, { seriesId: context.fullSeriesId });
  assert.equal([seriesOfClinic.status, seriesOfClinic.json.error], [409, 'WAITLIST_NOT_NEEDED']);
  const notOffered = await join(context, { calendarId: 999_999, date: FULL_DATE, duration: 900 });
  assert.equal([notOffered.status, notOffered.json.error], [404, 'CALENDAR_NOT_FOUND']);
});

test('join: a bad body is a 400 naming the field', async (context) => {
  for (const [changes, field] of [
    [{}, 'seriesId'],
    [{ seriesId: context.fullSeriesId, date: FULL_DATE, duration: 900 }, 'seriesId'],
    [{ date: FULL_DATE }, 'duration'],
    [{ date: FULL_DATE, duration: 900, email: 'not-an-address' }, 'email'],
    [{ date: '26/11/2026', duration: 900 }, 'date'],
    [{ date: FULL_DATE, duration: 900, language: 'de' }, 'language'],
  ] as const) {
    const answer = await join(context, changes);
    assert.is(answer.status, 400, `${field}: ${answer.text}`);
    assert.ok(
      answer.json.issues.some((issue: { path: string[] }) => issue.path[0] === field),
      `${field}: ${JSON.stringify(answer.json.issues)}`,
    );
  }
});

test('staff see a line in order with the e-mails; a Basic User without the calendar is refused', async (context) => {
  const items = await line(context, `date=${FULL_DATE}`);
  assert.equal(
    items.map((item) => [item.position, item.email, item.status]),
    [
      [1, 'ada@example.com', 'waiting'],
      [2, 'bob@example.com', 'waiting'],
    ],
  );
  await context.app.server.accessLog.flush();
  const logged = await context.app.server.database.knex('access_log').where({ action: 'waitlist' }).first();
  assert.equal(
    logged?.details.entryIds,
    items.map((item) => item.entryId),
    'the read is in the access log',
  );
  const email = 'basic.waitlist@example.com';
  await createUser(context.app.baseUrl, context.root, {
    email,
    roles: ['ROLE_USER'],
    password: STRONG_PASSWORD,
  });
  const basic = bearer(await signIn(context.app.baseUrl, email, STRONG_PASSWORD));
  const refused = await call(
    context,
    'GET',
    `/calendars/${context.clinicId}/waitlist?date=${FULL_DATE}`,
    undefined,
    basic,
  );
  assert.equal([refused.status, refused.json.error], [403, 'FORBIDDEN']);
  const bad = await staff(context, 'GET', `/calendars/${context.clinicId}/waitlist`);
  assert.equal([bad.status, bad.json.issues[0].path], [400, ['seriesId']]);
});

test('removal: the entry shows as left and the next one moves up', async (context) => {
  const [first] = await line(context, `date=${FULL_DATE}`);
  const removed = await staff(context, 'DELETE', `/calendars/${context.clinicId}/waitlist/${first!.entryId}`);
  assert.equal([removed.status, removed.json], [200, { removed: true }]);
  const items = await line(context, `date=${FULL_DATE}`);
  assert.equal(
    items.map((item) => [item.email, item.status, item.position]),
    [
      ['ada@example.com', 'left', null],
      ['bob@example.com', 'waiting', 1],
    ],
  );
  const again = await staff(context, 'DELETE', `/calendars/${context.clinicId}/waitlist/${first!.entryId}`);
  assert.equal([again.status, again.json.error], [404, 'WAITLIST_ENTRY_NOT_FOUND']);
  const elsewhere = await staff(context, 'DELETE', `/calendars/${context.courseId}/waitlist/${items[1]!.entryId}`);
  assert.equal([elsewhere.status, elsewhere.json.error], [404, 'WAITLIST_ENTRY_NOT_FOUND'], 'not this calendar’s');
  const rejoined = await join(context, { date: FULL_DATE, duration: 900, email: 'ada@example.com' });
  assert.equal([rejoined.status, rejoined.json.position], [201, 2], 'who left may join again, at the end');
});

test.run();
