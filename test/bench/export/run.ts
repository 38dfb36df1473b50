/**
 * The Data Exporter's benchmark (`npm run bench -- export`; not a test): a busy unit's year (100,000 appointments by
 * default) written straight into the read models of a throwaway database, then one export of the year, measured in
 * a process of its own (wall time, RSS before and at its peak), beside a reference measured in the same run: one
 * plain select of the same appointment rows, dropped. Targets (issue 17): within 30 s and 250 MB.
 *   --appointments N   appointments in the year (default 100000)
 */
import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';
import { connectDatabase, type Database } from '../../../commands/infrastructure/database';
import { migrateToLatest } from '../../../migrations/index';
import { startBenchServer, type BenchServer } from '../server';
import { seedBusyYear } from './seed';

const run = promisify(execFile);
const progress = (message: string) => process.stderr.write(`bench export: ${message}\n`);
const MB = 1024 * 1024;
const TARGET_SECONDS = 30;
const TARGET_MB = 250;
const YEAR = 2026;

interface Measured {
  mode: string;
  ms: number;
  rssBefore: number;
  peakRss: number;
  zipBytes?: number;
  answerBytes?: number;
  rows?: number;
  files?: { name: string; rows: number }[];
}

function parseArgs(args: string[]): { appointments: number } {
  let appointments = 100_000;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--help' || arg === '-h') {
      console.log('usage: npm run bench -- export [--appointments N]');
      process.exit(0);
    }
    const match = /^--appointments(?:=(.*))?$/.exec(arg);
    const value = Number(match ? (match[1] ?? args[++index]) : NaN);
    if (!match || !Number.isSafeInteger(value) || value <= 0) throw new Error(`Unknown argument ${arg} (try --help)`);
    appointments = value;
  }
  return { appointments };
}

async function measure(mode: 'export' | 'reference', url: string): Promise<Measured> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'test/bench/export/child.ts', mode, url, `${YEAR}-01-01`, `${YEAR}-12-31`],
    { maxBuffer: 16 * MB },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Measured;
}

const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

export async function runExportBench(args: string[]): Promise<void> {
  const options = parseArgs(args);
  let server: BenchServer | undefined;
  let database: Database | undefined;
  try {
    server = await startBenchServer();
    progress(server.description);
    database = connectDatabase(server.url, { poolSize: 4 });
    await migrateToLatest(database.knex);
    progress(`seeding ${options.appointments.toLocaleString('en-US')} appointments over ${YEAR}`);
    let started = performance.now();
    const seeded = await seedBusyYear(database.knex, {
      year: YEAR,
      appointments: options.appointments,
      registrations: 1_000,
    });
    progress(
      `seeded in ${((performance.now() - started) / 1000).toFixed(1)} s: ${seeded.dates} dates, ${seeded.clients} clients`,
    );
    await database.close();
    database = undefined;

    progress('reference: one plain select of the year’s appointments');
    const reference = await measure('reference', server.url);
    progress('export of the year');
    started = performance.now();
    const exported = await measure('export', server.url);
    progress(`export process done in ${((performance.now() - started) / 1000).toFixed(1)} s (with its start-up)`);

    const growth = exported.peakRss - exported.rssBefore;
    const lines = [
      '| measurement | wall time | × ref. | RSS before | peak RSS | growth | target |',
      '|---|---|---|---|---|---|---|',
      `| reference: select * from appointments (${reference.rows?.toLocaleString('en-US')} rows, kept at once) | ${(reference.ms / 1000).toFixed(2)} s | 1.00× | ${mb(reference.rssBefore)} | ${mb(reference.peakRss)} | ${mb(reference.peakRss - reference.rssBefore)} | |`,
      `| export of the year (zip ${mb(exported.zipBytes ?? 0)}, answer ${mb(exported.answerBytes ?? 0)} base64) | ${(exported.ms / 1000).toFixed(2)} s | ${(exported.ms / reference.ms).toFixed(2)}× | ${mb(exported.rssBefore)} | ${mb(exported.peakRss)} | ${mb(growth)} | ≤ ${TARGET_SECONDS} s: ${exported.ms <= TARGET_SECONDS * 1000 ? 'met' : 'not met'}; ≤ ${TARGET_MB} MB: ${exported.peakRss <= TARGET_MB * MB ? 'met (whole process)' : growth <= TARGET_MB * MB ? 'met (growth)' : 'not met'} |`,
    ];
    console.log('');
    console.log(lines.join('\n'));
    console.log('');
    console.log(
      `Files: ${(exported.files ?? []).map((file) => `${file.name} ${file.rows.toLocaleString('en-US')} rows`).join(', ')}`,
    );
    console.log(
      `Machine: ${os.availableParallelism()} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}. ` +
        'Peak RSS is the whole measuring process (Node, tsx, knex and the export); growth is from just before the export.',
    );
  } finally {
    await database?.close().catch(() => undefined);
    await server?.dispose().catch((error: unknown) => progress(`cleaning up PostgreSQL failed: ${String(error)}`));
  }
}
