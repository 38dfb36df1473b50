import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectDatabase, type Database } from '../../commands/infrastructure/database';
import { migrateToLatest } from '../../migrations/index';

/**
 * Integration tests run against a real PostgreSQL server: TEST_PG_URL (set by test/run.ts, which starts an
 * embedded server unless DATABASE_URL names one) or DATABASE_URL. Each suite makes and drops its own database.
 */
async function serverUrl(database: string): Promise<string> {
  const server = process.env.TEST_PG_URL ?? process.env.DATABASE_URL;
  if (!server) throw new Error('No PostgreSQL for the tests: run them with `npm test`, or set DATABASE_URL');
  const url = new URL(server);
  url.pathname = `/${database}`;
  return url.toString();
}

export interface TestDatabase extends Database {
  name: string;
  drop(): Promise<void>;
}

/** A database of its own for a suite; `migrate: false` leaves it empty (no tables), for tests of the migrations. */
export async function createTestDatabase({
  poolSize = 20,
  migrate = true,
}: { poolSize?: number; migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: await serverUrl('postgres') });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = connectDatabase(await serverUrl(name), { poolSize });
  if (migrate) await migrateToLatest(database.knex);
  return {
    ...database,
    name,
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: await serverUrl('postgres') });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
