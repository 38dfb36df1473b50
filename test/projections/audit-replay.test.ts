import { spawn } from 'node:child_process';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PostgresEventStore } from '../../commands/event-store/postgres';
import { silentLogger } from '../../commands/infrastructure/logger';
import type { CalendarDateEvent } from '../../domain/calendar-dates/events';
import { defaultCalendarSettings } from '../../domain/calendars/calendar';
import { parseReplayArgs, UsageError } from '../../projections/audit-replay/args';
import { dropReplay, listReplays, ReplayRefused, replayUntil } from '../../projections/audit-replay/replay';
import { allProjections } from '../../projections/index';
import { ProjectionRunner } from '../../projections/runner/runner';
import { appendAnalyticsScenario, PUBLIC, recordable } from '../support/analytics-scenario';
import { appointmentDetails } from '../support/appointment-details';
import { hourLane } from '../support/date-lane';
import { createTestDatabase, type TestDatabase } from '../support/database';

/**
 * Issue 18 item 5: `npm run audit:replay -- --until <moment>` builds the read models as they were at that moment into
 * a schema of their own. The history below is given recorded times by hand (the store records now()):
 *   10:00  calendar 8101 "Clinic Then" with two dates; appointment 8701 booked on the first at 09:00
 *   12:00  the calendar renamed "Clinic Now"; 8701 moved to the second date
 *   14:00  8701 cancelled
 * then, on the 21st, the analytics scenario (test/support/analytics-scenario.ts), for the comparison with the live
 * read models.
 */

interface Context {
  database: TestDatabase;
  store: PostgresEventStore;
}

const test = suite<Context>('projections: audit replay', {} as Context);

const CALENDAR = 8101;
const APPOINTMENT = 8701;
const DAY1 = '2027-10-04';
const DAY2 = '2027-10-05';
const T1 = '2026-11-20T10:00:00.000Z';
const T2 = '2026-11-20T12:00:00.000Z';
const T3 = '2026-11-20T14:00:00.000Z';
const T4 = '2026-11-21T09:00:00.000Z';

const details = appointmentDetails({ email: 'ada@example.com', clientData: [{ firstName: 'Ada', lastName: 'Past' }] });
const dateAdded = (date: string, laneId: number): CalendarDateEvent => ({
  type: 'CalendarDateAdded',
  data: {
    calendarId: CALENDAR,
    date,
    at: T1,
    calendarDateId: laneId,
    enabled: true,
    lanes: [hourLane(laneId)],
    seriesId: null,
    copiedFrom: null,
  },
});

/** Gives every event appended since `after` (a global position) the recorded time `at`; returns the new last one. */
async function recordedAt(context: Context, after: number, at: string): Promise<number> {
  await context.database.knex.raw('update es_events set recorded_at = ? where global_position > ?', [at, after]);
  const row = await context.database.knex('es_events').max<{ max: string }>('global_position as max').first();
  return Number(row!.max);
}

async function appendHistory(context: Context): Promise<void> {
  const { store } = context;
  const day1 = `calendarDate-${CALENDAR}_${DAY1}`;
  const day2 = `calendarDate-${CALENDAR}_${DAY2}`;
  await store.append(`calendar-${CALENDAR}`, 'no_stream', [
    recordable({
      type: 'CalendarCreated',
      data: {
        calendarId: CALENDAR,
        settings: { ...defaultCalendarSettings, name: 'Clinic Then', emailsEnabled: true },
        at: T1,
      },
    }),
  ]);
  await store.append(day1, 'no_stream', [recordable(dateAdded(DAY1, 8601))]);
  await store.append(day2, 'no_stream', [recordable(dateAdded(DAY2, 8602))]);
  await store.append(day1, 'any', [
    recordable(
      {
        type: 'AppointmentBooked',
        data: {
          calendarId: CALENDAR,
          date: DAY1,
          at: T1,
          appointmentId: APPOINTMENT,
          laneId: 8601,
          startTime: '09:00:00',
          endTime: '09:15:00',
          lockToken: null,
          confirmationCode: 'PASTCODE',
          appointment: details,
        },
      },
      PUBLIC,
    ),
  ]);
  let last = await recordedAt(context, 0, T1);

  await store.append(`calendar-${CALENDAR}`, 'any', [
    recordable({ type: 'CalendarUpdated', data: { calendarId: CALENDAR, changes: { name: 'Clinic Now' }, at: T2 } }),
  ]);
  await store.appendMany([
    {
      streamId: day1,
      expectedRevision: 'any',
      events: [
        recordable({
          type: 'AppointmentMovedAway',
          data: { calendarId: CALENDAR, date: DAY1, at: T2, appointmentId: APPOINTMENT, toDate: DAY2 },
        }),
      ],
    },
    {
      streamId: day2,
      expectedRevision: 'any',
      events: [
        recordable({
          type: 'AppointmentMovedHere',
          data: {
            calendarId: CALENDAR,
            date: DAY2,
            at: T2,
            appointmentId: APPOINTMENT,
            laneId: 8602,
            startTime: '09:30:00',
            endTime: '09:45:00',
            version: 2,
            confirmationCode: 'PASTCODE',
            appointment: details,
            changes: ['date'],
            lockToken: null,
            fromDate: DAY1,
          },
        }),
      ],
    },
  ]);
  last = await recordedAt(context, last, T2);

  await store.append(day2, 'any', [
    recordable({
      type: 'AppointmentCancelled',
      data: { calendarId: CALENDAR, date: DAY2, at: T3, appointmentId: APPOINTMENT },
    }),
  ]);
  last = await recordedAt(context, last, T3);

  await appendAnalyticsScenario(store);
  await recordedAt(context, last, T4);
}

