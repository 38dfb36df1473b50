/**
 * The benchmark (`npm run bench`; not a test): append throughput and latency of the PostgreSQL event store, and
 * replay speed of the projector runner (catch-up from an empty checkpoint, and a rebuild), on a throwaway database.
 *   --seconds N   measured time of each append scenario (default 5), after a warm-up
 *   --warmup S    warm-up before each append scenario, in seconds (default 1)
 *   --events N    events in the log that the replay scenarios read (default 100000)
 * `npm run bench -- export [--appointments N]` runs the Data Exporter's benchmark instead (test/bench/export/run.ts).
 * `npm run bench -- access-log` measures the day view with and without the access log (test/bench/access-log/run.ts).
 * `npm run bench -- reminders [--reminders N]` schedules and sends reminders through the outboxes (test/bench/messages/run.ts).
 * Starts an embedded PostgreSQL in .data/bench-<pid> unless DATABASE_URL names a server (then it makes and drops a
 * database bench_<random> there). Prints a table; exits non-zero if anything failed, including a projection that
 * did not see every event exactly once. Compare with STACK.md, "Measured ceilings on this machine".
 */
import os from 'node:os';
import { comparePositions, type LogPosition, type NewEvent, type StreamAppend } from '../../domain/event-store/port';
import { PostgresEventStore } from '../../commands/event-store/postgres';
import { connectDatabase, type Database } from '../../commands/infrastructure/database';
import { silentLogger } from '../../commands/infrastructure/logger';
import { migrateToLatest } from '../../migrations/index';
import type { Projection } from '../../projections/runner/projection';
import { rebuildProjection } from '../../projections/runner/rebuild';
import { ProjectionRunner } from '../../projections/runner/runner';
import { counterProjection, countsByStream, createCounterTable } from '../support/counter-projection';
import { newEvent } from '../support/events';
import { formatTable, percentile, type Row } from './report';
import { interrupted, startBenchServer, type BenchServer } from './server';

// ---------------------------------------------------------------------------------------------------- options

interface Options {
  seconds: number;
  warmup: number;
  events: number;
}

function parseArgs(args: string[]): Options {
  const options: Options = { seconds: 5, warmup: 1, events: 100_000 };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--help' || arg === '-h') {
      console.log('usage: npm run bench -- [--seconds N] [--warmup S] [--events N]');
      process.exit(0);
    }
    const match = /^--(seconds|warmup|events)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`Unknown argument ${arg} (try --help)`);
    const key = match[1] as keyof Options;
    const raw = match[2] ?? args[++index];
    const value = Number(raw);
    const valid =
      key === 'events'
        ? Number.isSafeInteger(value) && value > 0
        : Number.isFinite(value) && (key === 'warmup' ? value >= 0 : value > 0);
    if (raw === undefined || !valid)
      throw new Error(
        `--${key} needs a ${key === 'events' ? 'positive integer' : 'positive number'}, got ${raw ?? 'nothing'}`,
      );
    options[key] = value;
  }
  return options;
}

const progress = (message: string) => process.stderr.write(`bench: ${message}\n`);
const now = () => performance.now();

// ---------------------------------------------------------------------------------------------------- appends

interface WriteScenario {
  label: string;
  /** Stream-id category; each writer appends to `<category>-<writer>`. */
  category: string;
  writers: number;
  eventsPerAppend: number;
}

interface WriteResult {
  appends: number;
  events: number;
  seconds: number;
  latencies: number[];
}

const benchEvents = (count: number, writer: number, revision: number): NewEvent[] =>
  Array.from({ length: count }, (_, index) =>
    newEvent('BenchAppended', { writer, n: revision + 1 + index, slot: '2026-11-23T09:00' }),
  );

/**
 * Each writer owns one stream and appends to it back to back, always with the exact expected revision (the stream is
 * created before the clock starts). Appends completing inside the measured window count; warm-up ones do not.
 */
