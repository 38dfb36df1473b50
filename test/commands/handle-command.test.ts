import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_ATTEMPTS } from '../../commands/conflict-retry';
import { handleCommand, refuseEarly } from '../../commands/handle-command';
import { PostgresEventStore } from '../../commands/event-store/postgres';
import type { EventStore } from '../../domain/event-store/port';
import { DomainError } from '../../domain/shared/decider';
import { counter, increment } from '../support/counter-decider';
import { countingStore } from '../support/counting-store';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { newEvent, uniqueStream } from '../support/events';

const context = {
  actor: { userId: 7, role: 'ROLE_ADMIN' },
  correlationId: 'c0ffee00-0000-4000-8000-000000000001',
  causationId: 'cause-1',
  audit: { clientAddress: '127.0.0.1' },
};
const fixedNow = () => new Date('2026-11-22T15:30:00.000Z');

const test = suite<{ database: TestDatabase; store: PostgresEventStore }>('commands: handleCommand');
test.before(async (ctx) => {
  ctx.database = await createTestDatabase();
  ctx.store = new PostgresEventStore(ctx.database.pool, ctx.database.url);
});
test.after(async (ctx) => {
  await ctx.database.drop();
});

test('appends the decided events with full metadata', async ({ store }) => {
  const stream = uniqueStream('counter');
  const outcome = await handleCommand({ store, now: fixedNow }, counter, stream, increment(2), context, {
    Incremented: 3,
  });
  assert.equal(outcome.state, { total: 2 });
  assert.is(outcome.revision, 0);
  const [event] = (await store.readStream(stream)).events;
  assert.is(event!.type, 'Incremented');
  assert.is(event!.schemaVersion, 3);
  const { metadata } = event!;
  assert.is(metadata.eventId, event!.eventId);
  assert.match(metadata.eventId, /^[0-9a-f-]{36}$/);
  assert.is(metadata.occurredAt, '2026-11-22T15:30:00.000Z');
  assert.equal(metadata.actor, { userId: 7, role: 'ROLE_ADMIN' });
  assert.is(metadata.correlationId, context.correlationId);
  assert.is(metadata.causationId, 'cause-1');
  assert.is(metadata.schemaVersion, 3);
  assert.is(metadata.clientAddress, '127.0.0.1');
});

test('a decision with no events writes nothing', async ({ store }) => {
  const stream = uniqueStream('counter');
  const outcome = await handleCommand({ store, now: fixedNow }, counter, stream, increment(0), context);
  assert.is(outcome.append, null);
  assert.is((await store.readStream(stream)).revision, -1);
});

/** The totals the stream's events recorded, in order. */
const totalsIn = async (store: EventStore, stream: string): Promise<number[]> =>
  (await store.readStream(stream)).events.map((event) => (event.data as { total: number }).total);

/** The code `handling` was refused with; the test fails when it is not refused. */
async function refusalCode(handling: Promise<unknown>, why = 'refused'): Promise<string> {
  try {
    await handling;
  } catch (error) {
    return (error as DomainError).code;
  }
  assert.unreachable(why);
  return 'accepted';
}

test('a refusal propagates its code and writes nothing', async ({ store }) => {
  const stream = uniqueStream('counter');
  assert.is(
    await refusalCode(handleCommand({ store, now: fixedNow }, counter, stream, increment(5, 3), context)),
    'SLOT_UNAVAILABLE',
  );
  assert.is((await store.readStream(stream)).revision, -1);
});

/** A store through which another writer slips an event in right after each of the first `times` reads. */
function racedStore(store: EventStore, stream: string, times: number): EventStore {
  let raced = 0;
  return Object.assign(Object.create(store) as EventStore, {
    async readStream(id: string, options?: { fromRevision?: number }) {
      const read = await store.readStream(id, options);
      if (id === stream && raced < times) {
        raced++;
        await store.append(stream, read.revision === -1 ? 'no_stream' : read.revision, [
          { ...newEvent('Incremented', { by: 1, total: read.revision + 2 }) },
        ]);
      }
      return read;
    },
  });
}

