import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import type { Logger } from './logger';

export type { Knex };

export interface Database {
  /** Raw pool for hot paths (event store appends and reads). */
  pool: pg.Pool;
  /** Query builder for read models, checkpoints and migrations. */
  knex: Knex;
  url: string;
  close(): Promise<void>;
}

/** A session stuck in a transaction freezes pg_snapshot_xmin and so stalls every projection; cap it. */
const sessionOptions = '-c idle_in_transaction_session_timeout=60000 -c TimeZone=UTC';

/** With a logger, knex's own warnings (a failed connection attempt each time the database is down) go to it at debug level instead of the console. */
export function connectDatabase(
  url: string,
  { poolSize = 20, logger }: { poolSize?: number; logger?: Logger } = {},
): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: sessionOptions });
  pool.on('error', () => undefined); // an idle client dropped by the server; the pool replaces it
  const knex = knexFactory({
    client: 'pg',
    connection: { connectionString: url, options: sessionOptions },
    pool: { min: 0, max: poolSize },
    ...(logger
      ? {
          log: {
            warn: (message: unknown) => logger.debug({ knex: String(message) }, 'knex warning'),
            error: (message: unknown) => logger.error({ knex: String(message) }, 'knex error'),
          },
        }
      : {}),
  });
  let closing: Promise<void> | undefined;
  return {
    pool,
    knex,
    url,
    close() {
      closing ??= Promise.all([pool.end(), knex.destroy()]).then(() => undefined);
      return closing;
    },
  };
}

/** Creates the database named in `url` when it does not exist yet (connecting to the `postgres` maintenance database). */
export async function ensureDatabaseExists(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL names no database');
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}
