import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PostgresEventStore } from '../../commands/event-store/postgres';
import { CheckpointNotices } from '../../commands/infrastructure/checkpoint-notices';
import { silentLogger } from '../../commands/infrastructure/logger';
import { advanceCheckpoints } from '../../projections/runner/checkpoint-advances';
import type { Projection } from '../../projections/runner/projection';
import { ProjectionRunner } from '../../projections/runner/runner';
import { rebuildProjection } from '../../projections/runner/rebuild';
import { counterProjection, countsByStream, createCounterTable } from '../support/counter-projection';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { newEvent, uniqueStream } from '../support/events';

interface Context {
  database: TestDatabase;
  store: PostgresEventStore;
  runners: ProjectionRunner[];
}

const test = suite<Context>('projections: runner', { runners: [] } as unknown as Context);

test.before.each(async (context) => {
  context.database = await createTestDatabase();
  context.store = new PostgresEventStore(context.database.pool, context.database.url);
  context.runners = [];
  await createCounterTable(context.database.knex);
});
test.after.each(async (context) => {
  await Promise.all(context.runners.map((runner) => runner.stop()));
  await context.database.drop();
});

function runner(
  context: Context,
  options: { name?: string; pollMs?: number; failOn?: string; batchSize?: number } = {},
): ProjectionRunner {
  const created = new ProjectionRunner({
    store: context.store,
    knex: context.database.knex,
    databaseUrl: context.database.url,
    projections: [counterProjection(options.name, options.failOn ? { failOn: options.failOn } : {})],
    logger: silentLogger,
    pollMs: options.pollMs ?? 50,
    batchSize: options.batchSize ?? 500,
  });
  context.runners.push(created);
  return created;
}

const checkpoint = (context: Context, name = 'counter') =>
  context.database.knex('projection_checkpoints').where({ name }).first();

test('catch-up applies every event once, in batches, and keeps its checkpoint', async (context) => {
  const stream = uniqueStream();
  await context.store.append(
    stream,
    'no_stream',
    Array.from({ length: 25 }, () => newEvent('Counted')),
  );
  await context.store.append(uniqueStream(), 'no_stream', [newEvent('Ignored')]);
  await runner(context, { batchSize: 7 }).catchUp();
  assert.equal(await countsByStream(context.database.knex), { [stream]: 25 });
  const saved = await checkpoint(context);
  assert.is(Number(saved.events_handled), 26, 'the checkpoint moves past events it does not read too');
  await runner(context).catchUp();
  assert.equal(await countsByStream(context.database.knex), { [stream]: 25 }, 'a second pass applies nothing again');
});

test('a failing event rolls back its whole batch and leaves the checkpoint where it was', async (context) => {
  const stream = uniqueStream();
  await context.store.append(stream, 'no_stream', [newEvent('Counted'), newEvent('Counted')]);
  await runner(context).catchUp();
  const before = await checkpoint(context);
  await context.store.append(stream, 1, [newEvent('Counted'), newEvent('Poison'), newEvent('Counted')]);
  let failed = false;
  try {
    await runner(context, { failOn: 'Poison' }).catchUp();
  } catch {
    failed = true;
  }
  assert.ok(failed);
  assert.equal(await countsByStream(context.database.knex), { [stream]: 2 });
  const after = await checkpoint(context);
  assert.is(after.prepare_position, before.prepare_position);
});

test('a running projector is woken by new events without waiting for its poll', async (context) => {
  const live = runner(context, { pollMs: 60_000 });
  await live.start();
  await new Promise((resolve) => setTimeout(resolve, 100));
  const stream = uniqueStream();
  const started = Date.now();
  const { position } = await context.store.append(stream, 'no_stream', [newEvent('Counted')]);
  assert.ok(await live.waitFor(position, 5000), 'the projector reached the append');
  assert.ok(Date.now() - started < 5000);
  assert.equal(await countsByStream(context.database.knex), { [stream]: 1 });
});