test('a concurrent write makes it decide again on the fresh state', async ({ store }) => {
  const stream = uniqueStream('counter');
  const outcome = await handleCommand(
    { store: racedStore(store, stream, 2), now: fixedNow },
    counter,
    stream,
    increment(5),
    context,
  );
  assert.equal(outcome.state, { total: 7 }, 'decided on the two events written meanwhile');
  assert.equal(await totalsIn(store, stream), [1, 2, 7]);
});

test('the fresh state can turn the decision into a refusal', async ({ store }) => {
  const stream = uniqueStream('counter');
  assert.is(
    await refusalCode(
      handleCommand({ store: racedStore(store, stream, 1), now: fixedNow }, counter, stream, increment(5, 5), context),
    ),
    'SLOT_UNAVAILABLE',
  );
  assert.is((await store.readStream(stream)).events.length, 1, 'only the other writer’s event');
});

test('endless contention gives up with CONCURRENCY_CONFLICT after a bounded number of tries', async ({ store }) => {
  const stream = uniqueStream('counter');
  assert.is(
    await refusalCode(
      handleCommand(
        { store: racedStore(store, stream, 1000), now: fixedNow },
        counter,
        stream,
        increment(1, 10_000),
        context,
      ),
    ),
    'CONCURRENCY_CONFLICT',
  );
  assert.is(
    (await store.readStream(stream)).events.length,
    MAX_ATTEMPTS,
    'as many tries as allowed, each beaten by the other writer',
  );
});

test('concurrent commands on one stream take turns within a process: none is refused for contention', async ({
  store,
}) => {
  const stream = uniqueStream('counter');
  const outcomes = await Promise.allSettled(
    Array.from({ length: 40 }, () =>
      handleCommand({ store, now: fixedNow }, counter, stream, increment(1, 25), context),
    ),
  );
  const codes = outcomes.map((outcome) =>
    outcome.status === 'fulfilled' ? 'ok' : (outcome.reason as DomainError).code,
  );
  assert.is(codes.filter((code) => code === 'ok').length, 25);
  assert.is(codes.filter((code) => code === 'SLOT_UNAVAILABLE').length, 15, codes.join(' '));
  assert.is((await store.readStream(stream)).events.length, 25);
});

test('writers through two stores (two processes) still never pass the limit', async ({ database, store }) => {
  const other = new PostgresEventStore(database.pool, database.url);
  const stream = uniqueStream('counter');
  const outcomes = await Promise.allSettled(
    Array.from({ length: 40 }, (_, index) =>
      handleCommand({ store: index % 2 ? store : other, now: fixedNow }, counter, stream, increment(1, 25), context),
    ),
  );
  const accepted = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
  const refused = outcomes.flatMap((outcome) =>
    outcome.status === 'rejected' ? [(outcome.reason as DomainError).code] : [],
  );
  assert.ok(
    refused.every((code) => code === 'SLOT_UNAVAILABLE' || code === 'CONCURRENCY_CONFLICT'),
    refused.join(' '),
  );
  assert.ok(accepted <= 25);
  assert.equal(
    await totalsIn(store, stream),
    Array.from({ length: accepted }, (_, index) => index + 1),
    'every accepted command, each on the one before',
  );
});

/** A new stream written through this process's store (counted) and through another process's. */
function twoProcesses(database: TestDatabase, store: EventStore) {
  const { store: here, counted } = countingStore(store);
  return {
    stream: uniqueStream('counter'),
    here,
    counted,
    elsewhere: new PostgresEventStore(database.pool, database.url),
  };
}

/** The store, holding appends while told to (each is sent on release), and noting each append's expected revision. */
function gatedStore(store: EventStore) {
  const waiting: (() => void)[] = [];
  let holding = false;
  const sent: unknown[] = [];
  const wrapped = Object.assign(Object.create(store) as EventStore, {
    async append(...args: Parameters<EventStore['append']>) {
      sent.push(args[1]);
      if (holding) await new Promise<void>((resolve) => waiting.push(resolve));
      return store.append(...args);
    },
  });
  return {
    store: wrapped,
    sent,
    hold: () => (holding = true),
    release: () => {
      holding = false;
      for (const send of waiting.splice(0)) send();
    },
  };
}

