import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { appendDecisions, decideOn, loadStream } from '../../commands/decide-across-streams';
import { PostgresEventStore } from '../../commands/event-store/postgres';
import { handleCommand } from '../../commands/handle-command';
import type { EventStore } from '../../domain/event-store/port';
import { counter, increment } from '../support/counter-decider';
import { countingStore } from '../support/counting-store';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { uniqueStream } from '../support/events';

const context = { actor: { userId: 7, role: 'ROLE_ADMIN' }, correlationId: 'c0ffee00-0000-4000-8000-000000000002' };
const fixedNow = () => new Date('2026-11-28T15:30:00.000Z');

const test = suite<{ database: TestDatabase; store: PostgresEventStore }>('commands: decisions across streams');
test.before(async (ctx) => {
  ctx.database = await createTestDatabase();
  ctx.store = new PostgresEventStore(ctx.database.pool, ctx.database.url);
});
test.after(async (ctx) => {
  await ctx.database.drop();
});

/** Two streams written together (a batch), then one command on each, through `store`. */
async function batchThenCommands(store: EventStore) {
  const streams = [uniqueStream('counter'), uniqueStream('counter')];
  const dependencies = { store, now: fixedNow };
  const loaded = await Promise.all(streams.map((stream) => loadStream(store, counter, stream)));
  await appendDecisions(
    dependencies,
    loaded.map((stream) => decideOn(counter, stream, increment(5))),
    context,
  );
  return Promise.all(streams.map((stream) => handleCommand(dependencies, counter, stream, increment(1), context)));
}

test('after a batch, a command on one of its streams decides on the state the batch left, without a read', async ({
  store,
}) => {
  const { store: counting, counted } = countingStore(store);
  const outcomes = await batchThenCommands(counting);
  assert.equal(
    outcomes.map((outcome) => [outcome.state, outcome.revision]),
    [
      [{ total: 6 }, 1],
      [{ total: 6 }, 1],
    ],
  );
  assert.equal(
    [counted.reads, counted.appends],
    [2, 2],
    'the batch’s two reads, then one append a command: none refused, none read again',
  );
});

test('the same with a store that appends stream by stream', async ({ store }) => {
  const { store: counting, counted } = countingStore(store);
  const oneByOne = Object.assign(Object.create(counting) as EventStore, {
    capabilities: { ...store.capabilities, multiStreamAppend: false },
  });
  const outcomes = await batchThenCommands(oneByOne);
  assert.equal(
    outcomes.map((outcome) => outcome.state),
    [{ total: 6 }, { total: 6 }],
  );
  assert.equal([counted.reads, counted.appends], [2, 4], 'two appends of the batch, one a command');
});

test.run();
