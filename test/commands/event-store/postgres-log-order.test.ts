import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PostgresEventStore } from '../../../commands/event-store/postgres';
import { comparePositions, type LogPosition, type RecordedEvent } from '../../../domain/event-store/port';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { newEvent, uniqueStream } from '../../support/events';

const test = suite<{ database: TestDatabase; store: PostgresEventStore }>('event store: postgres log order');
test.before(async (context) => {
  context.database = await createTestDatabase({ poolSize: 40 });
  context.store = new PostgresEventStore(context.database.pool, context.database.url);
});
test.after(async (context) => {
  await context.database.drop();
});

async function readAfter(store: PostgresEventStore, after: LogPosition | null): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  for (let cursor = after; ;) {
    const page = await store.readAll(cursor, 3);
    if (page.length === 0) return all;
    all.push(...page);
    cursor = page[page.length - 1]!.position;
  }
}

async function head(store: PostgresEventStore): Promise<LogPosition | null> {
  const events = await readAfter(store, null);
  return events.length ? events[events.length - 1]!.position : null;
}

test('an older transaction that commits late is neither skipped nor passed over', async ({ database, store }) => {
  const start = await head(store);
  const slow = new pg.Client({ connectionString: database.url });
  await slow.connect();
  try {
    // The slow writer takes its transaction id first, then a quick writer commits before it.
    await slow.query('begin');
    const lateStream = uniqueStream();
    await slow.query('insert into es_streams (stream_id, revision) values ($1, 0)', [lateStream]);
    await slow.query(
      `insert into es_events (stream_id, stream_revision, event_id, type, data, metadata) values ($1, 0, gen_random_uuid(), 'Late', '{}', '{}')`,
      [lateStream],
    );
    const quick = uniqueStream();
    await store.append(quick, 'no_stream', [newEvent('Quick')]);
    assert.equal(await readAfter(store, start), [], 'nothing is readable while an older transaction is open');
    await slow.query('commit');
    const events = await readAfter(store, start);
    assert.equal(
      events.map((e) => e.type),
      ['Late', 'Quick'],
      'log order follows transaction ids',
    );
  } finally {
    await slow.end();
  }
});

test('the log stays in numeric order when transaction ids gain a digit', async ({ database, store }) => {
  const current = BigInt(
    (await database.pool.query<{ xid: string }>('select pg_current_xact_id()::text as xid')).rows[0]!.xid,
  );
  const boundary = 10n ** BigInt(current.toString().length);
  const toBurn = Number(boundary - current) - 3;
  if (toBurn > 30_000) {
    console.log(`  SKIPPED: digit-boundary check: ${toBurn} transaction ids to the next power of ten is too far`);
    return;
  }
  // Each autocommitted call to pg_current_xact_id() uses up one transaction id.
  const workers = Array.from({ length: 16 }, async (_, worker) => {
    for (let i = worker; i < toBurn; i += 16) await database.pool.query('select pg_current_xact_id()');
  });
  await Promise.all(workers);
  const start = await head(store);
  const stream = uniqueStream();
  for (let revision = 0; revision < 8; revision++) {
    await store.append(stream, revision === 0 ? 'no_stream' : revision - 1, [newEvent(`E${revision}`)]);
  }
  const events = await readAfter(store, start);
  assert.equal(
    events.map((e) => e.type),
    ['E0', 'E1', 'E2', 'E3', 'E4', 'E5', 'E6', 'E7'],
  );
  assert.ok(
    events[0]!.position.commit < boundary && events[7]!.position.commit >= boundary,
    'the appends straddle the boundary',
  );
  for (let i = 1; i < events.length; i++) assert.ok(comparePositions(events[i - 1]!.position, events[i]!.position) < 0);
});

test.run();
