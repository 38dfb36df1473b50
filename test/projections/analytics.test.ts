import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PostgresEventStore } from '../../commands/event-store/postgres';
import { silentLogger } from '../../commands/infrastructure/logger';
import { grantAnalyticsAccess, GrantRefused } from '../../projections/analytics/grant';
import { allProjections } from '../../projections/index';
import { rebuildProjection } from '../../projections/runner/rebuild';
import { ProjectionRunner } from '../../projections/runner/runner';
import { appendAnalyticsScenario, recordable, SCENARIO, SCENARIO_PERSONAL_VALUES } from '../support/analytics-scenario';
import { appointmentDetails } from '../support/appointment-details';
import { createTestDatabase, type TestDatabase } from '../support/database';

/** Issue 17 items 3 and 5: the de-identified analytics schema, its figures, its rebuild and its read-only role. */

interface Context {
  database: TestDatabase;
  store: PostgresEventStore;
  roles: string[];
}

const test = suite<Context>('projections: analytics', { roles: [] } as unknown as Context);

test.before.each(async (context) => {
  context.database = await createTestDatabase();
  context.store = new PostgresEventStore(context.database.pool, context.database.url);
  context.roles = [];
  await appendAnalyticsScenario(context.store);
  await runner(context).catchUp();
});
test.after.each(async (context) => {
  await context.database.drop();
  const admin = new pg.Client({ connectionString: serverUrl('postgres') });
  await admin.connect();
  for (const role of context.roles) await admin.query(`drop role if exists ${role}`);
  await admin.end();
});

const runner = (context: Context) =>
  new ProjectionRunner({
    store: context.store,
    knex: context.database.knex,
    databaseUrl: context.database.url,
    projections: allProjections,
    logger: silentLogger,
  });

function serverUrl(database: string, user?: { name: string; password: string }): string {
  const url = new URL(process.env.TEST_PG_URL ?? process.env.DATABASE_URL!);
  url.pathname = `/${database}`;
  if (user) {
    url.username = user.name;
    url.password = user.password;
  }
  return url.toString();
}

const VIEWS = [
  'calendar_dimensions',
  'bookings_per_day',
  'bookings_per_week',
  'bookings_per_day_by_service',
  'utilisation',
  'attendance_rates',
  'lead_times',
  'course_fill',
  'moves_and_deletions',
  'age_bands',
];

const rows = async (context: Context, sql: string) =>
  (await context.database.pool.query(sql)).rows as Record<string, unknown>[];

/**
 * Every view's rows, in a stable order, as JSON values: rows equal in their first columns (a date's age bands) go by
 * the whole row, since their order otherwise follows the plan, and a rebuilt table's statistics can change the plan.
 */
async function snapshot(context: Context): Promise<Record<string, unknown>> {
  const views: Record<string, unknown> = {};
  for (const view of VIEWS)
    views[view] = JSON.parse(
      JSON.stringify(await rows(context, `select * from analytics.${view} v order by 1, 2, 3, 4, v::text`)),
    );
  return views;
}

test('the analytics schema holds no personal data: no such column, and none of the events’ personal values', async (context) => {
  const columns = await rows(
    context,
    `select table_name, column_name from information_schema.columns where table_schema = 'analytics'`,
  );
  assert.ok(columns.length > 50, `${columns.length} columns looked at`);
  const personal = columns.filter(({ column_name }) =>
    /first_?name|last_?name|preferred|phone|mail|birth|dob|confirmation|code|address|postal|client_id|guardian|room|language|pronoun/i.test(
      String(column_name),
    ),
  );
  assert.equal(personal, []);
  const tables = await rows(
    context,
    `select table_name from information_schema.tables where table_schema = 'analytics' and table_type = 'BASE TABLE'`,
  );
  for (const { table_name } of tables) {
    const text = JSON.stringify(await rows(context, `select * from analytics.${String(table_name)}`));
    for (const value of SCENARIO_PERSONAL_VALUES) assert.not.ok(text.includes(value), `${value} in ${table_name}`);
  }
  const bands = await rows(context, `select appointment_id, age_bands from analytics.appointments order by 1`);
  assert.equal(bands, [
    { appointment_id: 9701, age_bands: ['2-4', '18-64'] },
    { appointment_id: 9702, age_bands: ['unknown'] },
    { appointment_id: 9703, age_bands: ['unknown'] },
    { appointment_id: 9704, age_bands: ['unknown'] },
  ]);
});

