/**
 * What recording the access log costs the day view (`npm run bench -- access-log`; not a test). The real app
 * (test/bench/http/app-process.ts) runs on a throwaway database, alternately with the access log on (the default)
 * and off (ACCESS_LOG=off, which exists only for this measurement), each time loaded with the same staff day view
 * (GET /api/calendars/{id}/dates/{date}?timeslots=1, a date of 8 lanes with 40 appointments) by autocannon. Every
 * request of an "on" round leaves an entry naming the day's 40 appointments, written in batches. Printed: each
 * round's requests/s and latency, and the ratio on/off of the same run; then the entries written and the chain
 * verified from end to end.
 *   --seconds N      measured time of each round (default 5), after a 1 s warm-up
 *   --connections N  concurrent connections (default 20)
 *   --rounds N       rounds of each mode, alternated (default 2)
 *   --workers N      API workers, as WEB_CONCURRENCY (default 1)
 */
import path from 'node:path';
import { auditVerify } from '../../../commands/access-log/verify';
import { connectDatabase } from '../../../commands/infrastructure/database';
import { addDays, todayIn } from '../../../domain/shared/plain-date';
import { request } from '../../support/http';
import { bearer, signIn } from '../../support/identity';
import { settle, warmThenRun, type LoadResult } from '../http/load';
import { startProcess, type ServerProcess } from '../http/processes';
import { startBenchServer, type BenchServer } from '../server';

const progress = (message: string) => process.stderr.write(`bench access-log: ${message}\n`);
const LANES = 8;
const APPOINTMENTS = 40;

interface Options {
  seconds: number;
  connections: number;
  rounds: number;
  workers: number;
}

function parseArgs(args: string[]): Options {
  const options: Options = { seconds: 5, connections: 20, rounds: 2, workers: 1 };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--help' || arg === '-h') {
      console.log('usage: npm run bench -- access-log [--seconds N] [--connections N] [--rounds N] [--workers N]');
      process.exit(0);
    }
    const match = /^--(seconds|connections|rounds|workers)(?:=(.*))?$/.exec(arg);
    const value = Number(match ? (match[2] ?? args[++index]) : NaN);
    if (!match || !(value > 0)) throw new Error(`Unknown argument ${arg} (try --help)`);
    options[match[1] as keyof Options] = value;
  }
  return options;
}

async function call(baseUrl: string, method: string, path: string, body: unknown, headers: Record<string, string>) {
  const answer = await request(baseUrl, method, path, body, headers);
  if (answer.status >= 300) throw new Error(`setup: ${method} ${path} answered ${answer.status} ${answer.text}`);
  return answer.json;
}

/** A calendar of 8 lanes with one date a week ahead, booked by staff with 40 appointments of two clients. */
async function bookedDay(baseUrl: string, headers: Record<string, string>) {
  const [demo] = (await call(baseUrl, 'GET', '/api/calendars', undefined, headers)).items;
  const lanes = Array.from({ length: LANES }, (_, index) => ({
    name: `Nurse ${index + 1}`,
    startTime: '08:45:00',
    endTime: '15:00:00',
    durations: [{ value: 900, isDefault: true }],
    slotInterval: 900,
  }));
  const calendar = await call(
    baseUrl,
    'POST',
    '/api/calendars',
    {
      name: 'Audited Day',
      enabled: true,
      locationId: demo.locationId,
      categoryId: demo.categoryId,
      allowMultipleClients: true,
      lanes,
    },
    headers,
  );
  const date = addDays(todayIn('America/Toronto', new Date()), 7);
  const [saved] = (
    await call(baseUrl, 'POST', `/api/batch/calendars/${calendar.id}/dates`, { dates: [date], lanes }, headers)
  ).items;
  for (let index = 0; index < APPOINTMENTS; index++) {
    const minutes = 8 * 60 + 45 + 15 * Math.floor(index / LANES);
    const startTime = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
    const end = minutes + 15;
    const endTime = `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}:00`;
    const lock = await call(
      baseUrl,
      'POST',
      '/api/locks',
      { calendarDateLaneId: saved.lanes[index % LANES].id, startTime, endTime },
      headers,
    );
    await call(
      baseUrl,
      'POST',
      '/api/appointments',
      {
        lockToken: lock.token,
        startTime,
        endTime,
        clientData: [
          { firstName: `Client${index}`, lastName: 'Bench' },
          { firstName: `Child${index}`, lastName: 'Bench' },
        ],
        email: '',
        language: 'en',
        phone: '613-555-0100',
        phoneReminderType: 1,
      },
      headers,
    );
  }
  return `/api/calendars/${calendar.id}/dates/${date}?timeslots=1`;
}

