/**
 * The HTTP benchmark (`npm run bench:http`; not a test): the real app (api/server.ts, demo seed plus a calendar of
 * 8 lanes x 55 dates offered by a public service) and a bare Koa + one-query reference server, each in its own
 * process, on one throwaway PostgreSQL (as `npm run bench`), loaded by autocannon over loopback. Every figure is
 * printed with its ratio to the reference measured in the same run.
 *   --seconds N   measured time of each timed scenario (default 10)
 *   --warmup S    warm-up before each availability measurement (default 2)
 *   --profile [availability|lock-book|lock-book-hot]
 *                 run the app under `node --cpu-prof`, load one scenario only (public availability at 50 connections,
 *                 the default; lock+book with 200 clients over the 50 load dates; or lock+book with 200 clients on
 *                 the slots of 4 dates only, 800 cycles, as a rush on the first dates offered), and print the profile's
 *                 top self-time functions (the .cpuprofile stays in .data/bench-profiles/)
 *   --scenario [availability|lock-book|lock-book-hot|lag]
 *                 load that one scenario as --profile does, without the profiler, and print its figure: a quick
 *                 before/after of a change (run each side a few times, alternating; the machine's speed drifts);
 *                 `lag` is the whole run's projection lag (its load booked to 60% first, then 200 bookings/s offered)
 *   --busy-cores N
 *                 keep N cores busy (a spinning process each) through the run: a slow day, made on purpose
 *   --workers N   run the app as `npm start` with WEB_CONCURRENCY=N (default: as `npm start` runs it, one worker a
 *                 core, at most 4; 1 is one process, whose figures compare run to run on any machine); RSS is the
 *                 largest worker's
 *   --instances N after the single-instance scenarios, stop the app and start N app instances instead (separate
 *                 processes, test/support/app-instance.ts, each on its own port, all on the benchmark's database), then
 *                 load them together, the connections dealt round-robin over them by one autocannon: public
 *                 availability at 50 connections, and lock+book with 200 clients on a fresh calendar (distinct free
 *                 slots; double bookings checked). Printed beside the single instance's figures of the same run, with
 *                 the ratio and the machine's core count (default 1: no instances)
 *   --replay-events N
 *                 grow the log to N events (copies of a busy date of the run) and rebuild every read model from it, with
 *                 the app stopped (default 1000000; 0 skips it)
 *   --markdown    print the table as Markdown
 * BENCH_APP_NODE_FLAGS (environment) adds Node flags to the app's process only, e.g. to try a heap setting.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { defaultWebConcurrency } from '../../../commands/infrastructure/config';
import { percentile } from '../report';
import { interrupted, startBenchServer, type BenchServer } from '../server';
import { measureAppAvailability, measureAvailability } from './availability';
import { startInstances, stopInstances } from './instances';
import { measureLockBook, slotPool, type LockBookFigures } from './lock-book';
import { measureLockRace } from './lock-race';
import { fillStream, measureOneClient } from './long-stream';
import { runLoad, settle, type LoadResult } from './load';
import { startProcess, withPeakRss, type ServerProcess } from './processes';
import { measureProjectionLag, prepareLagDate } from './projection-lag';
import { measureReplay } from './replay';
import { summariseProfile } from './profile-summary';
import { formatHttpTable, formatNumber as number, type HttpRow } from './report';
import { createBenchCalendar, type Slot } from './setup';

const SCENARIOS = ['availability', 'lock-book', 'lock-book-hot', 'lag'] as const;
/** The dates of `lock-book-hot`. */
const HOT_DATES = 4;

interface Options {
  seconds: number;
  warmup: number;
  workers: number;
  instances: number;
  replayEvents: number;
  /** Busy loops run beside the bench (--busy-cores), each holding a core: a slow day, made on purpose. */
  busyCores: number;
  /** One scenario only (--profile or --scenario). */
  profile: (typeof SCENARIOS)[number] | undefined;
  /** Whether that scenario runs under the profiler (--profile). */
  cpuProfile: boolean;
  markdown: boolean;
}