test('the views give the scenario’s bookings, moves, cancellations, utilisation, attendance, lead times and course fill', async (context) => {
  const { clinicA, clinicB, day1, day2 } = SCENARIO;
  assert.equal(
    await rows(
      context,
      `select calendar_id, date::text, region, category_name, bookings, clients, cancellations, moves
         from analytics.bookings_per_day order by date, calendar_id`,
    ),
    [
      {
        calendar_id: clinicA,
        date: day1,
        region: 'Alexandria',
        category_name: 'Shots',
        bookings: 2,
        clients: 3,
        cancellations: 0,
        moves: 1,
      },
      {
        calendar_id: clinicB,
        date: day1,
        region: 'Rockland',
        category_name: 'Shots',
        bookings: 0,
        clients: 0,
        cancellations: 1,
        moves: 0,
      },
      {
        calendar_id: clinicA,
        date: day2,
        region: 'Alexandria',
        category_name: 'Shots',
        bookings: 1,
        clients: 1,
        cancellations: 0,
        moves: 0,
      },
    ],
  );
  assert.equal(
    await rows(
      context,
      `select week_start::text, sum(bookings)::int as bookings from analytics.bookings_per_week group by 1`,
    ),
    [{ week_start: '2027-09-13', bookings: 3 }],
  );
  assert.equal(
    await rows(
      context,
      `select service_name, sum(bookings)::int as bookings from analytics.bookings_per_day_by_service group by 1`,
    ),
    [{ service_name: 'Shots service', bookings: 3 }],
  );
  assert.equal(
    await rows(
      context,
      `select calendar_id, date::text, total_slots, booked_slots, utilisation::float from analytics.utilisation order by date, calendar_id`,
    ),
    [
      { calendar_id: clinicA, date: day1, total_slots: 4, booked_slots: 2, utilisation: 0.5 },
      { calendar_id: clinicB, date: day1, total_slots: 4, booked_slots: 0, utilisation: 0 },
      { calendar_id: clinicA, date: day2, total_slots: 4, booked_slots: 1, utilisation: 0.25 },
    ],
    'the course’s session is not a clinic day',
  );
  assert.equal(
    await rows(
      context,
      `select date::text, appointments, recorded, arrived, no_shows, arrival_rate::float, no_show_rate::float
         from analytics.attendance_rates where calendar_id = ${clinicA} order by date`,
    ),
    [
      { date: day1, appointments: 2, recorded: 2, arrived: 1, no_shows: 1, arrival_rate: 0.5, no_show_rate: 0.5 },
      { date: day2, appointments: 1, recorded: 0, arrived: 0, no_shows: 0, arrival_rate: null, no_show_rate: null },
    ],
  );
  assert.equal(
    await rows(context, `select lead_time_band, channel, bookings from analytics.lead_times order by lead_time_band`),
    [
      { lead_time_band: '0', channel: 'staff', bookings: 1 },
      { lead_time_band: '30+', channel: 'staff', bookings: 1 },
      { lead_time_band: '7-13', channel: 'public', bookings: 1 },
    ],
  );
  assert.equal(
    await rows(context, `select appointment_id, lead_time_days, moves, status from analytics.appointments order by 1`),
    [
      { appointment_id: 9701, lead_time_days: 13, moves: 0, status: 'booked' },
      { appointment_id: 9702, lead_time_days: 0, moves: 0, status: 'booked' },
      { appointment_id: 9703, lead_time_days: 2, moves: 0, status: 'cancelled' },
      { appointment_id: 9704, lead_time_days: 43, moves: 1, status: 'booked' },
    ],
  );
  assert.equal(
    await rows(
      context,
      `select series_id, calendar_name, first_date::text, capacity, registered, registrations, fill_rate::float from analytics.course_fill`,
    ),
    [
      {
        series_id: SCENARIO.series,
        calendar_name: 'Course C',
        first_date: '2027-09-20',
        capacity: 10,
        registered: 3,
        registrations: 1,
        fill_rate: 0.3,
      },
    ],
  );
  assert.equal(
    await rows(context, `select day::text, kind, calendar_id, changes from analytics.moves_and_deletions order by day`),
    [
      { day: '2027-09-10', kind: 'moved', calendar_id: clinicA, changes: 1 },
      { day: '2027-09-12', kind: 'cancelled', calendar_id: clinicB, changes: 1 },
    ],
  );
  assert.equal(
    await rows(context, `select age_band, sum(clients)::int as clients from analytics.age_bands group by 1 order by 1`),
    [
      { age_band: '18-64', clients: 1 },
      { age_band: '2-4', clients: 1 },
      { age_band: 'unknown', clients: 2 },
    ],
  );
});