test.before(async (context) => {
  context.database = await createTestDatabase();
  context.store = new PostgresEventStore(context.database.pool, context.database.url);
  await appendHistory(context);
  await new ProjectionRunner({
    store: context.store,
    knex: context.database.knex,
    databaseUrl: context.database.url,
    projections: allProjections,
    logger: silentLogger,
  }).catchUp();
});
test.after(async (context) => {
  await context.database.drop();
});

const rows = async (context: Context, sql: string, bindings: unknown[] = []) =>
  (await context.database.knex.raw(sql, bindings as never[])).rows as Record<string, unknown>[];

const replay = (context: Context, until: string, schema: string, replace = false) =>
  replayUntil({
    store: context.store,
    knex: context.database.knex,
    projections: allProjections,
    until,
    schema,
    replace,
    batchSize: 2,
  });

const appointment = async (context: Context, schema: string) =>
  rows(context, `select date, start_time, confirmation_code from ${schema}.appointments where id = ?`, [APPOINTMENT]);
const calendarName = async (context: Context, schema: string) =>
  (await rows(context, `select name from ${schema}.calendars where id = ?`, [CALENDAR]))[0]?.name;
const dateCounts = async (context: Context, schema: string) =>
  Object.fromEntries(
    (
      await rows(
        context,
        `select date, appointment_count from ${schema}.calendar_dates where calendar_id = ? order by date`,
        [CALENDAR],
      )
    ).map((row) => [row.date, row.appointment_count]),
  );
const history = async (context: Context, schema: string) =>
  (
    await rows(
      context,
      `select action from ${schema}.appointment_history where appointment_id = ? order by commit_position, prepare_position`,
      [APPOINTMENT],
    )
  ).map((row) => row.action);
/** Rows of one relation missing from the other, either way (compared as jsonb: json columns have no equality). */
const differences = (context: Context, a: string, b: string) =>
  rows(
    context,
    `(select to_jsonb(t) from ${a} t except all select to_jsonb(t) from ${b} t)
     union all (select to_jsonb(t) from ${b} t except all select to_jsonb(t) from ${a} t)`,
  );
const schemaExists = async (context: Context, name: string) =>
  (await rows(context, 'select 1 from pg_namespace where nspname = ?', [name])).length === 1;