function parseArgs(args: string[]): Options {
  const options: Options = {
    seconds: 10,
    warmup: 2,
    workers: defaultWebConcurrency(),
    instances: 1,
    replayEvents: 1_000_000,
    busyCores: 0,
    profile: undefined,
    cpuProfile: false,
    markdown: false,
  };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--markdown') options.markdown = true;
    else if (arg === '--profile' || arg === '--scenario') {
      const scenario = args[index + 1];
      options.profile = SCENARIOS.find((known) => known === scenario)
        ? (index++, scenario as Options['profile'])
        : 'availability';
      options.cpuProfile = arg === '--profile';
    } else if (arg === '--replay-events') {
      const value = Number(args[++index]);
      if (!Number.isInteger(value) || value < 0)
        throw new Error('--replay-events needs a whole number (0 skips the replay)');
      options.replayEvents = value;
    } else if (arg === '--busy-cores') {
      const value = Number(args[++index]);
      if (!Number.isInteger(value) || value < 0) throw new Error('--busy-cores needs a whole number');
      options.busyCores = value;
    } else if (arg === '--seconds' || arg === '--warmup' || arg === '--workers' || arg === '--instances') {
      const value = Number(args[++index]);
      if (!Number.isFinite(value) || value < 0 || (arg !== '--warmup' && value === 0))
        throw new Error(`${arg} needs a positive number`);
      if ((arg === '--workers' || arg === '--instances') && !Number.isInteger(value))
        throw new Error(`${arg} needs a whole number`);
      options[arg.slice(2) as 'seconds' | 'warmup' | 'workers' | 'instances'] = value;
    } else
      throw new Error(
        `Unknown argument ${arg}: usage npm run bench:http -- [--seconds N] [--warmup S] [--workers N] [--instances N] [--replay-events N] [--profile|--scenario [availability|lock-book|lock-book-hot|lag]] [--busy-cores N] [--markdown]`,
      );
  }
  return options;
}

const progress = (message: string) => process.stderr.write(`bench:http: ${message}\n`);
const TIME_ZONE = 'America/Toronto';
/** Issue 13's condition for projection lag: bookings offered at this rate, whatever the answers' speed. */
const LAG_BOOKINGS_PER_SECOND = 200;
/** The share of the lag load's slots booked before the lag is measured. */
const LAG_DATES_BOOKED_BEFORE = 0.6;

async function soloLatency(url: string, count = 20): Promise<{ p50: number | null }> {
  const times: number[] = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50) };
}

async function doubleBookings(databaseUrl: string): Promise<{ booked: number; doubles: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ booked: string; doubles: string }>(
      `select count(*)::text as booked, (count(*) - count(distinct (data->>'laneId', data->>'startTime')))::text as doubles
         from es_events where type = 'AppointmentBooked'`,
    );
    return { booked: Number(rows[0]!.booked), doubles: Number(rows[0]!.doubles) };
  } finally {
    await client.end();
  }
}

