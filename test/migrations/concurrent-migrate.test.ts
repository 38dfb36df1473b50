import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { connectDatabase } from '../../commands/infrastructure/database';
import { migrateToLatest } from '../../migrations/index';
import { createTestDatabase, type TestDatabase } from '../support/database';

/**
 * Issue 21: instances of a cluster started at once on a new database each apply the migrations at start. They take
 * turns, and every migration is applied once; none of them fails to start.
 */
const test = suite<{ database?: TestDatabase }>('migrations: several instances at once');

test.before(async (context) => {
  context.database = await createTestDatabase({ poolSize: 2, migrate: false });
});
test.after(async (context) => {
  await context.database?.drop();
});

test('three processes migrating one new database at once all start, and each migration is applied once', async ({
  database,
}) => {
  const instances = [
    database!,
    connectDatabase(database!.url, { poolSize: 2 }),
    connectDatabase(database!.url, { poolSize: 2 }),
  ];
  try {
    const outcomes = await Promise.allSettled(instances.map((instance) => migrateToLatest(instance.knex)));
    const failures = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : []));
    assert.equal(failures, [], 'no instance failed to migrate');
    const applied = await database!.knex('knex_migrations').select<{ name: string }[]>('name');
    const names = applied.map((row) => row.name);
    assert.ok(names.length > 30, `the migrations were applied (${names.length})`);
    assert.is(new Set(names).size, names.length, 'each migration once');
    const { rows } = await database!.knex.raw<{ rows: { count: string }[] }>(
      "select count(*) from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())",
    );
    assert.is(Number(rows[0]!.count), 0, 'no advisory lock left behind');
  } finally {
    await Promise.all(instances.slice(1).map((instance) => instance.close()));
  }
});

test.run();
