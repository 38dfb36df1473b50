import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PostgresEventStore } from '../../../commands/event-store/postgres';
import { WrongExpectedRevisionError } from '../../../domain/event-store/port';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { newEvent, uniqueStream } from '../../support/events';

/**
 * A conflicting append used to look for an earlier identical append while still holding its connection: with more
 * conflicting writers than connections, every connection was held by a writer waiting for a second one, and the
 * pool (and everything else using it, projectors included) froze.
 */
const test = suite<{ database: TestDatabase; store: PostgresEventStore }>('event store: postgres pool under conflicts');
test.before(async (context) => {
  context.database = await createTestDatabase({ poolSize: 4 });
  context.store = new PostgresEventStore(context.database.pool, context.database.url);
});
test.after(async (context) => {
  await context.database.drop();
});

test('more conflicting appends than pool connections all settle, one winning', async ({ store }) => {
  const stream = uniqueStream('poolConflict');
  await store.append(stream, 'no_stream', [newEvent('Opened')]);
  const settled = await Promise.race([
    Promise.allSettled(Array.from({ length: 24 }, () => store.append(stream, 0, [newEvent('Taken')]))),
    new Promise<'frozen'>((resolve) => setTimeout(() => resolve('frozen'), 10_000).unref()),
  ]);
  assert.is.not(settled, 'frozen', 'the pool froze');
  if (settled === 'frozen') return;
  assert.is(settled.filter((result) => result.status === 'fulfilled').length, 1);
  assert.ok(
    settled.every((result) => result.status === 'fulfilled' || result.reason instanceof WrongExpectedRevisionError),
  );
  assert.is((await store.readAll(null, 100)).length >= 0, true, 'the pool still answers');
});

test.run();
