import type pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PostgresEventStore } from '../../../commands/event-store/postgres';
import { WrongExpectedRevisionError } from '../../../domain/event-store/port';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { newEvent, uniqueStream } from '../../support/events';

/**
 * Issue 13: appends of one stream each made at the same moment are written by one statement (`es_append_each`),
 * each still checked against its own expected revision.
 */
const test = suite<{ database: TestDatabase; store: PostgresEventStore; statements: string[] }>(
  'commands: postgres appends written together',
);
test.before(async (context) => {
  context.database = await createTestDatabase();
  context.statements = [];
  // The store's pool, noting the name of each statement the store sends.
  const counting = Object.create(context.database.pool) as pg.Pool;
  counting.query = ((config: { name?: string; text?: string } | string, ...rest: unknown[]) => {
    context.statements.push(typeof config === 'string' ? config : (config.name ?? config.text ?? ''));
    return (context.database.pool.query as (...args: unknown[]) => unknown).call(
      context.database.pool,
      config,
      ...rest,
    );
  }) as pg.Pool['query'];
  context.store = new PostgresEventStore(counting, context.database.url);
});
test.before.each((context) => {
  context.statements.length = 0;
});
test.after(async (context) => {
  await context.database?.drop();
});

const appendsMade = (statements: string[]) => statements.filter((name) => name.startsWith('es_append'));

test('appends on different streams at the same moment: one statement, each at its revision', async ({
  store,
  statements,
}) => {
  const streams = [uniqueStream(), uniqueStream(), uniqueStream()];
  const results = await Promise.all(
    streams.map((stream, index) =>
      store.append(
        stream,
        'no_stream',
        Array.from({ length: index + 1 }, () => newEvent('Counted')),
      ),
    ),
  );
  assert.equal(appendsMade(statements), ['es_append_each']);
  assert.equal(
    results.map((result, index) => result.revisions[streams[index]!]),
    [0, 1, 2],
  );
  for (const [index, stream] of streams.entries()) assert.is((await store.readStream(stream)).events.length, index + 1);
  const positions = results.map((result) => result.position);
  assert.ok(
    positions.every((position) => position.commit === positions[0]!.commit),
    'one transaction',
  );
  assert.is(new Set(positions.map((position) => position.prepare)).size, 3, 'each at its own last event');
});

/** Data a JSON document must keep exactly: quotes, backslashes, escapes, other scripts, nesting, null. */
const AWKWARD_DATA = [
  { text: 'He said "hi" \\ and left\n\ttab', path: 'C:\\temp\\"x"', braces: '{a,b} ,"}' },
  { names: ['Émilie', 'Zoë', '日本', '😀'], nested: { deep: [1, null, { q: '\'"' }] } },
  null,
  { empty: '', tab: '\t', cr: '\r' },
];

test('data and metadata written together or alone read back exactly as given', async ({ store, statements }) => {
  const streams = AWKWARD_DATA.map(() => uniqueStream());
  const events = () =>
    AWKWARD_DATA.map((data) => {
      const event = newEvent('Awkward', data);
      return { ...event, metadata: { ...event.metadata, note: data } };
    });
  const together = events();
  await Promise.all(streams.map((stream, index) => store.append(stream, 'no_stream', [together[index]!])));
  assert.equal(appendsMade(statements), ['es_append_each']);
  const alone = uniqueStream();
  await store.append(alone, 'no_stream', events());
  for (const [index, stream] of streams.entries()) {
    const [read] = (await store.readStream(stream)).events;
    assert.equal(read!.data, AWKWARD_DATA[index], `together: data ${index}`);
    assert.equal(
      (read!.metadata as unknown as { note: unknown }).note,
      AWKWARD_DATA[index],
      `together: metadata ${index}`,
    );
  }
  const readAlone = (await store.readStream(alone)).events;
  assert.equal(
    readAlone.map((event) => event.data),
    AWKWARD_DATA,
    'alone, several events in order',
  );
});

test('a stale expected revision among them is refused alone; the others are written', async ({ store }) => {
  const [stale, fresh] = [uniqueStream(), uniqueStream()];
  await store.append(stale, 'no_stream', [newEvent('Counted')]);
  await store.append(stale, 0, [newEvent('Counted')]);
  const outcomes = await Promise.allSettled([
    store.append(stale, 0, [newEvent('Counted')]),
    store.append(fresh, 'no_stream', [newEvent('Counted')]),
  ]);
  assert.is(outcomes[0].status, 'rejected');
  assert.instance((outcomes[0] as PromiseRejectedResult).reason, WrongExpectedRevisionError);
  assert.is(outcomes[1].status, 'fulfilled');
  assert.equal([(await store.readStream(stale)).revision, (await store.readStream(fresh)).revision], [1, 0]);
});

test('an append retried after it was written answers as it did, among others', async ({ store, statements }) => {
  const [stream, other] = [uniqueStream(), uniqueStream()];
  const events = [newEvent('Counted')];
  const first = await store.append(stream, 'no_stream', events);
  statements.length = 0;
  const [again] = await Promise.all([
    store.append(stream, 'no_stream', events),
    store.append(other, 'no_stream', [newEvent('Counted')]),
  ]);
  assert.equal(again, first);
  assert.is((await store.readStream(stream)).events.length, 1, 'written once');
  assert.is((await store.readStream(other)).events.length, 1);
  assert.is(appendsMade(statements)[0], 'es_append_each');
});

test('two appends on one stream at the same moment are both written, in order', async ({ store }) => {
  const stream = uniqueStream();
  const [first, second] = [newEvent('Counted', { n: 1 }), newEvent('Counted', { n: 2 })];
  await Promise.all([
    store.append(stream, 'any', [first]),
    store.append(stream, 'any', [second]),
    store.append(uniqueStream(), 'any', [newEvent('Counted')]),
  ]);
  assert.equal(
    (await store.readStream(stream)).events.map((event) => event.data),
    [{ n: 1 }, { n: 2 }],
  );
});

test.run();
