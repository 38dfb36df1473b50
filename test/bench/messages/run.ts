/**
 * The reminders' benchmark (`npm run bench -- reminders`; not a test), issue 19: on a throwaway database, book
 * `--reminders N` appointments (default 100,000) as AppointmentBooked events, let the messages projector schedule
 * their reminders into `message_queue` (4 in 5 by e-mail, 1 in 5 by SMS), then send them all through the outbox
 * adapters (mail: .eml files; SMS: .json files, under a throwaway folder) with `--dispatchers K` message dispatchers,
 * each in a process of its own as K instances would be (default 2), at a clock past every due time. The send is
 * timed from the processes' start (their module loading and first template cleaning included) to their end. Target: >= 500 reminders/s sent.
 * Checks that every reminder was sent once: every row 'sent', one MessageSent and one outbox file each.
 *   --reminders N     reminders (one per appointment; default 100000)
 *   --dispatchers K   dispatchers draining the queue at once (default 2)
 *   --profile         each dispatcher's process under node --cpu-prof, into .data/bench-profiles/
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PostgresEventStore } from '../../../commands/event-store/postgres';
import { connectDatabase, type Database } from '../../../commands/infrastructure/database';
import { createLogger } from '../../../commands/infrastructure/logger';
import { demoTemplates } from '../../../commands/seed/demo-reference-data';
import type { DateLane } from '../../../domain/calendar-dates/calendar-date';
import { defaultCalendarSettings } from '../../../domain/calendars/calendar';
import type { LogPosition, NewEvent } from '../../../domain/event-store/port';
import { migrateToLatest } from '../../../migrations/index';
import { appointmentsProjection } from '../../../projections/appointments/projection';
import { calendarsProjection } from '../../../projections/calendars/projection';
import { messagesProjection } from '../../../projections/messages/projection';
import { ProjectionRunner } from '../../../projections/runner/runner';
import { templatesProjection } from '../../../projections/templates/projection';
import { appointmentDetails } from '../../support/appointment-details';
import { startBenchServer, type BenchServer } from '../server';

const run = promisify(execFile);
const progress = (message: string) => process.stderr.write(`bench reminders: ${message}\n`);
const TARGET_PER_SECOND = 500;
const THRESHOLD_DAYS = 7;
/** Seven clinic days, each reminded seven days before at 09:00; the clock of the send is past the last due time. */
const DATES = ['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12', '2026-12-13'];
const BOOKED_AT = '2026-06-01T12:00:00.000Z';
const SEND_CLOCK = new Date('2026-12-06T14:01:00.000Z'); // 09:01 in Toronto, the day before the first clinic day
const CALENDAR_ID = 1;

function parseArgs(args: string[]): { reminders: number; dispatchers: number; profile: boolean } {
  const options = { reminders: 100_000, dispatchers: 2, profile: false };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--help' || arg === '-h') {
      console.log('usage: npm run bench -- reminders [--reminders N] [--dispatchers K] [--profile]');
      process.exit(0);
    }
    if (arg === '--profile') {
      options.profile = true;
      continue;
    }
    const match = /^--(reminders|dispatchers)(?:=(.*))?$/.exec(arg);
    const value = Number(match ? (match[2] ?? args[++index]) : NaN);
    if (!match || !Number.isSafeInteger(value) || value <= 0) throw new Error(`Unknown argument ${arg} (try --help)`);
    options[match[1] as 'reminders' | 'dispatchers'] = value;
  }
  return options;
}

function recordable(type: string, data: unknown, schemaVersion = 1): NewEvent {
  const eventId = randomUUID();
  return {
    eventId,
    type,
    schemaVersion,
    data,
    metadata: {
      eventId,
      occurredAt: BOOKED_AT,
      actor: { system: 'bench' },
      correlationId: eventId,
      causationId: null,
      schemaVersion,
    },
  };
}

const lane = (id: number): DateLane => ({
  id,
  name: 'Staff 1',
  startTime: '09:00:00',
  endTime: '17:00:00',
  durations: [{ value: 900, label: '15 min', isDefault: true }],
  slotInterval: 900,
  bookableSlots: [],
  breakSlots: [],
});