test('item 5: rebuilding every read model from the log gives identical analytics, and views and grants survive it', async (context) => {
  const role = `analyst_${randomBytes(4).toString('hex')}`;
  context.roles.push(role);
  await grantAnalyticsAccess(context.database.knex, { role, password: 'An4lyst!pass' });
  const before = await snapshot(context);
  assert.ok((before.bookings_per_day as unknown[]).length === 3, 'the scenario is in the views');
  for (const projection of allProjections)
    await rebuildProjection(projection, { store: context.store, knex: context.database.knex, batchSize: 3 });
  assert.equal(await snapshot(context), before, 'rebuilt in batches of 3 events');
  for (const projection of allProjections)
    await rebuildProjection(projection, { store: context.store, knex: context.database.knex, batchSize: 100_000 });
  assert.equal(await snapshot(context), before, 'rebuilt in one batch');
  const analyst = new pg.Client({
    connectionString: serverUrl(context.database.name, { name: role, password: 'An4lyst!pass' }),
  });
  await analyst.connect();
  try {
    const { rows: seen } = await analyst.query('select count(*)::int as n from bookings_per_day');
    assert.equal(seen, [{ n: 3 }], 'the analyst still reads the rebuilt views (search path analytics)');
  } finally {
    await analyst.end();
  }
});

test('live events after a rebuild keep updating the analytics tables in place', async (context) => {
  await rebuildProjection(
    allProjections.find((p) => p.name === 'analytics')!,
    {
      store: context.store,
      knex: context.database.knex,
    },
  );
  await context.store.append(`calendarDate-${SCENARIO.clinicB}_${SCENARIO.day1}`, 'any', [
    {
      eventId: crypto.randomUUID(),
      type: 'CalendarDateUpdated',
      schemaVersion: 1,
      data: {
        calendarId: SCENARIO.clinicB,
        date: SCENARIO.day1,
        at: '2027-09-01T00:00:00Z',
        changes: { enabled: false },
      },
      metadata: {
        eventId: crypto.randomUUID(),
        occurredAt: new Date().toISOString(),
        actor: { system: 'test' },
        correlationId: crypto.randomUUID(),
        causationId: null,
        schemaVersion: 1,
      },
    },
  ]);
  await runner(context).catchUp();
  assert.equal(
    await rows(context, `select enabled from analytics.utilisation where calendar_id = ${SCENARIO.clinicB}`),
    [{ enabled: false }],
  );
});

/** A booking of one client on Clinic A's first day, lane 9601 (the scenario's times 09:30 and 09:45 are free). */
const bookingOnClinicA = (appointmentId: number, startTime: string, endTime: string) =>
  recordable({
    type: 'AppointmentBooked',
    data: {
      calendarId: SCENARIO.clinicA,
      date: SCENARIO.day1,
      at: '2027-09-01T12:00:00.000Z',
      appointmentId,
      laneId: 9601,
      startTime,
      endTime,
      lockToken: null,
      confirmationCode: `CODE${appointmentId}`,
      appointment: appointmentDetails({ clientData: [{ firstName: 'Mem', lastName: 'Ory' }] }),
    },
  });