test('a replay shows the read models as they were at the moment, the live tables the present', async (context) => {
  const afterBooking = await replay(context, '2026-11-20T11:00:00Z', 'asof_20261120_110000');
  assert.equal(afterBooking.schemas, ['asof_20261120_110000', 'asof_20261120_110000_analytics']);
  assert.equal(await appointment(context, 'asof_20261120_110000'), [
    { date: DAY1, start_time: '09:00:00', confirmation_code: 'PASTCODE' },
  ]);
  assert.is(await calendarName(context, 'asof_20261120_110000'), 'Clinic Then');
  assert.equal(await dateCounts(context, 'asof_20261120_110000'), { [DAY1]: 1, [DAY2]: 0 });
  assert.equal(await history(context, 'asof_20261120_110000'), ['created']);

  // A moment equal to an event's recorded time includes it: the move at 12:00 is there.
  await replay(context, T2, 'asof_at_move');
  assert.equal(await appointment(context, 'asof_at_move'), [
    { date: DAY2, start_time: '09:30:00', confirmation_code: 'PASTCODE' },
  ]);
  assert.is(await calendarName(context, 'asof_at_move'), 'Clinic Now');
  assert.equal(await dateCounts(context, 'asof_at_move'), { [DAY1]: 0, [DAY2]: 1 });
  assert.equal((await history(context, 'asof_at_move')).length, 2);

  // Before anything: empty read models, and a replay_info that says so.
  const before = await replay(context, '2026-11-20T09:59:59.999Z', 'asof_before');
  assert.is(before.cut.last, null);
  assert.equal(await appointment(context, 'asof_before'), []);
  assert.is(await calendarName(context, 'asof_before'), undefined);
  assert.equal(await rows(context, 'select last_position, events_applied::int from asof_before.replay_info'), [
    { last_position: null, events_applied: 0 },
  ]);

  // The live read models show the present: cancelled, so gone; three steps of history.
  assert.equal(await appointment(context, 'public'), []);
  assert.is(await calendarName(context, 'public'), 'Clinic Now');
  assert.equal(await dateCounts(context, 'public'), { [DAY1]: 0, [DAY2]: 0 });
  assert.equal((await history(context, 'public')).length, 3);

  // The analytics companion holds its tables and views as of then.
  assert.equal(
    await rows(
      context,
      `select date::text, status from asof_20261120_110000_analytics.appointments where appointment_id = ?`,
      [APPOINTMENT],
    ),
    [{ date: DAY1, status: 'booked' }],
  );
  assert.equal(
    await rows(
      context,
      `select bookings from asof_20261120_110000_analytics.bookings_per_day where calendar_id = ? and date = ?`,
      [CALENDAR, DAY1],
    ),
    [{ bookings: 1 }],
  );
  assert.equal(
    await rows(context, `select status from analytics.appointments where appointment_id = ?`, [APPOINTMENT]),
    [{ status: 'cancelled' }],
  );

  // replay_info: the moment, the last event recorded by then and how many events the log held up to it.
  const [info] = await rows(
    context,
    `select until, last_position, last_recorded_at, events_applied::int, replay_of, schemas, read_models
       from asof_20261120_110000.replay_info`,
  );
  const [lastEvent] = await rows(
    context,
    `select tx_id::text || '/' || global_position as position, count(*) over ()::int as events from es_events
      where recorded_at <= ? order by tx_id desc, global_position desc limit 1`,
    ['2026-11-20T11:00:00Z'],
  );
  assert.is((info!.until as Date).toISOString(), '2026-11-20T11:00:00.000Z');
  assert.is(info!.last_position, lastEvent!.position);
  assert.is((info!.last_recorded_at as Date).toISOString(), T1);
  assert.is(info!.events_applied, 4);
  assert.is(info!.replay_of, 'asof_20261120_110000');
  assert.equal(info!.schemas, ['asof_20261120_110000', 'asof_20261120_110000_analytics']);
  assert.is((info!.read_models as Record<string, number>).appointments, 1);
  assert.is((info!.read_models as Record<string, number>).calendars, 1);
  assert.not.ok('confirmationMails' in (info!.read_models as object));
});

test('the live tables, the checkpoints and the mail queue are left as they were', async (context) => {
  const liveTables = allProjections.flatMap((projection) =>
    projection.tables.map((table) => `${projection.schema ?? 'public'}.${table}`),
  );
  const snapshot = async () => {
    const tables: Record<string, unknown> = {};
    for (const table of [...liveTables, 'public.projection_checkpoints', 'public.mail_queue'])
      tables[table] = JSON.parse(JSON.stringify(await rows(context, `select * from ${table} order by 1, 2`)));
    return tables;
  };
  const before = await snapshot();
  // The booking queued its confirmation once, live; a replay must not queue it again.
  assert.is((before['public.mail_queue'] as unknown[]).length, 1);
  await replay(context, '2026-11-20T11:00:00Z', 'asof_untouched');
  assert.equal(await snapshot(), before);
});

test('replayed up to the end of the log, every read model equals the live one', async (context) => {
  const result = await replay(context, new Date().toISOString(), 'asof_now');
  assert.ok(result.cut.events > 20);
  for (const projection of allProjections) {
    const schema = projection.schema ? 'asof_now_analytics' : 'asof_now';
    for (const table of projection.tables) {
      const home = `${projection.schema ?? 'public'}.${table}`;
      const replayed = `${schema}.${table}`;
      assert.equal(await differences(context, home, replayed), [], `${replayed} differs from ${home}`);
      const count = await rows(context, `select count(*)::int as count from ${home}`);
      assert.equal(await rows(context, `select count(*)::int as count from ${replayed}`), count, replayed);
    }
  }
  for (const view of ['bookings_per_day', 'utilisation', 'course_fill', 'age_bands']) {
    assert.ok((await rows(context, `select 1 from analytics.${view}`)).length > 0, view);
    assert.equal(await differences(context, `analytics.${view}`, `asof_now_analytics.${view}`), [], view);
  }
});