async function measureWrites(
  store: PostgresEventStore,
  database: Database,
  scenario: WriteScenario,
  options: Options,
): Promise<WriteResult> {
  const streams = Array.from({ length: scenario.writers }, (_, writer) => `${scenario.category}-${writer}`);
  const revisions = await Promise.all(
    streams.map(
      async (stream, writer) =>
        (await store.append(stream, 'no_stream', benchEvents(scenario.eventsPerAppend, writer, -1))).revisions[stream]!,
    ),
  );
  const measureStart = now() + options.warmup * 1000;
  const measureEnd = measureStart + options.seconds * 1000;
  const latencies: number[] = [];
  let appends = 0;
  await Promise.all(
    streams.map(async (stream, writer) => {
      while (now() < measureEnd) {
        const revision = revisions[writer]!;
        const events = benchEvents(scenario.eventsPerAppend, writer, revision);
        const started = now();
        const result = await store.append(stream, revision, events);
        const finished = now();
        const reached = result.revisions[stream];
        if (reached !== revision + scenario.eventsPerAppend)
          throw new Error(`${stream}: append after ${revision} reached revision ${reached}`);
        revisions[writer] = reached;
        if (finished >= measureStart && finished <= measureEnd) {
          appends++;
          latencies.push(finished - started);
        }
      }
    }),
  );
  // Every append that returned must be in the log, and nothing else.
  const expected = revisions.reduce((sum, revision) => sum + revision + 1, 0);
  const stored = await database.pool.query<{ count: string }>(
    'select count(*)::text as count from es_events where stream_id = any($1)',
    [streams],
  );
  const storedEvents = Number(stored.rows[0]!.count);
  if (storedEvents !== expected)
    throw new Error(`${scenario.label}: ${expected} events appended, ${storedEvents} in the store`);
  return { appends, events: appends * scenario.eventsPerAppend, seconds: options.seconds, latencies };
}

// ---------------------------------------------------------------------------------------------------- replay

const REPLAY_STREAM_SIZE = 100;
const LOAD_STREAMS_PER_APPEND = 10;
const LOAD_WRITERS = 4;

interface LoadResult {
  expected: Record<string, number>;
  transactions: number;
  seconds: number;
  latencies: number[];
}

/** Fills the log with `total` `Counted` events: streams of 100, 10 streams (1,000 events) per appendMany, 4 loaders. */
async function loadReplayEvents(store: PostgresEventStore, total: number): Promise<LoadResult> {
  const expected: Record<string, number> = {};
  for (let offset = 0, index = 0; offset < total; offset += REPLAY_STREAM_SIZE, index++) {
    expected[`counted-${index}`] = Math.min(REPLAY_STREAM_SIZE, total - offset);
  }
  const batches: StreamAppend[][] = [];
  const entries = Object.entries(expected);
  for (let index = 0; index < entries.length; index += LOAD_STREAMS_PER_APPEND) {
    batches.push(
      entries.slice(index, index + LOAD_STREAMS_PER_APPEND).map(([streamId, count]) => ({
        streamId,
        expectedRevision: 'no_stream' as const,
        events: Array.from({ length: count }, (_, n) => newEvent('Counted', { n })),
      })),
    );
  }
  const latencies: number[] = [];
  const started = now();
  let next = 0;
  await Promise.all(
    Array.from({ length: LOAD_WRITERS }, async () => {
      while (next < batches.length) {
        const batch = batches[next++]!;
        const t = now();
        await store.appendMany(batch);
        latencies.push(now() - t);
      }
    }),
  );
  return { expected, transactions: batches.length, seconds: (now() - started) / 1000, latencies };
}

/** Wraps a projection to prove, independently of its read model, that it saw each event once and in log order. */
function tracked(inner: Projection) {
  let seen = new Set<string>();
  let last: LogPosition | null = null;
  const problems: string[] = [];
  const projection: Projection = {
    ...inner,
    async apply(trx, event, recorded) {
      if (seen.has(recorded.eventId) && problems.length < 5) problems.push(`event ${recorded.eventId} applied twice`);
      seen.add(recorded.eventId);
      if (last && comparePositions(recorded.position, last) <= 0 && problems.length < 5)
        problems.push(`event ${recorded.eventId} out of log order`);
      last = recorded.position;
      await inner.apply(trx, event, recorded);
    },
  };
  return {
    projection,
    reset() {
      seen = new Set();
      last = null;
      problems.length = 0;
    },
    get applied() {
      return seen.size;
    },
    get last() {
      return last;
    },
    problems,
  };
}