const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;

/** The templates, one calendar sending e-mails with a 7-day reminder, its dates and the bookings, as events. */
async function appendBookings(store: PostgresEventStore, reminders: number): Promise<LogPosition> {
  let lastPosition: LogPosition | undefined;
  for (const [index, fields] of demoTemplates.entries())
    await store.append(`emailTemplate-${index + 1}`, 'no_stream', [
      recordable('EmailTemplateCreated', { templateId: index + 1, fields, createdAt: BOOKED_AT }),
    ]);
  const settings = {
    ...defaultCalendarSettings,
    name: 'Bench Clinic',
    enabled: true,
    emailsEnabled: true,
    notificationTemplateId: 1,
    reminderTemplateId: 2,
    reminderThreshold: THRESHOLD_DAYS,
    extraReminderDays: [],
  };
  await store.append(`calendar-${CALENDAR_ID}`, 'no_stream', [
    recordable('CalendarCreated', { calendarId: CALENDAR_ID, settings, at: BOOKED_AT }, 3),
  ]);
  const perDate = Math.ceil(reminders / DATES.length);
  for (const [dateIndex, date] of DATES.entries()) {
    const stream = `calendarDate-${CALENDAR_ID}_${date}`;
    const laneId = dateIndex + 1;
    await store.append(stream, 'no_stream', [
      recordable('CalendarDateAdded', {
        calendarId: CALENDAR_ID,
        date,
        at: BOOKED_AT,
        calendarDateId: laneId,
        enabled: true,
        lanes: [lane(laneId)],
        seriesId: null,
        copiedFrom: null,
      }),
    ]);
    const first = dateIndex * perDate;
    const last = Math.min(reminders, first + perDate);
    for (let from = first; from < last; from += 1000) {
      const events: NewEvent[] = [];
      for (let index = from; index < Math.min(last, from + 1000); index++) {
        const start = 9 * 60 + (index % 32) * 15;
        const bySms = index % 5 === 4;
        events.push(
          recordable('AppointmentBooked', {
            calendarId: CALENDAR_ID,
            date,
            at: BOOKED_AT,
            appointmentId: index + 1,
            laneId,
            startTime: timeOf(start),
            endTime: timeOf(start + 15),
            lockToken: null,
            confirmationCode: `BENCH${String(index).padStart(5, '0')}`,
            appointment: appointmentDetails({
              email: bySms ? '' : `client${index}@example.org`,
              sendReminderEmail: !bySms,
              phone: `613-555-${String(index % 10_000).padStart(4, '0')}`,
              phoneReminderType: bySms ? 2 : 0,
              language: index % 3 === 0 ? 'fr' : 'en',
            }),
          }),
        );
      }
      lastPosition = (await store.append(stream, 'any', events)).position;
    }
  }
  if (!lastPosition) throw new Error('nothing was booked');
  return lastPosition;
}