/** Lets the event loop run until `condition` holds (a test fails rather than hangs when it never does). */
async function until(condition: () => boolean): Promise<void> {
  for (let turns = 0; !condition(); turns++) {
    if (turns > 2_000) throw new Error('the condition never held');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A command on `stream` that notes each total it is decided on; answered once it has been decided on the first. */
async function notingCommand(store: EventStore, stream: string, limit?: number) {
  const decidedOn: number[] = [];
  const handling = handleCommand(
    { store, now: fixedNow },
    counter,
    stream,
    (state: { total: number }) => (decidedOn.push(state.total), increment(1, limit)),
    context,
  );
  await until(() => decidedOn.length > 0);
  return { decidedOn, handling };
}

test('the next command decides while the append before it is on its way, and sends its own once that one is answered', async ({
  store,
}) => {
  const stream = uniqueStream('counter');
  const gate = gatedStore(store);
  await handleCommand({ store: gate.store, now: fixedNow }, counter, stream, increment(1), context);
  gate.hold();
  const first = handleCommand({ store: gate.store, now: fixedNow }, counter, stream, increment(1), context);
  const { decidedOn, handling: second } = await notingCommand(gate.store, stream);
  assert.equal(decidedOn, [2], 'decided on the state the first append makes, before it was answered');
  assert.equal(gate.sent, ['no_stream', 0], 'its own append waits for the first one’s answer');
  gate.release();
  const outcomes = await Promise.all([first, second]);
  assert.equal(
    outcomes.map((outcome) => outcome.revision),
    [1, 2],
  );
  assert.equal(gate.sent, ['no_stream', 0, 1]);
  assert.equal(await totalsIn(store, stream), [1, 2, 3]);
});

test('when the append a command was decided on fails, the command decides again on the stream as it is', async ({
  database,
  store,
}) => {
  const stream = uniqueStream('counter');
  const gate = gatedStore(store);
  const elsewhere = new PostgresEventStore(database.pool, database.url);
  await handleCommand({ store: gate.store, now: fixedNow }, counter, stream, increment(1, 12), context);
  await handleCommand({ store: elsewhere, now: fixedNow }, counter, stream, increment(10, 12), context);
  gate.hold();
  // Decided on the remembered total of 1: its append (expecting revision 0) is refused, the stream being at 1.
  const first = handleCommand({ store: gate.store, now: fixedNow }, counter, stream, increment(1, 12), context);
  const { decidedOn, handling: second } = await notingCommand(gate.store, stream, 12);
  assert.equal(decidedOn, [2], 'first decided on the first command’s state');
  gate.release();
  const outcomes = await Promise.allSettled([first, second]);
  // Had the second sent its append (expecting revision 1) on a failed first, it would have gone in on a total of 2.
  // The first, back in the stream's queue first, takes the last room; the second decides again on what it wrote.
  assert.equal(decidedOn, [2, 12], 'then again on the stream as it is');
  assert.equal(
    outcomes.map((outcome) => (outcome.status === 'fulfilled' ? 'appended' : (outcome.reason as DomainError).code)),
    ['appended', 'SLOT_UNAVAILABLE'],
  );
  assert.equal(await totalsIn(store, stream), [1, 11, 12]);
});

test('a refusal decided on an append still on its way is given once that append is written', async ({ store }) => {
  const stream = uniqueStream('counter');
  const { store: counting, counted } = countingStore(store);
  const gate = gatedStore(counting);
  await handleCommand({ store: gate.store, now: fixedNow }, counter, stream, increment(1, 2), context);
  gate.hold();
  const first = handleCommand({ store: gate.store, now: fixedNow }, counter, stream, increment(1, 2), context);
  let refused = false;
  const second = handleCommand({ store: gate.store, now: fixedNow }, counter, stream, increment(1, 2), context).catch(
    (error: DomainError) => {
      refused = true;
      return error.code;
    },
  );
  await until(() => gate.sent.length === 2);
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
  assert.not.ok(refused, 'not refused while the append it was decided on could still fail');
  const readsBefore = counted.reads;
  gate.release();
  assert.is((await first).revision, 1);
  assert.is(await second, 'SLOT_UNAVAILABLE');
  assert.is(counted.reads, readsBefore, 'that append, sent after the command arrived, proved the state: no read');
});

test('commands decided while an append is on its way go out together in one append once it is written', async ({
  store,
}) => {
  const stream = uniqueStream('counter');
  const gate = gatedStore(store);
  const handle = () => handleCommand({ store: gate.store, now: fixedNow }, counter, stream, increment(1), context);
  await handle();
  gate.hold();
  const first = handle();
  const queued = [handle(), handle(), handle()];
  await until(() => gate.sent.length === 2);
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
  assert.equal(gate.sent, ['no_stream', 0], 'the queued commands wait for the append on its way');
  gate.release();
  const outcomes = await Promise.all([first, ...queued]);
  assert.equal(gate.sent, ['no_stream', 0, 1], 'the three queued commands went out in one append');
  assert.equal(
    outcomes.map((outcome) => outcome.revision),
    [1, 2, 3, 4],
  );
  assert.equal(
    outcomes.map((outcome) => outcome.events.map((event) => event.data.total)),
    [[2], [3], [4], [5]],
    'each answers its own events',
  );
  assert.equal(await totalsIn(store, stream), [1, 2, 3, 4, 5]);
});

test('when the append a group was decided on fails, each command of the group decides again on the stream as it is', async ({
  database,
  store,
}) => {
  const stream = uniqueStream('counter');
  const gate = gatedStore(store);
  const elsewhere = new PostgresEventStore(database.pool, database.url);
  const handle = () => handleCommand({ store: gate.store, now: fixedNow }, counter, stream, increment(1), context);
  await handle();
  gate.hold();
  const first = handle();
  const queued = [handle(), handle()];
  await until(() => gate.sent.length === 2);
  // Another process writes: the held append (expecting revision 0) will be refused.
  await handleCommand({ store: elsewhere, now: fixedNow }, counter, stream, increment(10), context);
  gate.release();
  const outcomes = await Promise.all([first, ...queued]);
  assert.equal(
    outcomes.map((outcome) => outcome.revision),
    [2, 3, 4],
  );
  // Had the group gone out on the refused append's state, it would have written totals of 3 and 4.
  assert.equal(await totalsIn(store, stream), [1, 11, 12, 13, 14]);
});

test("what a command must do before its append (a lock's place) does not hold up the next command's decision", async ({
  store,
}) => {
  const stream = uniqueStream('counter');
  const gate = gatedStore(store);
  let placeTaken!: () => void;
  const place = new Promise<void>((resolve) => (placeTaken = resolve));
  const first = handleCommand({ store: gate.store, now: fixedNow }, counter, stream, increment(1), context, undefined, {
    beforeAppend: () => place,
  });
  const { decidedOn, handling: second } = await notingCommand(gate.store, stream);
  assert.equal(decidedOn, [1], 'decided on the first command’s state while its place was being taken');
  assert.equal(gate.sent, [], 'nothing is appended before the place is taken');
  placeTaken();
  const outcomes = await Promise.all([first, second]);
  assert.equal(
    outcomes.map((outcome) => outcome.revision),
    [0, 1],
  );
  assert.equal(await totalsIn(store, stream), [1, 2]);
});

test('when what a command must do before its append fails, it fails with that error and nothing of it is written', async ({
  store,
}) => {
  const stream = uniqueStream('counter');
  const gate = gatedStore(store);
  const handle = () => handleCommand({ store: gate.store, now: fixedNow }, counter, stream, increment(1), context);
  await handle();
  gate.hold();
  const first = handle();
  const refused = handleCommand(
    { store: gate.store, now: fixedNow },
    counter,
    stream,
    increment(1),
    context,
    undefined,
    { beforeAppend: () => Promise.reject(new DomainError('TOO_MANY_LOCKS')) },
  ).catch((error: DomainError) => error.code);
  const third = handle();
  await until(() => gate.sent.length === 2);
  gate.release();
  assert.is(await refused, 'TOO_MANY_LOCKS');
  const outcomes = await Promise.all([first, third]);
  assert.equal(
    outcomes.map((outcome) => outcome.revision),
    [1, 2],
    'the command grouped with it decided again on the stream without it',
  );
  assert.equal(await totalsIn(store, stream), [1, 2, 3]);
});

test('a long stream is not read again: each command reads only what was appended since the last', async ({ store }) => {
  const stream = uniqueStream('counter');
  const { store: counting, counted } = countingStore(store);
  for (let index = 0; index < 400; index++)
    await handleCommand({ store: counting, now: fixedNow }, counter, stream, increment(1, 1_000), context);
  assert.is(counted.eventsRead, 0, 'its own appends are folded in as they are made');
  const outcome = await handleCommand(
    { store: counting, now: fixedNow },
    counter,
    stream,
    increment(1, 1_000),
    context,
  );
  assert.equal([outcome.state, outcome.revision, counted.eventsRead], [{ total: 401 }, 400, 0]);
});

test('the only writer of a stream appends on the state it remembers, without reading the stream', async ({ store }) => {
  const stream = uniqueStream('counter');
  const { store: counting, counted } = countingStore(store);
  await handleCommand({ store: counting, now: fixedNow }, counter, stream, increment(1), context);
  const readsBefore = counted.reads;
  for (let index = 0; index < 5; index++)
    await handleCommand({ store: counting, now: fixedNow }, counter, stream, increment(1), context);
  assert.is(counted.reads, readsBefore, 'no read for the five appends');
  assert.is((await store.readStream(stream)).events.length, 6);
});

test('a remembered state another process has moved past costs one refused append, then the fresh state decides', async ({
  database,
  store,
}) => {
  const { stream, here, counted, elsewhere } = twoProcesses(database, store);
  await handleCommand({ store: here, now: fixedNow }, counter, stream, increment(1), context);
  await handleCommand({ store: elsewhere, now: fixedNow }, counter, stream, increment(10), context);
  const readsBefore = counted.reads;
  const outcome = await handleCommand({ store: here, now: fixedNow }, counter, stream, increment(1), context);
  assert.equal([outcome.state, outcome.revision], [{ total: 12 }, 2], 'decided again on the other process’s event');
  assert.is(counted.reads, readsBefore + 1, 'one read, after the refused append');
  assert.equal(await totalsIn(store, stream), [1, 11, 12]);
});

test('on a stream another process is writing too, a command reads what is new before it decides: no refused append', async ({
  database,
  store,
}) => {
  const { stream, here, counted, elsewhere } = twoProcesses(database, store);
  await handleCommand({ store: here, now: fixedNow }, counter, stream, increment(1), context);
  await handleCommand({ store: elsewhere, now: fixedNow }, counter, stream, increment(10), context);
  await handleCommand({ store: here, now: fixedNow }, counter, stream, increment(1), context); // finds it out
  await handleCommand({ store: elsewhere, now: fixedNow }, counter, stream, increment(10), context);
  const before = { ...counted };
  const outcome = await handleCommand({ store: here, now: fixedNow }, counter, stream, increment(1), context);
  assert.equal([outcome.state, outcome.revision], [{ total: 23 }, 4]);
  assert.equal(
    [counted.reads - before.reads, counted.eventsRead - before.eventsRead, counted.appends - before.appends],
    [1, 1, 1],
    'one read bringing the other process’s event, then one append that succeeds',
  );
});

test('a state kept in one process takes in what another process appended since', async ({ database, store }) => {
  const { stream, here, counted, elsewhere } = twoProcesses(database, store);
  for (let index = 0; index < 3; index++)
    await handleCommand({ store: here, now: fixedNow }, counter, stream, increment(1, 5), context);
  for (let index = 0; index < 2; index++)
    await handleCommand({ store: elsewhere, now: fixedNow }, counter, stream, increment(1, 5), context);
  assert.is(
    await refusalCode(
      handleCommand({ store: here, now: fixedNow }, counter, stream, increment(1, 5), context),
      'the limit of 5 was reached through the other store',
    ),
    'SLOT_UNAVAILABLE',
  );
  assert.is(counted.eventsRead, 2, 'only the two events appended elsewhere were read');
});

test('a command queued behind the one that took the last room is refused on that append, without a read', async ({
  store,
}) => {
  const stream = uniqueStream('counter');
  const { store: counting, counted } = countingStore(store);
  await handleCommand({ store: counting, now: fixedNow }, counter, stream, increment(1, 3), context);
  const readsBefore = counted.reads;
  const outcomes = await Promise.allSettled(
    Array.from({ length: 5 }, () =>
      handleCommand({ store: counting, now: fixedNow }, counter, stream, increment(2, 3), context),
    ),
  );
  assert.equal(
    outcomes.map((outcome) => (outcome.status === 'fulfilled' ? 'appended' : (outcome.reason as DomainError).code)),
    ['appended', 'SLOT_UNAVAILABLE', 'SLOT_UNAVAILABLE', 'SLOT_UNAVAILABLE', 'SLOT_UNAVAILABLE'],
  );
  assert.is(counted.reads, readsBefore, 'the first append proved the state current after the others arrived');
});

test('a refusal on a state remembered from before the command arrived is still confirmed on the stream', async ({
  store,
}) => {
  const stream = uniqueStream('counter');
  const { store: counting, counted } = countingStore(store);
  await handleCommand({ store: counting, now: fixedNow }, counter, stream, increment(3, 3), context);
  const readsBefore = counted.reads;
  assert.is(
    await refusalCode(handleCommand({ store: counting, now: fixedNow }, counter, stream, increment(1, 3), context)),
    'SLOT_UNAVAILABLE',
  );
  assert.is(counted.reads, readsBefore + 1, 'one read confirmed it');
});

test('refuseEarly: with nothing remembered of the stream it reads nothing and lets the caller go on', async ({
  store,
}) => {
  const { store: counting, counted } = countingStore(store);
  await refuseEarly({ store: counting, now: fixedNow }, counter, uniqueStream('counter'), increment(1, 0));
  assert.is(counted.reads, 0);
});

test('refuseEarly: an acceptance on the remembered state costs no read and writes nothing', async ({ store }) => {
  const stream = uniqueStream('counter');
  const { store: counting, counted } = countingStore(store);
  const dependencies = { store: counting, now: fixedNow };
  await handleCommand(dependencies, counter, stream, increment(1, 5), context);
  const readsBefore = counted.reads;
  await refuseEarly(dependencies, counter, stream, increment(1, 5));
  assert.is(counted.reads, readsBefore);
  assert.is((await store.readStream(stream)).events.length, 1);
});

test('refuseEarly: a refusal on the remembered state is confirmed on the stream, then thrown', async ({ store }) => {
  const stream = uniqueStream('counter');
  const { store: counting, counted } = countingStore(store);
  const dependencies = { store: counting, now: fixedNow };
  await handleCommand(dependencies, counter, stream, increment(5, 5), context);
  const readsBefore = counted.reads;
  assert.is(
    await refusalCode(refuseEarly(dependencies, counter, stream, increment(1, 5)), 'the counter is at its limit'),
    'SLOT_UNAVAILABLE',
  );
  assert.is(counted.reads, readsBefore + 1, 'one read to confirm');
  assert.is((await store.readStream(stream)).events.length, 1, 'nothing written');
});

test('refuseEarly: a refusal another process has since made void lets the caller go on', async ({
  database,
  store,
}) => {
  const stream = uniqueStream('counter');
  const here = { store, now: fixedNow };
  const elsewhere = { store: new PostgresEventStore(database.pool, database.url), now: fixedNow };
  await handleCommand(here, counter, stream, increment(5, 5), context);
  await handleCommand(elsewhere, counter, stream, increment(-1, 5), context);
  await refuseEarly(here, counter, stream, increment(1, 5));
  const outcome = await handleCommand(here, counter, stream, increment(1, 5), context);
  assert.equal(outcome.state, { total: 5 });
});

test.run();
