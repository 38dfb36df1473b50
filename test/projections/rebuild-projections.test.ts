import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PostgresEventStore } from '../../commands/event-store/postgres';
import type { EventStore } from '../../domain/event-store/port';
import { allProjections } from '../../projections/index';
import type { Projection } from '../../projections/runner/projection';
import { rebuildProjections } from '../../projections/runner/rebuild';
import { counterProjection, countsByStream, createCounterTable } from '../support/counter-projection';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { newEvent, uniqueStream } from '../support/events';

/** Issue 13 (replay): `npm run projections:rebuild` rebuilds every read model from one read of the log. */

interface Context {
  database: TestDatabase;
  store: PostgresEventStore;
}

const test = suite<Context>('projections: rebuilding several read models together', {} as Context);

test.before.each(async (context) => {
  context.database = await createTestDatabase();
  context.store = new PostgresEventStore(context.database.pool, context.database.url);
  await createCounterTable(context.database.knex);
  await context.database.knex.raw('create table test_tallies (stream_id text primary key, total integer not null)');
});
test.after.each(async (context) => {
  await context.database.drop();
});

/** A second read model: the sum of `Tallied` amounts by stream, in `test_tallies`. */
const tallyProjection: Projection = {
  name: 'tally',
  tables: ['test_tallies'],
  eventTypes: ['Tallied'],
  async apply(trx, event, recorded) {
    await trx.raw(
      `insert into test_tallies (stream_id, total) values (?, ?)
       on conflict (stream_id) do update set total = test_tallies.total + excluded.total`,
      [recorded.streamId, (event.data as { amount: number }).amount],
    );
  },
};

const tallies = async (context: Context) =>
  Object.fromEntries(
    (await context.database.knex('test_tallies').select('stream_id', 'total')).map(
      (row: { stream_id: string; total: number }) => [row.stream_id, row.total],
    ),
  );