export async function runRemindersBench(args: string[]): Promise<void> {
  const options = parseArgs(args);
  const outbox = path.resolve(`.data/bench-reminders-${process.pid}`);
  let server: BenchServer | undefined;
  let database: Database | undefined;
  try {
    server = await startBenchServer();
    progress(server.description);
    database = connectDatabase(server.url, { poolSize: 24 });
    await migrateToLatest(database.knex);
    const store = new PostgresEventStore(database.pool, database.url);

    progress(`booking ${options.reminders.toLocaleString('en-US')} appointments (AppointmentBooked events)`);
    let started = performance.now();
    const lastBooking = await appendBookings(store, options.reminders);
    const bookSeconds = (performance.now() - started) / 1000;

    progress('scheduling: the messages projector (with the appointments, calendars and templates read models)');
    const runner = new ProjectionRunner({
      store,
      knex: database.knex,
      databaseUrl: database.url,
      projections: [messagesProjection, appointmentsProjection, calendarsProjection, templatesProjection],
      logger: createLogger('warn', false, process.stderr),
    });
    started = performance.now();
    // Running, not catchUp(): a catch-up stops at the oldest transaction still open on the server (another
    // database's too), so it may end before the last booking; waitFor follows the log to it.
    await runner.start();
    const reached = await runner.waitFor(lastBooking, 30 * 60_000);
    await runner.stop();
    if (!reached) throw new Error('the projectors did not reach the last booking within 30 minutes');
    const scheduleSeconds = (performance.now() - started) / 1000;
    const queued = await database
      .knex('message_queue')
      .groupBy('status', 'channel')
      .select('status', 'channel')
      .count();
    const pending = queued.filter((row) => row.status === 'pending').reduce((sum, row) => sum + Number(row.count), 0);
    if (pending !== options.reminders)
      throw new Error(
        `the projector queued ${pending} pending reminders, ${options.reminders} expected: ${JSON.stringify(queued)}`,
      );
    await database.pool.query('vacuum analyze message_queue, appointments');

    progress(`sending with ${options.dispatchers} instance(s) through the outbox adapters into ${outbox}`);
    // Each instance a process of its own (test/bench/messages/instance.ts), started before the clock starts.
    started = performance.now();
    const handled = await Promise.all(
      Array.from({ length: options.dispatchers }, async () => {
        const { stdout } = await run(
          process.execPath,
          [
            ...(options.profile ? ['--cpu-prof', '--cpu-prof-dir', '.data/bench-profiles'] : []),
            '--import',
            'tsx',
            'test/bench/messages/instance.ts',
            server!.url,
            outbox,
            SEND_CLOCK.toISOString(),
          ],
          { maxBuffer: 1024 * 1024 },
        );
        return (JSON.parse(stdout.trim().split('\n').at(-1)!) as { handled: number }).handled;
      }),
    );
    const sendSeconds = (performance.now() - started) / 1000;

    const statuses = await database.knex('message_queue').groupBy('status').select('status').count();
    const recorded = Number(
      (await database.pool.query<{ count: string }>(`select count(*) from es_events where type = 'MessageSent'`))
        .rows[0]!.count,
    );
    const files = await readdir(outbox);
    const failures: string[] = [];
    if (statuses.length !== 1 || statuses[0]!.status !== 'sent')
      failures.push(`queue statuses after sending: ${JSON.stringify(statuses)}`);
    if (recorded !== options.reminders) failures.push(`${recorded} MessageSent events, ${options.reminders} expected`);
    if (files.length !== options.reminders)
      failures.push(`${files.length} outbox files, ${options.reminders} expected`);

    const perSecond = options.reminders / sendSeconds;
    const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
    console.log('');
    console.log(
      `booked       ${options.reminders.toLocaleString('en-US')} appointments in ${bookSeconds.toFixed(1)} s`,
    );
    console.log(
      `scheduled    ${pending.toLocaleString('en-US')} reminders in ${scheduleSeconds.toFixed(1)} s ` +
        `(${Math.round(pending / scheduleSeconds).toLocaleString('en-US')}/s, projector catch-up with 3 other read models)`,
    );
    console.log(
      `sent         ${options.reminders.toLocaleString('en-US')} reminders in ${sendSeconds.toFixed(1)} s: ` +
        `${Math.round(perSecond).toLocaleString('en-US')} reminders/s (target >= ${TARGET_PER_SECOND}/s: ` +
        `${perSecond >= TARGET_PER_SECOND ? 'met' : 'NOT MET'}); per dispatcher ${handled.join(' + ')}`,
    );
    console.log(
      `by channel   ${queued.map((row) => `${row.channel} ${Number(row.count).toLocaleString('en-US')}`).join(', ')}`,
    );
    console.log(`Machine: ${os.availableParallelism()} cores (${cpu}), Node ${process.version}.`);
    if (failures.length > 0) throw new Error(`not every reminder was sent exactly once:\n  ${failures.join('\n  ')}`);
  } finally {
    await rm(outbox, { recursive: true, force: true });
    await database?.close().catch((error: unknown) => progress(`closing the pools failed: ${String(error)}`));
    await server?.dispose().catch((error: unknown) => progress(`cleaning up PostgreSQL failed: ${String(error)}`));
  }
}