const clinicADay1 = async (context: Context) =>
  (
    await rows(
      context,
      `select d.booked_slots, (select count(*)::int from analytics.appointments a
         where a.calendar_id = d.calendar_id and a.date = d.date and a.status = 'booked') as booked_appointments
       from analytics.calendar_dates d where d.calendar_id = ${SCENARIO.clinicA} and d.date = '${SCENARIO.day1}'`,
    )
  )[0];

test('a date’s slot counts come from the bookings remembered only while its row is at the version remembered', async (context) => {
  const stream = `calendarDate-${SCENARIO.clinicA}_${SCENARIO.day1}`;
  const projectors = runner(context);
  await context.store.append(stream, 'any', [bookingOnClinicA(9801, '09:30:00', '09:45:00')]);
  await projectors.catchUp();
  assert.equal(await clinicADay1(context), { booked_slots: 3, booked_appointments: 3 });
  // Written since by something else (as a rebuild refills the tables): 9801 no longer booked, the date's row rewritten.
  await context.database.knex.raw(`update analytics.appointments set status = 'cancelled' where appointment_id = 9801`);
  await context.database.knex.raw(
    `update analytics.calendar_dates set enabled = enabled where calendar_id = ? and date = ?`,
    [SCENARIO.clinicA, SCENARIO.day1],
  );
  await context.store.append(stream, 'any', [bookingOnClinicA(9802, '09:45:00', '10:00:00')]);
  await projectors.catchUp();
  assert.equal(await clinicADay1(context), { booked_slots: 3, booked_appointments: 3 }, 'read again, not remembered');
  // Unchanged since the projector wrote it: taken from memory, with the batch's booking added.
  await context.store.append(stream, 'any', [
    recordable({
      type: 'AppointmentCancelled',
      data: { calendarId: SCENARIO.clinicA, date: SCENARIO.day1, at: '2027-09-02T12:00:00.000Z', appointmentId: 9802 },
    }),
  ]);
  await projectors.catchUp();
  assert.equal(await clinicADay1(context), { booked_slots: 2, booked_appointments: 2 });
});

test('analytics:grant makes a read-only role that sees the analytics schema and nothing else; again changes nothing', async (context) => {
  const role = `analyst_${randomBytes(4).toString('hex')}`;
  context.roles.push(role);
  const password = 'An4lyst!pass';
  const first = await grantAnalyticsAccess(context.database.knex, { role, password });
  assert.is(first.created, true);
  const again = await grantAnalyticsAccess(context.database.knex, { role });
  assert.is(again.created, false);
  assert.is(again.generatedPassword, undefined);
  const analyst = new pg.Client({ connectionString: serverUrl(context.database.name, { name: role, password }) });
  await analyst.connect();
  const refusal = async (sql: string) => {
    try {
      await analyst.query(sql);
      return 'allowed';
    } catch (error) {
      return (error as { code?: string }).code;
    }
  };
  try {
    const { rows: days } = await analyst.query(
      'select date::text, bookings from analytics.bookings_per_day where calendar_id = $1 order by date',
      [SCENARIO.clinicA],
    );
    assert.equal(days, [
      { date: SCENARIO.day1, bookings: 2 },
      { date: SCENARIO.day2, bookings: 1 },
    ]);
    for (const view of VIEWS) assert.is(await refusal(`select * from analytics.${view} limit 1`), 'allowed', view);
    assert.is(await refusal('select * from analytics.appointments limit 1'), 'allowed');
    assert.is(await refusal('select * from public.appointments'), '42501', 'the staff read model is refused');
    assert.is(await refusal('select * from public.es_events'), '42501', 'the event log is refused');
    assert.is(await refusal('select * from public.users'), '42501');
    assert.is(await refusal('delete from analytics.appointments'), '25006', 'sessions are read-only');
    assert.is(
      await refusal('set transaction read write; delete from analytics.appointments'),
      '42501',
      'and the role may not write anyway',
    );
  } finally {
    await analyst.end();
  }
  for (const bad of ['postgres', 'Robert"; drop table x', 'pg_monitor', ''])
    await grantAnalyticsAccess(context.database.knex, { role: bad }).then(
      () => assert.unreachable(`${bad} accepted`),
      (error: unknown) => assert.instance(error, GrantRefused, bad),
    );
});

test.run();