async function verifyReadModel(
  database: Database,
  what: string,
  expected: Record<string, number>,
  seen: ReturnType<typeof tracked>,
  total: number,
): Promise<void> {
  const failures = [...seen.problems];
  if (seen.applied !== total) failures.push(`${seen.applied} distinct events applied, ${total} expected`);
  const counts = await countsByStream(database.knex);
  const wrong = Object.entries(expected).filter(([stream, count]) => counts[stream] !== count);
  const extra = Object.keys(counts).filter((stream) => !(stream in expected));
  if (wrong.length > 0) {
    const [stream, count] = wrong[0]!;
    failures.push(
      `${wrong.length} streams counted wrongly (e.g. ${stream}: ${counts[stream] ?? 0}, expected ${count})`,
    );
  }
  if (extra.length > 0) failures.push(`${extra.length} unexpected streams counted (e.g. ${extra[0]})`);
  const checkpoint = await database.knex('projection_checkpoints').where({ name: 'bench_counter' }).first();
  if (Number(checkpoint?.events_handled) !== total)
    failures.push(`checkpoint says ${checkpoint?.events_handled} events handled, ${total} expected`);
  if (
    !seen.last ||
    checkpoint?.commit_position !== seen.last.commit.toString() ||
    checkpoint?.prepare_position !== seen.last.prepare.toString()
  ) {
    failures.push(
      `checkpoint (${checkpoint?.commit_position}, ${checkpoint?.prepare_position}) is not the last event applied`,
    );
  }
  if (failures.length > 0) throw new Error(`${what} did not see every event exactly once:\n  ${failures.join('\n  ')}`);
}

// ---------------------------------------------------------------------------------------------------- main

