import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PostgresEventStore, UNREADABLE_AFTER_SQL } from '../../../commands/event-store/postgres';
import type { LogPosition } from '../../../domain/event-store/port';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { newEvent, uniqueStream } from '../../support/events';

/**
 * `hasUnreadableAfter`: after a read of the log found nothing, whether committed events are held back behind a
 * running transaction (a projector then looks again soon rather than at its next poll).
 */
const test = suite<{ database: TestDatabase; store: PostgresEventStore }>('event store: postgres held-back events');
test.before(async (context) => {
  context.database = await createTestDatabase();
  context.store = new PostgresEventStore(context.database.pool, context.database.url);
});
test.after(async (context) => {
  await context.database.drop();
});

async function lastReadable(store: PostgresEventStore): Promise<LogPosition | null> {
  let last: LogPosition | null = null;
  for (;;) {
    const page = await store.readAll(last, 1000);
    if (page.length === 0) return last;
    last = page[page.length - 1]!.position;
  }
}

test('false when nothing lies after the position; true while a committed event is held back by an open transaction', async ({
  database,
  store,
}) => {
  await store.append(uniqueStream(), 'no_stream', [newEvent('First')]);
  const caughtUp = await lastReadable(store);
  assert.is(await store.hasUnreadableAfter(caughtUp), false);
  assert.is(await store.hasUnreadableAfter(null), true, 'from the start, the first event lies after');

  const open = new pg.Client({ connectionString: database.url });
  await open.connect();
  try {
    await open.query('begin');
    await open.query('select pg_current_xact_id()'); // an older transaction id, still running
    await store.append(uniqueStream(), 'no_stream', [newEvent('HeldBack')]);
    assert.equal(await store.readAll(caughtUp, 10), [], 'not readable behind the open transaction');
    assert.is(await store.hasUnreadableAfter(caughtUp), true);
    await open.query('commit');
  } finally {
    await open.end();
  }
  const read = await store.readAll(caughtUp, 10);
  assert.equal(
    read.map((event) => event.type),
    ['HeldBack'],
  );
  assert.is(await store.hasUnreadableAfter(read[0]!.position), false);
});

test('the check reads the end of the log-order index, not the log, in the generic plan of its prepared statement', async ({
  database,
}) => {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    // A log large enough for the planner to weigh a scan against the index.
    await client.query(`insert into es_streams (stream_id, revision) values ('bulk-held-back', 19999)`);
    await client.query(
      `insert into es_events (stream_id, stream_revision, event_id, type, data, metadata)
       select 'bulk-held-back', n, gen_random_uuid(), 'Bulk', '{}', '{}' from generate_series(0, 19999) as n`,
    );
    await client.query('analyze es_events');
    await client.query(`prepare held_back(xid8, bigint) as ${UNREADABLE_AFTER_SQL}`);
    // What PostgreSQL runs after five executions of a prepared statement, whatever the position asked about.
    await client.query('set plan_cache_mode = force_generic_plan');
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain execute held_back('0', 0)`);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    assert.not.match(plan, /Seq Scan/, plan);
    assert.match(plan, /Index (Only )?Scan Backward using es_events_log_order/, plan);
  } finally {
    await client.end();
  }
});

test.run();