test('an unhurried projection applies a rush in a few batches, a first event at once; the others keep pace', async (context) => {
  const batches = { eager: [] as number[], paced: [] as number[] };
  const counting = (name: keyof typeof batches): Projection => ({
    ...counterProjection(name),
    applyAll: async (_trx, events) => {
      batches[name].push(events.length);
    },
  });
  const live = new ProjectionRunner({
    store: context.store,
    knex: context.database.knex,
    databaseUrl: context.database.url,
    projections: [counting('eager'), counting('paced')],
    logger: silentLogger,
    pollMs: 60_000,
    unhurried: new Set(['paced']),
    unhurriedBatchMs: 400,
  });
  context.runners.push(live);
  await live.start();
  const stream = uniqueStream();
  const started = Date.now();
  const first = await context.store.append(stream, 'no_stream', [newEvent('Counted')]);
  assert.ok(await live.waitFor(first.position, 5000, ['paced']));
  assert.ok(Date.now() - started < 300, `the first event applied at once (${Date.now() - started} ms)`);
  let last = first;
  for (let revision = 1; revision <= 10; revision++) {
    last = await context.store.append(stream, revision - 1, [newEvent('Counted')]);
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  assert.ok(await live.waitFor(last.position, 5000));
  assert.is(
    batches.paced.reduce((sum, size) => sum + size, 0),
    11,
  );
  assert.ok(batches.paced.length <= 3, `paced: ${JSON.stringify(batches.paced)}`);
  assert.ok(batches.eager.length >= 6, `eager: ${JSON.stringify(batches.eager)}`);
});

test('an event held back behind a running transaction is applied once that transaction ends, without a poll or a wake-up', async (context) => {
  const live = runner(context, { pollMs: 60_000 });
  await live.start();
  await new Promise((resolve) => setTimeout(resolve, 100));
  // A transaction with an id older than the append's keeps the append unreadable (DESIGN §4) after its notification.
  const holder = await context.database.pool.connect();
  try {
    await holder.query('begin');
    await holder.query('select pg_current_xact_id()');
    const stream = uniqueStream();
    const { position } = await context.store.append(stream, 'no_stream', [newEvent('Counted')]);
    assert.is(await live.waitFor(position, 300), false, 'not readable while the older transaction runs');
    await holder.query('commit'); // no event, so no notification
    assert.ok(await live.waitFor(position, 2000), 'the projector looked again and applied it');
    assert.equal(await countsByStream(context.database.knex), { [stream]: 1 });
  } finally {
    holder.release();
  }
});

test('a running projector moves its checkpoint past events it does not read, and still applies the next it reads', async (context) => {
  const live = runner(context, { pollMs: 60_000 });
  await live.start();
  const stream = uniqueStream();
  let { position } = await context.store.append(stream, 'no_stream', [newEvent('Counted')]);
  assert.ok(await live.waitFor(position, 5000));
  const before = await checkpoint(context);
  for (let i = 0; i < 5; i++)
    position = (await context.store.append(uniqueStream(), 'no_stream', [newEvent('Ignored')])).position;
  assert.ok(await live.waitFor(position, 5000), 'waiters see the projector past the ignored events');
  const moved = await checkpoint(context);
  assert.is(moved.prepare_position, position.prepare.toString(), 'the checkpoint row moved past them');
  assert.is(Number(moved.events_handled), Number(before.events_handled) + 5);
  assert.equal(await countsByStream(context.database.knex), { [stream]: 1 }, 'nothing applied for them');
  position = (await context.store.append(stream, 0, [newEvent('Counted')])).position;
  assert.ok(await live.waitFor(position, 5000));
  assert.equal(await countsByStream(context.database.knex), { [stream]: 2 });
});

test('moving a checkpoint past unread events is a compare-and-set: a row another process moved stays where it is', async (context) => {
  await runner(context).catchUp();
  const { position } = await context.store.append(uniqueStream(), 'no_stream', [newEvent('Ignored')]);
  const wrongFrom = { commit: 1n, prepare: 1n };
  const before = await checkpoint(context);
  assert.equal(
    [
      ...(await advanceCheckpoints(context.database.knex, [
        { name: 'counter', from: wrongFrom, to: position, count: 1 },
      ])),
    ],
    [],
  );
  assert.equal(await checkpoint(context), before, 'untouched');
  const from =
    before.commit_position === null
      ? null
      : { commit: BigInt(before.commit_position), prepare: BigInt(before.prepare_position) };
  assert.equal(
    [...(await advanceCheckpoints(context.database.knex, [{ name: 'counter', from, to: position, count: 1 }]))],
    ['counter'],
  );
  assert.is((await checkpoint(context)).prepare_position, position.prepare.toString());
});

test('waitFor gives up after its timeout when no projector runs', async (context) => {
  const idle = runner(context);
  const { position } = await context.store.append(uniqueStream(), 'no_stream', [newEvent('Counted')]);
  const started = Date.now();
  assert.is(await idle.waitFor(position, 150), false);
  assert.ok(Date.now() - started >= 140);
});

test('waitFor named read models answers once those have caught up, while another is stuck', async (context) => {
  const both = new ProjectionRunner({
    store: context.store,
    knex: context.database.knex,
    databaseUrl: context.database.url,
    projections: [counterProjection('counter'), counterProjection('stuck', { failOn: 'Poison' })],
    logger: silentLogger,
    pollMs: 50,
  });
  context.runners.push(both);
  await both.start();
  const { position } = await context.store.append(uniqueStream(), 'no_stream', [newEvent('Poison')]);
  assert.is(await both.waitFor(position, 3000, ['counter']), true, 'the counter has passed the poison');
  assert.is(await both.waitFor(position, 200), false, 'all read models: the stuck one never gets there');
  const waits = await Promise.all(Array.from({ length: 200 }, () => both.waitFor(position, 3000, ['counter'])));
  assert.ok(waits.every(Boolean), 'many waiters at once');
});

test('a projector in the middle of a long batch does not hold back the log for the others', async (context) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const slow = { name: 'slow', tables: [], eventTypes: ['Counted'], apply: () => released };
  const both = new ProjectionRunner({
    store: context.store,
    knex: context.database.knex,
    databaseUrl: context.database.url,
    projections: [counterProjection('counter'), slow],
    logger: silentLogger,
    pollMs: 50,
  });
  context.runners.push(both);
  await both.start();
  try {
    const stream = uniqueStream();
    await context.store.append(stream, 'no_stream', [newEvent('Counted')]);
    await new Promise((resolve) => setTimeout(resolve, 100)); // the slow projector is now inside its batch
    const { position } = await context.store.append(stream, 0, [newEvent('Counted')]);
    assert.is(
      await both.waitFor(position, 3000, ['counter']),
      true,
      'the counter read the later append while the slow batch ran',
    );
    assert.equal(await countsByStream(context.database.knex), { [stream]: 2 });
  } finally {
    release();
  }
  const { position } = await context.store.append(uniqueStream(), 'no_stream', [newEvent('Counted')]);
  assert.is(await both.waitFor(position, 3000), true, 'the slow projector catches up once its batch ends');
});

