import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { clientsByAge, type ReportFilter } from '../../projections/appointments/report';
import { createTestDatabase, type TestDatabase } from '../support/database';

/**
 * The report's query over the appointments read model (rows written here as the projector would): whole months of
 * age at the appointment date, the last day of a shorter month, clients without a date of birth, course
 * registrations (no date), the calendar filter and the order.
 */
const test = suite<{ database: TestDatabase }>('projections: report query');

const at = '2026-11-24T14:00:00Z';
let nextId = 1;

async function appointment(
  database: TestDatabase,
  calendarId: number,
  date: string | null,
  startTime: string | null,
  dates: (string | undefined)[],
) {
  const id = nextId++;
  await database.knex('appointments').insert({
    id,
    calendar_id: calendarId,
    date,
    lane_id: date ? 1 : null,
    start_time: startTime,
    end_time: null,
    series_id: date ? null : 1,
    confirmation_code: `CODE${id}`,
    version: 1,
    appointment: JSON.stringify({
      clientData: dates.map((dateOfBirth, index) => ({
        firstName: `Client ${index}`,
        lastName: 'Test',
        ...(dateOfBirth === undefined ? {} : { dateOfBirth }),
      })),
    }),
    created_at: at,
    updated_at: at,
  });
}

const everyone = (calendarIds: number[], startDate: string, endDate: string): ReportFilter => ({
  calendarIds,
  startDate,
  endDate,
  minAgeMonths: 0,
  maxAgeMonths: 1500,
});

test.before(async (context) => {
  context.database = await createTestDatabase({ poolSize: 2 });
  for (const [id, name] of [
    [1, 'Zeta clinic'],
    [2, 'Alpha clinic'],
    [3, 'Course'],
  ] as const) {
    await context.database.knex('calendars').insert({
      id,
      name,
      enabled: true,
      group_session: id === 3,
      settings: '{}',
      created_at: at,
      updated_at: at,
    });
  }
  const { database } = context;
  // the 31st: a month is completed on the last day of a shorter month
  await appointment(database, 1, '2027-02-28', '09:00:00', ['2026-12-31', '2027-01-01']);
  await appointment(database, 1, '2027-02-27', '09:00:00', ['2026-12-31']);
  // no date of birth, an empty one, and one who has one
  await appointment(database, 1, '2026-12-01', '10:00:00', [undefined, '', '2020-06-01']);
  // same date, two calendars and two times: by calendar name, then time
  await appointment(database, 1, '2026-12-02', '08:00:00', ['2010-01-01']);
  await appointment(database, 2, '2026-12-02', '11:00:00', ['2011-01-01']);
  await appointment(database, 2, '2026-12-02', '09:00:00', ['2012-01-01']);
  // a course registration has no date: never in the report
  await appointment(database, 3, null, null, ['2000-01-01']);
});
test.after(async (context) => {
  await context.database?.drop();
});

test('whole months: born on the 31st, two months old on February 28, not on the 27th', async ({ database }) => {
  const twoMonths = { ...everyone([1], '2027-02-01', '2027-02-28'), minAgeMonths: 2, maxAgeMonths: 2 };
  assert.equal(await clientsByAge(database.knex, twoMonths), [
    { calendarId: 1, name: 'Zeta clinic', date: '2027-02-28', dob: '2026-12-31' },
  ]);
  const oneMonth = { ...twoMonths, minAgeMonths: 1, maxAgeMonths: 1 };
  assert.equal(
    (await clientsByAge(database.knex, oneMonth)).map((item) => [item.date, item.dob]),
    [
      ['2027-02-27', '2026-12-31'],
      ['2027-02-28', '2027-01-01'],
    ],
  );
});

test('a client without a date of birth has no age and is left out; the others of the appointment stay', async ({
  database,
}) => {
  assert.equal(
    (await clientsByAge(database.knex, everyone([1], '2026-12-01', '2026-12-01'))).map((item) => item.dob),
    ['2020-06-01'],
  );
});

test('by date, then calendar name, then time; only the chosen calendars', async ({ database }) => {
  const day = await clientsByAge(database.knex, everyone([1, 2], '2026-12-02', '2026-12-02'));
  assert.equal(
    day.map((item) => [item.name, item.dob]),
    [
      ['Alpha clinic', '2012-01-01'],
      ['Alpha clinic', '2011-01-01'],
      ['Zeta clinic', '2010-01-01'],
    ],
  );
  assert.equal(
    (await clientsByAge(database.knex, everyone([2], '2026-12-02', '2026-12-02'))).length,
    2,
    'calendar 1 left out',
  );
  assert.equal(await clientsByAge(database.knex, everyone([], '2026-01-01', '2027-12-31')), []);
});

test('course registrations (no date) are never in the report', async ({ database }) => {
  assert.equal(await clientsByAge(database.knex, everyone([3], '1900-01-01', '2999-12-31')), []);
  const all = await clientsByAge(database.knex, everyone([1, 2, 3], '1900-01-01', '2999-12-31'));
  assert.is(all.length, 7, 'every client with a date of birth of the dated appointments');
  assert.not.ok(all.some((item) => item.calendarId === 3));
});

test.run();