/** Columns padded to their widest cell. */
function formatTable(rows: Record<string, string>[]): string {
  const columns = Object.keys(rows[0] ?? {});
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, index) => cell.padStart(widths[index]!)).join('  ');
  return [line(columns), ...rows.map((row) => line(columns.map((column) => row[column]!)))].join('\n');
}

interface Round {
  mode: 'on' | 'off';
  result: LoadResult;
}

export async function runAccessLogBench(args: string[]): Promise<void> {
  const options = parseArgs(args);
  let database: BenchServer | undefined;
  let app: ServerProcess | undefined;
  const dataDir = path.resolve(`.data/bench-access-log-${process.pid}`);
  const start = async (mode: 'on' | 'off') => {
    process.env.ACCESS_LOG = mode; // the app process inherits it
    return startProcess('app-process.ts', [database!.url, dataDir, String(options.workers)]);
  };
  const rounds: Round[] = [];
  try {
    database = await startBenchServer();
    progress(database.description);
    app = await start('on');
    const admin = { email: String(app.ready.email), password: String(app.ready.password) };
    const headers = bearer(await signIn(app.url, admin.email, admin.password));
    progress(`booking ${APPOINTMENTS} appointments on one day`);
    const dayView = await bookedDay(app.url, headers);
    const modes = Array.from({ length: options.rounds }, () => ['on', 'off'] as const).flat();
    for (const [index, mode] of modes.entries()) {
      if (index > 0) {
        await app.stop();
        app = await start(mode);
      }
      const token = bearer(await signIn(app.url, admin.email, admin.password));
      progress(`round ${index + 1}/${modes.length}: access log ${mode}, ${options.seconds} s`);
      const result = await warmThenRun(
        {
          url: `${app.url}${dayView}`,
          headers: token,
          connections: options.connections,
          duration: options.seconds,
        },
        1,
      );
      if (result.failures > 0) throw new Error(`round ${index + 1}: ${result.failures} failures`);
      rounds.push({ mode, result });
      await settle(app.url);
    }
    await app.stop(); // flushes what is queued
    app = undefined;

    const db = connectDatabase(database.url);
    const entries = Number((await db.knex('access_log').count({ count: '*' }).first())!.count);
    const lines: string[] = [];
    const verifyStarted = performance.now();
    const verified = await auditVerify(db.knex, (line) => lines.push(line));
    const verifyMs = performance.now() - verifyStarted;
    await db.close();

    const mean = (mode: 'on' | 'off', pick: (result: LoadResult) => number) => {
      const chosen = rounds.filter((round) => round.mode === mode).map((round) => pick(round.result));
      return chosen.reduce((sum, value) => sum + value, 0) / chosen.length;
    };
    const table = rounds.map((round, index) => ({
      round: String(index + 1),
      'access log': round.mode,
      'req/s': round.result.requestsPerSecond.toFixed(0),
      'p50 ms': round.result.p50Ms.toFixed(1),
      'p99 ms': round.result.p99Ms.toFixed(1),
    }));
    console.log(
      `\nDay view (${APPOINTMENTS} appointments, ${LANES} lanes), ${options.connections} connections, ${options.workers} worker(s):\n`,
    );
    console.log(formatTable(table));
    const ratio = mean('on', (result) => result.requestsPerSecond) / mean('off', (result) => result.requestsPerSecond);
    console.log(
      `\nthroughput on/off: ${ratio.toFixed(3)}x; p50 on ${mean('on', (r) => r.p50Ms).toFixed(1)} ms vs off ${mean('off', (r) => r.p50Ms).toFixed(1)} ms; p99 on ${mean('on', (r) => r.p99Ms).toFixed(1)} ms vs off ${mean('off', (r) => r.p99Ms).toFixed(1)} ms`,
    );
    console.log(`${entries} entries written; ${lines.join(' ')} (${(verifyMs / 1000).toFixed(2)} s to verify)`);
    if (verified !== 0) throw new Error('the chain did not verify');
  } finally {
    await app?.stop();
    await database?.dispose();
  }
}
