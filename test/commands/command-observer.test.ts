import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { observeCommands, type CommandOutcomeKind } from '../../commands/command-observer';
import { handleCommand } from '../../commands/handle-command';
import { PostgresEventStore } from '../../commands/event-store/postgres';
import { counter, increment } from '../support/counter-decider';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { newEvent, uniqueStream } from '../support/events';

/** Issue 21 item 4: what handleCommand reports to the metrics (through a port, without knowing of Prometheus). */
const context = { actor: { system: 'test' }, correlationId: 'c0ffee00-0000-4000-8000-000000000002' };
const now = () => new Date('2026-11-22T15:30:00.000Z');

const test = suite<{ database: TestDatabase }>('commands: command observer');
test.before(async (ctx) => {
  ctx.database = await createTestDatabase();
});
test.after(async (ctx) => {
  await ctx.database.drop();
});

test('reports each command once, by type and outcome, and each conflict decided again', async ({ database }) => {
  const store = new PostgresEventStore(database.pool, database.url);
  const handled: [string, CommandOutcomeKind, string?][] = [];
  const conflicts: string[] = [];
  const stop = observeCommands(store, {
    handled: (command, outcome, code) => handled.push(code ? [command, outcome, code] : [command, outcome]),
    conflictRetried: (command) => conflicts.push(command),
  });
  const stream = uniqueStream('counter');
  await handleCommand({ store, now }, counter, stream, increment(2), context);
  await handleCommand({ store, now }, counter, stream, increment(0), context);
  await handleCommand({ store, now }, counter, stream, increment(5, 3), context).catch(() => undefined);
  // Another process (another store object, so no shared state) writes: this one's remembered state is stale.
  const elsewhere = new PostgresEventStore(database.pool, database.url);
  await elsewhere.append(stream, 0, [newEvent('Incremented', { by: 1, total: 3 })]);
  await handleCommand({ store, now }, counter, stream, (state) => increment(1, state.total + 1), context);
  assert.equal(handled, [
    ['Increment', 'appended'],
    ['Increment', 'unchanged'],
    ['Increment', 'refused', 'SLOT_UNAVAILABLE'],
    ['Increment', 'appended'],
  ]);
  assert.equal(conflicts, ['Increment']);

  stop();
  await handleCommand({ store, now }, counter, stream, increment(1), context);
  assert.is(handled.length, 4, 'nothing reported once the observer is removed');
});

test.run();