async function streamLength(databaseUrl: string, date: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*)::text as n from es_events where stream_id like 'calendarDate-%' and data->>'date' = $1`,
      [date],
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** `count` processes spinning until killed, each holding a core, so that a run shows what a busy machine does. */
function startBusyLoops(count: number): ChildProcess[] {
  if (count > 0) progress(`${count} busy loop${count > 1 ? 's' : ''} beside the bench (--busy-cores)`);
  return Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}

type BenchCalendar = Awaited<ReturnType<typeof createBenchCalendar>>;

/**
 * Projection lag (issue 13: at 200 bookings/s) on probe dates of `bench`, under a lock+book load offered at that rate
 * on a calendar of its own (the scenarios before may have used up most of the first one's slots), whose dates are
 * first booked to a fixed share, as busy as a clinic's well into its rush, whatever the speed above.
 */
async function measureLagUnderLoad(
  appUrl: string,
  databaseUrl: string,
  {
    admin,
    bench,
    availabilityPath,
  }: { admin: { email: string; password: string }; bench: BenchCalendar; availabilityPath: string },
  options: Pick<Options, 'warmup' | 'seconds'>,
) {
  progress(
    `projection lag under a lock+book load of ${LAG_BOOKINGS_PER_SECOND} bookings/s: ${options.warmup} s warm-up + ${options.seconds} s`,
  );
  const probeSlots: Slot[] = [];
  for (const date of bench.lagDates)
    probeSlots.push(...(await prepareLagDate(appUrl, bench.serviceId, bench.slotsOf(date))));
  const lagLoad = await createBenchCalendar(appUrl, admin, TIME_ZONE, 'Bench Mass Clinic (lag load)');
  const lagPool = slotPool(lagLoad.loadDates.map((date) => lagLoad.slotsOf(date)));
  const prefill = Math.round(lagPool.left * LAG_DATES_BOOKED_BEFORE);
  progress(`booking ${prefill} of the lag load's ${lagPool.left} slots first`);
  await measureLockBook(appUrl, lagLoad.serviceId, lagPool, { clients: 200, maxCycles: prefill, seconds: 120 });
  // The probes start once the load has run its warm-up (its connections opened, its rate reached), as the other
  // scenarios measure after theirs.
  const until = performance.timeOrigin + performance.now() + (options.warmup + options.seconds) * 1000;
  const [lag, background] = await Promise.all([
    sleep(options.warmup * 1000).then(() =>
      measureProjectionLag(appUrl, databaseUrl, { ...bench, availabilityPath }, probeSlots, { until }),
    ),
    measureLockBook(appUrl, lagLoad.serviceId, lagPool, {
      perSecond: LAG_BOOKINGS_PER_SECOND,
      seconds: options.warmup + options.seconds + 2,
    }),
  ]);
  return { lag, background };
}

