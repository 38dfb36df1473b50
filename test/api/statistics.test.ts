import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/app';
import { appendAnalyticsScenario, SCENARIO } from '../support/analytics-scenario';
import { request } from '../support/http';
import { bearer, caughtUp, createUser, seedAdminToken, signIn } from '../support/identity';

/** GET /api/statistics (issue 17 item 4): the Statistics screen's figures, from the analytics schema. */

interface Context {
  app: TestApp;
  root: string;
  admin: string;
  nurse: string;
}

const test = suite<Context>('api: statistics');

test.before(async (context) => {
  // After the scenario's September 2027: every appointment of it has begun.
  context.app = await startTestApp({ now: () => new Date('2027-10-01T16:00:00.000Z') });
  context.root = await seedAdminToken(context.app);
  for (const [key, role] of [
    ['admin', 'ROLE_ADMIN'],
    ['nurse', 'ROLE_USER'],
  ] as const) {
    const email = `stats.${key}@example.com`;
    const password = 'St4ts!Password';
    await createUser(context.app.baseUrl, context.root, {
      email,
      firstName: 'Stats',
      lastName: key,
      roles: [role],
      password,
    });
    context[key] = await signIn(context.app.baseUrl, email, password);
  }
  await appendAnalyticsScenario(context.app.server.store);
  await caughtUp(context.app);
});
test.after(async (context) => {
  await context.app?.stop();
});

const get = (context: Context, query: string, token = context.admin) =>
  request(context.app.baseUrl, 'GET', `/api/statistics?${query}`, undefined, bearer(token));

const SEPTEMBER = 'startDate=2027-09-01&endDate=2027-09-30';

test('the figures of the period: bookings a day and a week, utilisation, attendance, lead times, course fill', async (context) => {
  const answer = await get(context, SEPTEMBER);
  assert.is(answer.status, 200, answer.text);
  const body = answer.json;
  assert.is(body.startDate, '2027-09-01');
  assert.is(body.endDate, '2027-09-30');
  assert.is(body.bookingsPerDay.length, 30, 'every day of the period');
  const day = (date: string) => body.bookingsPerDay.find((entry: { date: string }) => entry.date === date);
  assert.equal(day(SCENARIO.day1), { date: SCENARIO.day1, bookings: 2, moves: 1, cancellations: 1 });
  assert.equal(day(SCENARIO.day2), { date: SCENARIO.day2, bookings: 1, moves: 0, cancellations: 0 });
  assert.equal(day('2027-09-02'), { date: '2027-09-02', bookings: 0, moves: 0, cancellations: 0 });
  assert.equal(body.bookingsPerWeek, [
    { weekStart: '2027-08-30', bookings: 0 },
    { weekStart: '2027-09-06', bookings: 0 },
    { weekStart: '2027-09-13', bookings: 3 },
    { weekStart: '2027-09-20', bookings: 0 },
    { weekStart: '2027-09-27', bookings: 0 },
  ]);
  assert.equal(body.utilisation, [
    { date: SCENARIO.day1, totalSlots: 8, bookedSlots: 2, utilisation: 0.25 },
    { date: SCENARIO.day2, totalSlots: 4, bookedSlots: 1, utilisation: 0.25 },
  ]);
  assert.equal(body.attendance, {
    appointments: 3,
    recorded: 2,
    arrived: 1,
    noShows: 1,
    arrivalRate: 0.5,
    noShowRate: 0.5,
  });
  assert.equal(body.leadTime, [
    { band: '0', bookings: 1 },
    { band: '1', bookings: 0 },
    { band: '2-6', bookings: 0 },
    { band: '7-13', bookings: 1 },
    { band: '14-29', bookings: 0 },
    { band: '30+', bookings: 1 },
  ]);
  assert.equal(body.courseFill, [
    {
      seriesId: SCENARIO.series,
      calendarId: SCENARIO.course,
      calendarName: 'Course C',
      firstDate: '2027-09-20',
      capacity: 10,
      registered: 3,
      fillRate: 0.3,
    },
  ]);
});

test('filters by office region and by category', async (context) => {
  const rockland = (await get(context, `${SEPTEMBER}&region=${SCENARIO.regionB}`)).json;
  assert.equal(
    rockland.bookingsPerDay.find((entry: { date: string }) => entry.date === SCENARIO.day1),
    { date: SCENARIO.day1, bookings: 0, moves: 0, cancellations: 1 },
  );
  assert.equal(rockland.utilisation, [{ date: SCENARIO.day1, totalSlots: 4, bookedSlots: 0, utilisation: 0 }]);
  assert.is(rockland.attendance.appointments, 0);
  assert.is(rockland.attendance.arrivalRate, null);
  assert.equal(rockland.courseFill, []);

  const courses = (await get(context, `${SEPTEMBER}&categoryId=${SCENARIO.prenatal}`)).json;
  assert.is(
    courses.bookingsPerDay.reduce((sum: number, entry: { bookings: number }) => sum + entry.bookings, 0),
    0,
  );
  assert.equal(courses.utilisation, []);
  assert.is(courses.courseFill.length, 1);

  const shotsInAlexandria = (
    await get(context, `${SEPTEMBER}&categoryId=${SCENARIO.immunization}&region=${SCENARIO.regionA}`)
  ).json;
  assert.equal(
    shotsInAlexandria.bookingsPerWeek.find((week: { weekStart: string }) => week.weekStart === '2027-09-13'),
    {
      weekStart: '2027-09-13',
      bookings: 3,
    },
  );
  assert.equal(shotsInAlexandria.courseFill, []);
});

test('a period given backwards is read forwards; one longer than 366 days, a bad date or region is a 400 naming it', async (context) => {
  const backwards = await get(context, 'startDate=2027-09-30&endDate=2027-09-01');
  assert.is(backwards.status, 200);
  assert.is(backwards.json.startDate, '2027-09-01');
  assert.is(backwards.json.endDate, '2027-09-30');
  assert.is(backwards.json.bookingsPerDay.length, 30);
  assert.is((await get(context, 'startDate=2027-01-01&endDate=2028-01-01')).status, 200, '366 days');
  const refused = async (query: string, field: string) => {
    const answer = await get(context, query);
    assert.is(answer.status, 400, `${query}: ${answer.text}`);
    const paths = (answer.json.issues as { path: string[] }[]).map((issue) => issue.path.join('.'));
    assert.ok(paths.includes(field), `${field} among ${paths.join(', ')}`);
  };
  await refused('startDate=2027-01-01&endDate=2028-01-02', 'endDate');
  await refused('startDate=2027-02-30&endDate=2027-03-01', 'startDate');
  await refused('startDate=2027-01-01', 'endDate');
  await refused(`${SEPTEMBER}&region=Atlantis`, 'region');
  await refused(`${SEPTEMBER}&categoryId=abc`, 'categoryId');
  await refused(`${SEPTEMBER}&name=x`, '');
});

test('administrators only', async (context) => {
  assert.is((await get(context, SEPTEMBER, context.root)).status, 200);
  assert.is((await get(context, SEPTEMBER, context.admin)).status, 200);
  const nurse = await get(context, SEPTEMBER, context.nurse);
  assert.is(nurse.status, 403);
  assert.is(nurse.json.error, 'FORBIDDEN');
  assert.is((await request(context.app.baseUrl, 'GET', `/api/statistics?${SEPTEMBER}`)).status, 401);
});

test.run();