test('only one instance runs a projector; the second waits and takes over when the first stops', async (context) => {
  const first = runner(context, { pollMs: 50 });
  const second = runner(context, { pollMs: 50 });
  await first.start();
  await new Promise((resolve) => setTimeout(resolve, 100));
  await second.start();
  const stream = uniqueStream();
  let position = (await context.store.append(stream, 'no_stream', [newEvent('Counted'), newEvent('Counted')])).position;
  assert.ok(await second.waitFor(position, 5000));
  assert.equal(first.active, ['counter']);
  assert.equal(second.active, [], 'the second instance is waiting');
  await first.stop();
  for (let i = 0; i < 100 && second.active.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(second.active, ['counter'], 'the second instance took over');
  position = (await context.store.append(stream, 1, [newEvent('Counted')])).position;
  assert.ok(await second.waitFor(position, 5000));
  assert.equal(await countsByStream(context.database.knex), { [stream]: 3 });
});

/**
 * Two processes: the first runs a projector whose batch waits for `release`, the second (started after it, so it
 * runs nothing) serves a command that waits for that read model and reads the checkpoint rows only once a minute.
 */
async function waiterElsewhere(context: Context, { withNotices }: { withNotices: boolean }) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const gated = { name: 'gated', tables: [], eventTypes: ['Counted'], apply: () => released };
  const make = (watchTickMs?: number) => {
    const created = new ProjectionRunner({
      store: context.store,
      knex: context.database.knex,
      databaseUrl: context.database.url,
      projections: [gated],
      logger: silentLogger,
      pollMs: 50,
      ...(withNotices
        ? { notices: new CheckpointNotices(context.database.knex, context.database.url, silentLogger) }
        : {}),
      ...(watchTickMs ? { watchTickMs } : {}),
    });
    context.runners.push(created);
    return created;
  };
  const projecting = make();
  await projecting.start();
  await new Promise((resolve) => setTimeout(resolve, 100));
  const serving = make(60_000);
  await serving.start();
  assert.equal([projecting.active, serving.active], [['gated'], []]);
  const { position } = await context.store.append(uniqueStream(), 'no_stream', [newEvent('Counted')]);
  // The serving process's watch reads the rows now, while the batch waits; its next read is a minute away.
  const waited = serving.waitFor(position, 2000, ['gated']);
  await new Promise((resolve) => setTimeout(resolve, 200));
  release();
  assert.ok(await projecting.waitFor(position, 2000), 'the projecting process applied the batch');
  return waited;
}