async function main(options: Options): Promise<void> {
  let database: BenchServer | undefined;
  let app: ServerProcess | undefined;
  let reference: ServerProcess | undefined;
  let instances: ServerProcess[] = [];
  const dataDir = path.resolve(`.data/bench-http-${process.pid}`);
  const profileDir = path.resolve('.data/bench-profiles');
  const busy = startBusyLoops(options.busyCores);
  try {
    database = await startBenchServer();
    progress(database.description);
    if (options.cpuProfile) mkdirSync(profileDir, { recursive: true });
    const before = options.cpuProfile ? new Set(readdirSync(profileDir)) : new Set<string>();
    progress('starting the app (migrations, projectors, demo seed)');
    app = await startProcess(
      'app-process.ts',
      [database.url, dataDir, String(options.workers)],
      options.cpuProfile ? { cpuProfileDir: profileDir } : {},
    );
    reference = await startProcess('reference-process.ts', [database.url]);
    progress('creating the bench calendar through the API');
    const admin = { email: String(app.ready.email), password: String(app.ready.password) };
    const bench = await createBenchCalendar(app.url, admin, TIME_ZONE);
    const availabilityPath = `/api/public/services/${bench.serviceId}/calendar/${bench.calendarId}/dates?duration=900`;
    const rows: HttpRow[] = [];

    if (options.profile) {
      let figures: string;
      const how = options.cpuProfile ? 'under the profiler' : 'alone';
      if (options.profile === 'lag') {
        const { lag, background } = await measureLagUnderLoad(
          app.url,
          database.url,
          { admin, bench, availabilityPath },
          options,
        );
        figures = `projection lag ${how}: lock -> public availability p50 ${lag.publicP50Ms?.toFixed(0)} ms, p99 ${lag.publicP99Ms?.toFixed(0)} ms (one poll ${lag.publicPollMs?.toFixed(0)} ms); booking -> staff day view p50 ${lag.staffP50Ms?.toFixed(0)} ms, p99 ${lag.staffP99Ms?.toFixed(0)} ms (one poll ${lag.staffPollMs?.toFixed(0)} ms); ${lag.probes} probes under ${background.bookingsPerSecond.toFixed(0)} bookings/s`;
      } else if (options.profile === 'availability') {
        progress(`${how}: public availability at 50 connections for ${options.seconds} s`);
        const load = await runLoad({ url: app.url + availabilityPath, connections: 50, duration: options.seconds });
        figures = `public availability ${how}: ${Math.round(load.requestsPerSecond)} req/s, p99 ${load.p99Ms} ms`;
      } else {
        const hot = options.profile === 'lock-book-hot';
        const dates = hot ? bench.loadDates.slice(0, HOT_DATES) : bench.loadDates;
        const pool = slotPool(dates.map((date) => bench.slotsOf(date)));
        const cycles = hot ? pool.left : undefined;
        progress(
          `${how}: lock+book with 200 clients ${hot ? `on ${HOT_DATES} dates, ${cycles} cycles` : `for ${options.seconds} s`}`,
        );
        const { result: load, peakRssMb } = await withPeakRss(app, () =>
          measureLockBook(app!.url, bench.serviceId, pool, {
            clients: 200,
            seconds: options.seconds,
            ...(cycles ? { maxCycles: cycles } : {}),
          }),
        );
        figures = `lock+book${hot ? ` on ${HOT_DATES} dates` : ''} ${how}: ${load.bookingsPerSecond.toFixed(0)} bookings/s, cycle p99 ${load.cycleP99Ms?.toFixed(0)} ms, ${load.failedLocks} locks and ${load.failedBookings} bookings failed, ${load.errors} errors, peak RSS ${peakRssMb.toFixed(0)} MB`;
      }
      await app.stop();
      app = undefined;
      if (!options.cpuProfile) {
        console.log(figures);
        return;
      }
      // One profile per thread (worker threads too): the main thread's, which answers the requests, is the largest.
      const written = readdirSync(profileDir)
        .filter((name) => name.endsWith('.cpuprofile') && !before.has(name))
        .sort((a, b) => statSync(path.join(profileDir, b)).size - statSync(path.join(profileDir, a)).size);
      if (written.length === 0) throw new Error(`no new .cpuprofile in ${profileDir}`);
      console.log(`${figures}\n`);
      console.log(`${path.join(profileDir, written[0]!)}\n`);
      console.log(summariseProfile(path.join(profileDir, written[0]!), 30));
      return;
    }

    const solo = await soloLatency(app.url + availabilityPath);
    const soloReference = await soloLatency(`${reference.url}/?calendarId=1`);
    rows.push({
      figure: 'public availability, 1 request alone',
      value: null,
      unit: '',
      p50Ms: solo.p50,
      p99Ms: null,
      ratio: solo.p50! / soloReference.p50!,
      notes: `55 dates x 8 lanes; reference ${soloReference.p50?.toFixed(2)} ms`,
    });

    const referenceAt: Record<number, { rps: number; p50: number; p99: number; rss: number }> = {};
    // The single instance's figures that the instances' are set against (--instances).
    const oneInstance: { availability50?: LoadResult; lockBook200?: LockBookFigures } = {};
    for (const connections of [50, 200]) {
      progress(
        `public availability, ${connections} connections: ${options.warmup} s warm-up + ${options.seconds} s, reference then app`,
      );
      const figures = await measureAvailability(app.url, reference.url, availabilityPath, {
        connections,
        seconds: options.seconds,
        warmup: options.warmup,
      });
      await settle(app.url);
      if (connections === 50) oneInstance.availability50 = figures.app;
      referenceAt[connections] = {
        rps: figures.reference.requestsPerSecond,
        p50: figures.reference.p50Ms,
        p99: figures.reference.p99Ms,
        rss: reference.rssMb(),
      };
      rows.push({
        figure: `reference (Koa + 1 query), ${connections} conn.`,
        value: figures.reference.requestsPerSecond,
        unit: 'req/s',
        p50Ms: figures.reference.p50Ms,
        p99Ms: figures.reference.p99Ms,
        ratio: 1,
        notes: '~30 rows of calendar_dates by primary key',
      });
      rows.push({
        figure: `public availability, ${connections} conn.`,
        value: figures.app.requestsPerSecond,
        unit: 'req/s',
        p50Ms: figures.app.p50Ms,
        p99Ms: figures.app.p99Ms,
        ratio: figures.app.requestsPerSecond / figures.reference.requestsPerSecond,
        notes: `p99 ${(figures.app.p99Ms / figures.reference.p99Ms).toFixed(1)}x the reference's`,
      });
    }
    const health = await runLoad({
      url: `${app.url}/api/health`,
      connections: 50,
      duration: Math.min(5, options.seconds),
    });
    await settle(app.url);
    rows.push({
      figure: 'GET /api/health, 50 conn.',
      value: health.requestsPerSecond,
      unit: 'req/s',
      p50Ms: health.p50Ms,
      p99Ms: health.p99Ms,
      ratio: health.requestsPerSecond / referenceAt[50]!.rps,
      notes: 'same process, no read model',
    });

    const pool = slotPool(bench.loadDates.map((date) => bench.slotsOf(date)));
    let peakRss = 0;
    const lockBookRow = (figures: LockBookFigures, reference: number): HttpRow => ({
      figure: `lock+book, ${figures.clients} clients, distinct slots`,
      value: figures.bookingsPerSecond,
      unit: 'bookings/s',
      p50Ms: figures.cycleP50Ms,
      p99Ms: figures.cycleP99Ms,
      ratio: figures.bookingsPerSecond / reference,
      notes: `${figures.bookings} booked; failures: ${figures.failedLocks} locks, ${figures.failedBookings} bookings, ${figures.errors} errors${figures.poolRanOut ? '; SLOTS RAN OUT' : ''}`,
    });
    for (const clients of [32, 200]) {
      progress(
        `lock+book, ${clients} clients on distinct slots over ${bench.loadDates.length} dates: ${options.seconds} s (${pool.left} slots left)`,
      );
      const { result, peakRssMb } = await withPeakRss(app, () =>
        measureLockBook(app!.url, bench.serviceId, pool, { clients, seconds: options.seconds }),
      );
      peakRss = Math.max(peakRss, peakRssMb);
      await settle(app.url);
      if (clients === 200) oneInstance.lockBook200 = result;
      rows.push(lockBookRow(result, referenceAt[clients === 32 ? 50 : 200]!.rps));
    }
    const { booked, doubles } = await doubleBookings(database.url);
    rows.push({
      figure: 'double bookings (whole run so far)',
      value: doubles,
      unit: 'slots',
      p50Ms: null,
      p99Ms: null,
      ratio: null,
      notes: `${booked} AppointmentBooked events in the store`,
    });
    rows.push({
      figure: 'RSS of the app (largest worker), peak under lock+book',
      value: peakRss,
      unit: 'MB',
      p50Ms: null,
      p99Ms: null,
      ratio: peakRss / referenceAt[200]!.rss,
      notes: `reference after its load: ${referenceAt[200]!.rss.toFixed(0)} MB`,
    });

    progress('500 lock attempts at once on 20 slots');
    const race = await measureLockRace(app.url, bench.serviceId, bench.slotsOf(bench.raceDate).slice(0, 20));
    rows.push({
      figure: '500 lock attempts on 20 slots',
      value: race.allAnsweredMs,
      unit: 'ms to answer all',
      p50Ms: race.p50Ms,
      p99Ms: race.p99Ms,
      ratio: race.p99Ms / referenceAt[200]!.p99,
      notes: `${race.winners} won (20 expected), ${race.refused} x 409, ${race.doubles} doubles${Object.keys(race.other).length ? `, other ${JSON.stringify(race.other)}` : ''}; ratio: p99 to the reference's p99 at 200`,
    });

    await settle(app.url);
    progress('lock+book latency: a date with 400 events against an empty one');
    const busySlots = bench.slotsOf(bench.busyDate);
    await fillStream(app.url, bench.serviceId, busySlots.slice(0, 8), 400);
    const priorEvents = await streamLength(database.url, bench.busyDate);
    const cycles = 30;
    const empty = await measureOneClient(app.url, bench.serviceId, bench.slotsOf(bench.emptyDate), cycles);
    const busy = await measureOneClient(app.url, bench.serviceId, busySlots.slice(8), cycles);
    rows.push({
      figure: 'lock+book, 1 client, empty date',
      value: null,
      unit: '',
      p50Ms: empty.cycleP50Ms,
      p99Ms: empty.cycleP99Ms,
      ratio: empty.cycleP50Ms! / referenceAt[50]!.p50,
      notes: `${cycles} cycles; ratio: p50 to the reference's p50 at 50`,
    });
    rows.push({
      figure: `lock+book, 1 client, date of ${priorEvents} events`,
      value: null,
      unit: '',
      p50Ms: busy.cycleP50Ms,
      p99Ms: busy.cycleP99Ms,
      ratio: busy.cycleP50Ms! / referenceAt[50]!.p50,
      notes: `${cycles} cycles; ${(busy.cycleP50Ms! / empty.cycleP50Ms!).toFixed(2)}x the empty date's p50`,
    });

    const { lag, background } = await measureLagUnderLoad(
      app.url,
      database.url,
      { admin, bench, availabilityPath },
      options,
    );
    const lagNotes = (poll: number | null) =>
      `${lag.probes} probes under ${background.bookingsPerSecond.toFixed(0)} bookings/s (${LAG_BOOKINGS_PER_SECOND} offered, dates ${LAG_DATES_BOOKED_BEFORE * 100}% booked before${background.poolRanOut ? '; SLOTS RAN OUT' : ''}); one poll ${poll?.toFixed(0)} ms; ratio: p99 to the reference's p99 at 50`;
    rows.push({
      figure: 'projection lag, lock -> public availability',
      value: null,
      unit: '',
      p50Ms: lag.publicP50Ms,
      p99Ms: lag.publicP99Ms,
      ratio: lag.publicP99Ms! / referenceAt[50]!.p99,
      notes: lagNotes(lag.publicPollMs),
    });
    rows.push({
      figure: 'projection lag, booking -> staff day view',
      value: null,
      unit: '',
      p50Ms: lag.staffP50Ms,
      p99Ms: lag.staffP99Ms,
      ratio: lag.staffP99Ms! / referenceAt[50]!.p99,
      notes: lagNotes(lag.staffPollMs),
    });

    const scaling: string[] = [];
    if (options.instances > 1) {
      const count = options.instances;
      // The instances replace the app (its projectors would otherwise hold every projection lock).
      await settle(app.url);
      await app.stop();
      app = undefined;
      progress(`starting ${count} app instances on the same database (test/support/app-instance.ts)`);
      instances = await startInstances(count, database.url, dataDir);
      const urls = instances.map((instance) => instance.url);
      await Promise.all(urls.map((url) => settle(url)));
      progress(
        `public availability over ${count} instances, 50 connections: ${options.warmup} s warm-up + ${options.seconds} s`,
      );
      const spread = await measureAppAvailability(urls, availabilityPath, {
        connections: 50,
        seconds: options.seconds,
        warmup: options.warmup,
      });
      await Promise.all(urls.map((url) => settle(url)));
      // Fresh slots: the single instance's scenarios may have used up most of the first calendar's.
      progress('creating a second bench calendar through the first instance');
      const fresh = await createBenchCalendar(urls[0]!, admin, TIME_ZONE, `Bench Mass Clinic (${count} instances)`);
      const freshPool = slotPool(fresh.loadDates.map((date) => fresh.slotsOf(date)));
      progress(`lock+book over ${count} instances, 200 clients on distinct slots: ${options.seconds} s`);
      const largest = { rssMb: () => Math.max(...instances.map((instance) => instance.rssMb())) };
      const { result: spreadLockBook, peakRssMb } = await withPeakRss(largest, () =>
        measureLockBook(urls, fresh.serviceId, freshPool, { clients: 200, seconds: options.seconds }),
      );
      await Promise.all(urls.map((url) => settle(url)));
      const after = await doubleBookings(database.url);
      const single = oneInstance.availability50!;
      const singleLockBook = oneInstance.lockBook200!;
      const dealt = `connections dealt round-robin over ${count} instances`;
      // N instances ÷ 1 instance; '-' when the single instance measured nothing (too short a run on a busy machine).
      const times = (many: number, one: number) => (one > 0 ? `${(many / one).toFixed(2)}x` : '-');
      rows.push({
        figure: `public availability, 50 conn., ${count} instances`,
        value: spread.requestsPerSecond,
        unit: 'req/s',
        p50Ms: spread.p50Ms,
        p99Ms: spread.p99Ms,
        ratio: spread.requestsPerSecond / referenceAt[50]!.rps,
        notes: `${times(spread.requestsPerSecond, single.requestsPerSecond)} 1 instance; ${dealt}`,
      });
      const lockBookOfInstances = lockBookRow(spreadLockBook, referenceAt[200]!.rps);
      rows.push({
        ...lockBookOfInstances,
        figure: `${lockBookOfInstances.figure}, ${count} instances`,
        notes: `${times(spreadLockBook.bookingsPerSecond, singleLockBook.bookingsPerSecond)} 1 instance; fresh calendar; ${lockBookOfInstances.notes}; largest instance RSS ${peakRssMb.toFixed(0)} MB`,
      });
      rows.push({
        figure: `double bookings (whole run, after ${count} instances)`,
        value: after.doubles,
        unit: 'slots',
        p50Ms: null,
        p99Ms: null,
        ratio: null,
        notes: `${after.booked} AppointmentBooked events in the store`,
      });
      const cores = os.availableParallelism();
      const against = (what: string, many: number, one: number, unit: string, extra = '') =>
        `${count} instances vs 1: ${what}: ${number(many)} ${unit} vs ${number(one)} ${unit} = ${times(many, one)} (target ≥ 2× when the machine has the cores for it; this machine: ${cores} cores${options.workers > 1 ? `; the 1 instance ran ${options.workers} API workers` : ''})${extra}`;
      scaling.push(
        against('public availability, 50 conn.', spread.requestsPerSecond, single.requestsPerSecond, 'req/s'),
        against(
          'lock+book, 200 clients, distinct slots',
          spreadLockBook.bookingsPerSecond,
          singleLockBook.bookingsPerSecond,
          'bookings/s',
          `; ${after.doubles} double bookings`,
        ),
      );
      progress(`stopping the ${count} instances`);
      const stopping = instances;
      instances = [];
      await stopInstances(stopping);
    }

    if (options.replayEvents > 0) {
      await app?.stop();
      app = undefined;
      const replay = await measureReplay(database.url, options.replayEvents, progress);
      rows.push({
        figure: `replay into every read model, ${(replay.events / 1e6).toFixed(2)}M events`,
        value: replay.events / replay.seconds,
        unit: 'events/s',
        p50Ms: null,
        p99Ms: null,
        ratio: null,
        notes: `${replay.seconds.toFixed(0)} s for all ${replay.readModels}, from one read of the log`,
      });
    }

    const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
    console.log('');
    console.log(formatHttpTable(rows, options.markdown));
    console.log('');
    console.log(
      `Machine: ${os.availableParallelism()} cores (${cpu}), Node ${process.version}${options.busyCores ? `, ${options.busyCores} of them kept busy (--busy-cores)` : ''}; ${options.seconds} s per timed scenario; app (${options.workers} API worker${options.workers > 1 ? 's' : ''}${options.instances > 1 ? `, then ${options.instances} instances` : ''}), reference and autocannon share the machine.`,
    );
    for (const line of scaling) console.log(line);
  } finally {
    await stopInstances(instances).catch((error: unknown) =>
      progress(`stopping the instances failed: ${String(error)}`),
    );
    await app?.stop().catch((error: unknown) => progress(`stopping the app failed: ${String(error)}`));
    await reference?.stop().catch((error: unknown) => progress(`stopping the reference failed: ${String(error)}`));
    await database?.dispose().catch((error: unknown) => progress(`cleaning up PostgreSQL failed: ${String(error)}`));
    rmSync(dataDir, { recursive: true, force: true });
    for (const loop of busy) loop.kill();
  }
}

try {
  await main(parseArgs(process.argv.slice(2)));
} catch (error) {
  if (interrupted()) process.exit(130);
  console.error('bench:http: FAILED');
  console.error(error);
  process.exit(1);
}
process.exit(0);