test('an existing schema is refused, replaced with --replace, and never when it is not a replay', async (context) => {
  await replay(context, '2026-11-20T11:00:00Z', 'asof_twice');
  try {
    await replay(context, T3, 'asof_twice');
    assert.unreachable('a second replay into the same schema');
  } catch (error) {
    assert.instance(error, ReplayRefused);
    assert.match((error as Error).message, /asof_twice exists already: add --replace/);
  }
  assert.equal(await appointment(context, 'asof_twice'), [
    { date: DAY1, start_time: '09:00:00', confirmation_code: 'PASTCODE' },
  ]);
  await replay(context, T2, 'asof_twice', true);
  assert.equal(await appointment(context, 'asof_twice'), [
    { date: DAY2, start_time: '09:30:00', confirmation_code: 'PASTCODE' },
  ]);
  assert.equal(await rows(context, 'select until from asof_twice.replay_info'), [{ until: new Date(T2) }]);

  await context.database.knex.raw('create schema notes; create table notes.keep (id int)');
  for (const replace of [false, true]) {
    try {
      await replay(context, T2, 'notes', replace);
      assert.unreachable('a replay over a schema that is not one');
    } catch (error) {
      assert.instance(error, ReplayRefused);
      assert.match((error as Error).message, replace ? /is not a replay's/ : /exists already/);
    }
  }
  assert.equal(await rows(context, 'select count(*)::int as count from notes.keep'), [{ count: 0 }]);

  for (const name of ['public', 'analytics', 'pg_temp', 'Bad-Name']) {
    try {
      await replay(context, T2, name, true);
      assert.unreachable(name);
    } catch (error) {
      assert.instance(error, ReplayRefused, name);
    }
  }
  assert.ok(await schemaExists(context, 'analytics'));
});

test('--drop drops a replay and its companion, and nothing that is not a replay', async (context) => {
  await replay(context, T2, 'audit_case_7');
  await replay(context, T2, 'asof_20261120_120000');
  const listed = (await listReplays(context.database.knex)).map((replay) => replay.schema);
  assert.ok(listed.includes('audit_case_7'));
  assert.ok(listed.includes('asof_20261120_120000'));
  assert.not.ok(listed.includes('audit_case_7_analytics'), 'companions are listed with their replay');

  assert.equal(await dropReplay(context.database.knex, 'audit_case_7'), ['audit_case_7', 'audit_case_7_analytics']);
  assert.not.ok(await schemaExists(context, 'audit_case_7'));
  assert.not.ok(await schemaExists(context, 'audit_case_7_analytics'));
  assert.equal(await dropReplay(context.database.knex, 'asof_20261120_120000_analytics'), [
    'asof_20261120_120000',
    'asof_20261120_120000_analytics',
  ]);
  assert.not.ok(await schemaExists(context, 'asof_20261120_120000'));

  await context.database.knex.raw('create schema if not exists kept; create table kept.t (id int)');
  for (const name of ['public', 'analytics', 'kept', 'no_such_schema']) {
    try {
      await dropReplay(context.database.knex, name);
      assert.unreachable(name);
    } catch (error) {
      assert.instance(error, ReplayRefused, name);
    }
  }
  for (const name of ['public', 'analytics', 'kept']) assert.ok(await schemaExists(context, name), name);
  assert.equal(await appointment(context, 'public'), []);
  assert.is(await calendarName(context, 'public'), 'Clinic Now');
});

test('arguments: what each means, and a clear refusal of what makes no sense', () => {
  const now = new Date('2026-11-25T00:00:00Z');
  const parse = (...argv: string[]) => parseReplayArgs(argv, { now, projections: allProjections });
  assert.equal(parse('--until', '2026-11-20T17:00:00Z'), {
    kind: 'build',
    until: '2026-11-20T17:00:00Z',
    schema: 'asof_20261120_170000',
    replace: false,
  });
  assert.equal(parse('--until=2026-11-20T12:00:00.5-05:00', '--schema=case_12', '--replace'), {
    kind: 'build',
    until: '2026-11-20T12:00:00.5-05:00',
    schema: 'case_12',
    replace: true,
  });
  assert.equal(parse('--until', '2026-11-20T12:30-05:00'), {
    kind: 'build',
    until: '2026-11-20T12:30-05:00',
    schema: 'asof_20261120_173000',
    replace: false,
  });
  assert.equal(parse('--list'), { kind: 'list' });
  assert.equal(parse('--drop', 'asof_20261120_170000'), { kind: 'drop', schema: 'asof_20261120_170000' });
  assert.equal(parse('--help'), { kind: 'help' });

  const refusals: [string[], RegExp][] = [
    [[], /Say what to do/],
    [['--until'], /--until needs a value/],
    [['--until', '--replace'], /--until needs a value/],
    [['--until', '2026-11-20 17:00'], /not an ISO 8601 moment with its offset/],
    [['--until', '2026-11-20T17:00:00'], /with its offset/],
    [['--until', '2026-11-20'], /with its offset/],
    [['--until', 'yesterday'], /with its offset/],
    [['--until', '2026-02-30T10:00:00Z'], /not a real date and time/],
    [['--until', '2026-11-20T24:00:00Z'], /not a real date and time/],
    [['--until', '2027-01-01T00:00:00Z'], /in the future/],
    [['--until', '2026-11-20T17:00:00Z', '--schema', 'Case'], /not a plain schema name/],
    [['--until', '2026-11-20T17:00:00Z', '--schema', 'case-1'], /not a plain schema name/],
    [['--until', '2026-11-20T17:00:00Z', '--schema', '1case'], /not a plain schema name/],
    [['--until', '2026-11-20T17:00:00Z', '--schema', 'public'], /schema of the application/],
    [['--until', '2026-11-20T17:00:00Z', '--schema', 'x'.repeat(60)], /too long/],
    [['--until', '2026-11-20T17:00:00Z', '--list'], /--until and --list cannot go together/],
    [['--list', '--drop', 'asof_x'], /cannot go together/],
    [['--schema', 'case'], /Say what to do/],
    [['--list', '--replace'], /--replace goes with --until only/],
    [['--drop', 'a;drop table x'], /not a plain schema name/],
    [['--until', '2026-11-20T17:00:00Z', '--force'], /Unknown option --force/],
    [['2026-11-20T17:00:00Z'], /Unexpected argument/],
  ];
  for (const [argv, message] of refusals) {
    try {
      parse(...argv);
      assert.unreachable(argv.join(' '));
    } catch (error) {
      assert.instance(error, UsageError, argv.join(' '));
      assert.match((error as Error).message, message, argv.join(' '));
    }
  }
});

/** Runs `npm run audit:replay -- <args>` as a process against the suite's database. */
function cli(context: Context, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'projections/audit-replay/audit-replay-cli.ts', ...args],
      { env: { ...process.env, DATABASE_URL: context.database.url }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test('the command: builds, tells how to query, lists, refuses bad arguments with exit code 2', async (context) => {
  const bad = await cli(context, ['--until', 'last tuesday']);
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /--until "last tuesday" is not an ISO 8601 moment/);
  assert.match(bad.stderr, /Usage:/);
  assert.not.match(bad.stderr, /\n\s+at /, 'no stack trace');

  const built = await cli(context, ['--until', '2026-11-20T11:30:00Z']);
  assert.is(built.code, 0, built.stderr);
  assert.match(built.stdout, /Built asof_20261120_113000/);
  assert.match(built.stdout, /set search_path to asof_20261120_113000, public;/);
  assert.is(await calendarName(context, 'asof_20261120_113000'), 'Clinic Then');

  const again = await cli(context, ['--until', '2026-11-20T11:30:00Z']);
  assert.is(again.code, 2);
  assert.match(again.stderr, /exists already: add --replace/);
  assert.not.match(again.stderr, /\n\s+at /);

  const listed = await cli(context, ['--list']);
  assert.is(listed.code, 0, listed.stderr);
  assert.match(listed.stdout, /asof_20261120_113000\s+2026-11-20T11:30:00.000Z/);

  const refused = await cli(context, ['--drop', 'public']);
  assert.is(refused.code, 2);
  assert.match(refused.stderr, /Schema public is not a replay's/);

  const dropped = await cli(context, ['--drop', 'asof_20261120_113000']);
  assert.is(dropped.code, 0, dropped.stderr);
  assert.not.ok(await schemaExists(context, 'asof_20261120_113000'));
});

test.run();