test('a command waiting in another process answers when the projecting process announces its batch', async (context) => {
  assert.is(await waiterElsewhere(context, { withNotices: true }), true);
});

test('without the announcements it would wait for its next read of the checkpoint rows', async (context) => {
  assert.is(await waiterElsewhere(context, { withNotices: false }), false, 'still waiting after 2 s');
});

test('rebuild replays the log into fresh tables and swaps them in while the projector runs', async (context) => {
  const live = runner(context, { pollMs: 50 });
  await live.start();
  const [a, b] = [uniqueStream(), uniqueStream()];
  await context.store.append(
    a,
    'no_stream',
    Array.from({ length: 30 }, () => newEvent('Counted')),
  );
  await context.store.append(
    uniqueStream(),
    'no_stream',
    Array.from({ length: 5 }, () => newEvent('Ignored')),
  );
  let { position } = await context.store.append(b, 'no_stream', [newEvent('Counted')]);
  assert.ok(await live.waitFor(position, 5000));
  await context.database.knex('test_counts').update({ count: 999 }); // a read model gone wrong
  let progressCalls = 0;
  const read = await rebuildProjection(counterProjection(), {
    store: context.store,
    knex: context.database.knex,
    batchSize: 8,
    onProgress: () => progressCalls++,
  });
  assert.is(read, 31, 'only the events of the types it reads');
  assert.ok(progressCalls >= 4);
  assert.equal(await countsByStream(context.database.knex), { [a]: 30, [b]: 1 });
  position = (await context.store.append(b, 0, [newEvent('Counted')])).position;
  assert.ok(await live.waitFor(position, 5000));
  assert.equal(
    await countsByStream(context.database.knex),
    { [a]: 30, [b]: 2 },
    'the live projector continues after the swap',
  );
  const schemas = await context.database.knex.raw("select 1 from pg_namespace where nspname like 'rebuild_%'");
  assert.is(schemas.rows.length, 0, 'the work schema is gone');
});

test.run();