/** The store, with the event types of each of its log reads written down. */
function readsOf(store: EventStore): { store: EventStore; reads: (readonly string[] | undefined)[] } {
  const reads: (readonly string[] | undefined)[] = [];
  const spied = new Proxy(store, {
    get(target, property) {
      if (property === 'readAll')
        return (...args: Parameters<EventStore['readAll']>) => {
          reads.push(args[2]);
          return target.readAll(...args);
        };
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store: spied, reads };
}

/** Rebuild schemas left in the database. */
async function workSchemas(context: Context): Promise<number> {
  const schemas = await context.database.knex.raw("select 1 from pg_namespace where nspname like 'rebuild_%'");
  return schemas.rows.length;
}

async function writeLog(context: Context) {
  const [a, b] = [uniqueStream(), uniqueStream()];
  await context.store.append(
    a,
    'no_stream',
    Array.from({ length: 30 }, (_, index) =>
      index % 3 === 0 ? newEvent('Tallied', { amount: index }) : newEvent('Counted'),
    ),
  );
  await context.store.append(b, 'no_stream', [
    newEvent('Ignored'),
    newEvent('Counted'),
    newEvent('Tallied', { amount: 7 }),
  ]);
  return { a, b };
}

test('each batch of one read of the log goes to every read model; each ends equal to its events', async (context) => {
  const { a, b } = await writeLog(context);
  // Read models gone wrong: the rebuild replaces them.
  await context.database.knex('test_counts').insert({ stream_id: 'stale', count: 999 });
  await context.database.knex('test_tallies').insert({ stream_id: 'stale', total: 999 });
  const { store, reads } = readsOf(context.store);
  const read = await rebuildProjections([counterProjection(), tallyProjection], {
    store,
    knex: context.database.knex,
    batchSize: 5,
  });
  assert.equal([read.get('counter'), read.get('tally')], [21, 11]);
  assert.equal(await countsByStream(context.database.knex), { [a]: 20, [b]: 1 });
  assert.equal(await tallies(context), { [a]: 0 + 3 + 6 + 9 + 12 + 15 + 18 + 21 + 24 + 27, [b]: 7 });
  // 32 events of their types, 5 a batch: 7 reads and the empty one, then one (empty) catch-up read each.
  const shared = reads.filter((types) => types?.includes('Counted') && types.includes('Tallied'));
  assert.is(shared.length, 8, 'the log is read once for both');
  assert.is(reads.length, shared.length + 2);
  const checkpoints = await context.database.knex('projection_checkpoints').whereIn('name', ['counter', 'tally']);
  assert.equal(
    checkpoints.map((row: { name: string; events_handled: string }) => [row.name, Number(row.events_handled)]).sort(),
    [
      ['counter', 21],
      ['tally', 11],
    ],
  );
  assert.is(await workSchemas(context), 0, 'the work schemas are gone');
});

test('the tables swapped in have statistics for the planner at once', async (context) => {
  await writeLog(context);
  await rebuildProjections([counterProjection(), tallyProjection], {
    store: context.store,
    knex: context.database.knex,
  });
  // ANALYZE sets a table's row count (a table never analyzed nor vacuumed has -1).
  const { rows } = await context.database.knex.raw<{ rows: { relname: string; reltuples: number }[] }>(
    `select relname, reltuples from pg_class where relname in ('test_counts', 'test_tallies') order by relname`,
  );
  assert.equal(rows, [
    { relname: 'test_counts', reltuples: 2 },
    { relname: 'test_tallies', reltuples: 2 },
  ]);
});

const indexNames = async (context: Context) =>
  (
    await context.database.knex.raw<{ rows: { name: string }[] }>(
      `select tablename || '.' || indexname as name from pg_indexes where schemaname = 'public' order by 1`,
    )
  ).rows.map(({ name }) => name);

test('the tables swapped in keep the names of their indexes, which later migrations may name', async (context) => {
  const { knex } = context.database;
  // The second takes the name a copy of the first would be given: renaming in one pass would clash.
  await knex.raw('create index tallies_by_total on test_tallies (total)');
  await knex.raw('create unique index test_tallies_total_idx on test_tallies (stream_id, total)');
  const before = await indexNames(context);
  await writeLog(context);
  await rebuildProjections([counterProjection(), tallyProjection], { store: context.store, knex });
  assert.equal(await indexNames(context), before);
  const { rows } = await knex.raw<{ rows: { indexdef: string }[] }>(
    `select indexdef from pg_indexes where indexname = 'test_tallies_total_idx'`,
  );
  assert.match(rows[0]!.indexdef, /\(stream_id, total\)/);
});

test('every read model of the app keeps its indexes as its migrations named them', async (context) => {
  const before = await indexNames(context);
  await rebuildProjections(allProjections, { store: context.store, knex: context.database.knex });
  assert.equal(await indexNames(context), before);
  assert.ok(before.includes('appointments.appointments_by_confirmation_code'));
});

/** Backends of the test's database other than `except` waiting on a lock. */
async function waitingOnALock(context: Context, except: number): Promise<number> {
  const { rows } = await context.database.knex.raw<{ rows: { n: number }[] }>(
    `select count(*)::int as n from pg_stat_activity
     where datname = current_database() and wait_event_type = 'Lock' and pid <> ?`,
    [except],
  );
  return rows[0]!.n;
}

test('a live projector holding a table while it waits for its checkpoint does not fail the swap', async (context) => {
  const { knex } = context.database;
  const { a, b } = await writeLog(context);
  // The live projector's batch: it has read its table, and will move its checkpoint, which the swap holds.
  const projectorBatch = await knex.transaction();
  const projectorPid = (await projectorBatch.raw<{ rows: { pid: number }[] }>('select pg_backend_pid() as pid'))
    .rows[0]!.pid;
  await projectorBatch.raw('select * from test_tallies');
  try {
    const rebuilding = rebuildProjections([tallyProjection], { store: context.store, knex }).then(
      (read) => ({ read }),
      (error: unknown) => ({ error }),
    );
    // The swap holds the checkpoint and waits for the table.
    for (let tries = 0; (await waitingOnALock(context, projectorPid)) === 0; tries++) {
      if (tries > 200) assert.unreachable('the swap never waited for the table');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // Now each waits for the other: PostgreSQL ends one of them (the swap, which waited first).
    const checkpointMoved = await projectorBatch
      .raw(`update projection_checkpoints set events_handled = events_handled where name = 'tally'`)
      .then(
        () => 'moved',
        (error: { code?: string }) => error.code,
      );
    await (checkpointMoved === 'moved' ? projectorBatch.commit() : projectorBatch.rollback());
    const outcome = await rebuilding;
    if ('error' in outcome) throw outcome.error;
    assert.is(outcome.read.get('tally'), 11);
  } finally {
    if (!projectorBatch.isCompleted()) await projectorBatch.rollback();
  }
  assert.equal(await tallies(context), { [a]: 0 + 3 + 6 + 9 + 12 + 15 + 18 + 21 + 24 + 27, [b]: 7 });
  assert.is(await workSchemas(context), 0);
});

test('one read model failing ends the rebuild of all: every live table stays as it was, no work schema is left', async (context) => {
  await writeLog(context);
  await context.store.append(uniqueStream(), 'no_stream', [newEvent('Poison')]);
  await context.database.knex('test_counts').insert({ stream_id: 'live', count: 5 });
  await context.database.knex('test_tallies').insert({ stream_id: 'live', total: 5 });
  try {
    await rebuildProjections([counterProjection('counter', { failOn: 'Poison' }), tallyProjection], {
      store: context.store,
      knex: context.database.knex,
      batchSize: 5,
    });
    assert.unreachable('the poisoned event fails the rebuild');
  } catch (error) {
    assert.is((error as Error).message, 'poisoned event');
  }
  assert.equal(await countsByStream(context.database.knex), { live: 5 });
  assert.equal(await tallies(context), { live: 5 });
  assert.is(await workSchemas(context), 0);
});

test.run();