async function main(options: Options): Promise<void> {
  let server: BenchServer | undefined;
  let database: Database | undefined;
  try {
    server = await startBenchServer();
    progress(server.description);
    database = connectDatabase(server.url, { poolSize: 24 });
    await migrateToLatest(database.knex);
    const store = new PostgresEventStore(database.pool, database.url);
    const settings = await database.pool.query<{ version: string; fsync: string; synchronous_commit: string }>(
      `select current_setting('server_version') as version, current_setting('fsync') as fsync, current_setting('synchronous_commit') as synchronous_commit`,
    );
    const pgInfo = settings.rows[0]!;
    const rows: Row[] = [];

    const scenarios: (WriteScenario & { notes: string })[] = [
      {
        label: 'append, 1 writer, 1 event',
        category: 'benchOne',
        writers: 1,
        eventsPerAppend: 1,
        notes: 'exact revision; STACK: ~1,000/s (~3,000/s bare insert)',
      },
      {
        label: 'append, 16 writers, 1 event',
        category: 'benchSixteen',
        writers: 16,
        eventsPerAppend: 1,
        notes: 'own stream each; STACK: ~3,500/s (~10-13.5k bare)',
      },
      {
        label: 'append, 16 writers, 10 events',
        category: 'benchTen',
        writers: 16,
        eventsPerAppend: 10,
        notes: 'own stream each; STACK: ~20,000 events/s',
      },
    ];
    for (const scenario of scenarios) {
      progress(`${scenario.label}: ${options.warmup} s warm-up + ${options.seconds} s`);
      const result = await measureWrites(store, database, scenario, options);
      rows.push({
        measurement: scenario.label,
        eventsPerSecond: result.events / result.seconds,
        appendsPerSecond: result.appends / result.seconds,
        p50Ms: percentile(result.latencies, 50),
        p99Ms: percentile(result.latencies, 99),
        notes: scenario.notes,
      });
    }

    // Replay reads a log of exactly the loaded events: the append scenarios' events go first.
    await database.pool.query('truncate es_events, es_streams');
    progress(`loading ${options.events.toLocaleString('en-US')} events for the replay`);
    const load = await loadReplayEvents(store, options.events);
    await database.pool.query('vacuum analyze es_events, es_streams'); // so autovacuum does not run during the replay
    const total = await store.countEvents();
    if (total !== options.events) throw new Error(`loaded ${options.events} events, the store holds ${total}`);
    rows.push({
      measurement: 'bulk load (replay set-up)',
      eventsPerSecond: options.events / load.seconds,
      appendsPerSecond: load.transactions / load.seconds,
      p50Ms: percentile(load.latencies, 50),
      p99Ms: percentile(load.latencies, 99),
      notes: `appendMany of ${LOAD_STREAMS_PER_APPEND}x${REPLAY_STREAM_SIZE} events, ${LOAD_WRITERS} writers`,
    });

    // The read side alone, to tell the log read apart from the projection's writes in the two figures below.
    progress('replay: store.readAll() alone');
    let started = now();
    let readAlone = 0;
    for (let after: LogPosition | null = null; ;) {
      const batch = await store.readAll(after, 500);
      if (batch.length === 0) break;
      readAlone += batch.length;
      after = batch[batch.length - 1]!.position;
    }
    const readSeconds = (now() - started) / 1000;
    if (readAlone !== options.events)
      throw new Error(`readAll returned ${readAlone} events, ${options.events} expected`);
    rows.push({
      measurement: 'replay: store.readAll() alone',
      eventsPerSecond: options.events / readSeconds,
      appendsPerSecond: null,
      p50Ms: null,
      p99Ms: null,
      notes: 'batches of 500, no projection (read-side ceiling of the two below)',
    });

    await createCounterTable(database.knex);
    const seen = tracked(counterProjection('bench_counter'));
    const runner = new ProjectionRunner({
      store,
      knex: database.knex,
      databaseUrl: database.url,
      projections: [seen.projection],
      logger: silentLogger,
    });
    progress('replay: ProjectionRunner.catchUp() from an empty checkpoint');
    started = now();
    await runner.catchUp();
    const catchUpSeconds = (now() - started) / 1000;
    await verifyReadModel(database, 'catchUp()', load.expected, seen, options.events);
    rows.push({
      measurement: `replay: runner catchUp()`,
      eventsPerSecond: options.events / catchUpSeconds,
      appendsPerSecond: null,
      p50Ms: null,
      p99Ms: null,
      notes: `${options.events.toLocaleString('en-US')} events, batches of 500, counted exactly once`,
    });

    seen.reset();
    progress('replay: rebuildProjection()');
    started = now();
    const read = await rebuildProjection(seen.projection, { store, knex: database.knex });
    const rebuildSeconds = (now() - started) / 1000;
    if (read !== options.events) throw new Error(`rebuildProjection read ${read} events, ${options.events} expected`);
    await verifyReadModel(database, 'rebuildProjection()', load.expected, seen, options.events);
    rows.push({
      measurement: `replay: rebuildProjection()`,
      eventsPerSecond: options.events / rebuildSeconds,
      appendsPerSecond: null,
      p50Ms: null,
      p99Ms: null,
      notes: `${options.events.toLocaleString('en-US')} events, batches of 1,000, swapped in, counted exactly once`,
    });

    const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
    console.log('');
    console.log(formatTable(rows));
    console.log('');
    console.log(
      `Machine: ${os.availableParallelism()} cores (${cpu}), Node ${process.version}, PostgreSQL ${pgInfo.version} ` +
        `(fsync ${pgInfo.fsync}, synchronous_commit ${pgInfo.synchronous_commit}); ${options.seconds} s per append scenario after ${options.warmup} s warm-up.`,
    );
    console.log(
      `Reference: the ceilings in /work/shared/STACK.md ("Measured ceilings on this machine"); write figures vary 20-55% between runs, so compare ratios within one run.`,
    );
  } finally {
    await database?.close().catch((error: unknown) => progress(`closing the pools failed: ${String(error)}`));
    await server?.dispose().catch((error: unknown) => progress(`cleaning up PostgreSQL failed: ${String(error)}`));
  }
}

try {
  const args = process.argv.slice(2);
  // `npm run bench -- export`: the Data Exporter's benchmark (test/bench/export) instead of the event store's.
  if (args[0] === 'export') await (await import('./export/run')).runExportBench(args.slice(1));
  else if (args[0] === 'access-log') await (await import('./access-log/run')).runAccessLogBench(args.slice(1));
  else if (args[0] === 'reminders') await (await import('./messages/run')).runRemindersBench(args.slice(1));
  else await main(parseArgs(args));
} catch (error) {
  if (interrupted()) process.exit(130); // cleaned up already (finally in main); the error is the interruption's
  console.error('bench: FAILED');
  console.error(error);
  process.exit(1);
}
process.exit(0);
