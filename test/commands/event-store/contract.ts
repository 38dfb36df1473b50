import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  DuplicateEventIdError,
  WrongExpectedRevisionError,
  comparePositions,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
} from '../../../domain/event-store/port';
import { MultiStreamAppendUnsupportedError } from '../../../commands/event-store/kurrentdb-server';
import { newEvent, uniqueStream } from '../../support/events';

/**
 * KurrentDB cannot see an event id already used in another stream: for an adapter that says so in its capabilities,
 * that test checks the weaker promise instead. Both adapters claim the atomic multi-stream append (KurrentDB 25.1+);
 * the weaker branch of that test is kept for an adapter that would not. PostgreSQL claims both and is held to the
 * full contract.
 */
const atomicAcrossStreams = (store: EventStore): boolean => store.capabilities.multiStreamAppend;
const uniqueIdsAcrossStreams = (store: EventStore): boolean => store.capabilities.uniqueEventIdsAcrossStreams;

export interface ContractSubject {
  store: EventStore;
  dispose(): Promise<void>;
}

/**
 * The behaviour every event-store adapter must have. Registered once per adapter; `skipReason` marks the whole
 * suite skipped (and says why) where the adapter's server is not available.
 */
export function eventStoreContract(adapter: string, create: () => Promise<ContractSubject>, skipReason?: string): void {
  const test = suite<{ subject?: ContractSubject }>(`event store contract: ${adapter}`, {});
  const it = skipReason ? test.skip : test;
  if (skipReason) console.log(`  SKIPPED: event store contract for ${adapter}: ${skipReason}`);
  const store = (context: { subject?: ContractSubject }): EventStore => context.subject!.store;

  test.before(async (context) => {
    if (!skipReason) context.subject = await create();
  });
  test.after(async (context) => {
    await context.subject?.dispose();
  });

  it('a new stream takes events from revision 0 and reads them back in order', async (context) => {
    const stream = uniqueStream();
    const result = await store(context).append(stream, 'no_stream', [newEvent('A', { n: 1 }), newEvent('B', { n: 2 })]);
    assert.is(result.revisions[stream], 1);
    const read = await store(context).readStream(stream);
    assert.is(read.revision, 1);
    assert.equal(
      read.events.map((e) => [e.type, e.revision, e.data]),
      [
        ['A', 0, { n: 1 }],
        ['B', 1, { n: 2 }],
      ],
    );
    assert.is(read.events[0]!.metadata.actor && 'system' in read.events[0]!.metadata.actor, true);
  });

  it('reading a stream that does not exist gives no events and revision -1', async (context) => {
    const read = await store(context).readStream(uniqueStream());
    assert.equal(read, { events: [], revision: -1 });
  });

  it('reads a stream from a given revision', async (context) => {
    const stream = uniqueStream();
    await store(context).append(stream, 'no_stream', [newEvent('A'), newEvent('B'), newEvent('C')]);
    const read = await store(context).readStream(stream, { fromRevision: 1 });
    assert.equal(
      read.events.map((e) => e.type),
      ['B', 'C'],
    );
    assert.is(read.revision, 2);
  });

  it('no_stream on an existing stream is refused with the actual revision', async (context) => {
    const stream = uniqueStream();
    await store(context).append(stream, 'no_stream', [newEvent('A')]);
    const error = await rejection(store(context).append(stream, 'no_stream', [newEvent('B')]));
    assert.instance(error, WrongExpectedRevisionError);
    assert.is((error as WrongExpectedRevisionError).actual, 0);
    assert.is((await store(context).readStream(stream)).events.length, 1);
  });

  it('an exact revision is enforced: the current one succeeds, a stale one is refused', async (context) => {
    const stream = uniqueStream();
    await store(context).append(stream, 'no_stream', [newEvent('A')]);
    await store(context).append(stream, 0, [newEvent('B')]);
    const error = await rejection(store(context).append(stream, 0, [newEvent('C')]));
    assert.instance(error, WrongExpectedRevisionError);
    assert.is((error as WrongExpectedRevisionError).actual, 1);
    assert.equal(
      (await store(context).readStream(stream)).events.map((e) => e.type),
      ['A', 'B'],
    );
  });

  it('an exact revision on a missing stream is refused with actual -1', async (context) => {
    const error = await rejection(store(context).append(uniqueStream(), 3, [newEvent('A')]));
    assert.instance(error, WrongExpectedRevisionError);
    assert.is((error as WrongExpectedRevisionError).actual, -1);
  });

  it('stream_exists needs the stream; any accepts both', async (context) => {
    const stream = uniqueStream();
    const missing = await rejection(store(context).append(stream, 'stream_exists', [newEvent('A')]));
    assert.instance(missing, WrongExpectedRevisionError);
    await store(context).append(stream, 'any', [newEvent('A')]);
    await store(context).append(stream, 'stream_exists', [newEvent('B')]);
    const result = await store(context).append(stream, 'any', [newEvent('C')]);
    assert.is(result.revisions[stream], 2);
  });

  it('a retried append with the same event ids succeeds once and writes nothing twice', async (context) => {
    const stream = uniqueStream();
    const events = [newEvent('A'), newEvent('B')];
    const first = await store(context).append(stream, 'no_stream', events);
    const retry = await store(context).append(stream, 'no_stream', events);
    assert.equal(retry.revisions, first.revisions);
    assert.is(comparePositions(retry.position, first.position), 0);
    const retryAny = await store(context).append(stream, 'any', events);
    assert.equal(retryAny.revisions, first.revisions);
    assert.is((await store(context).readStream(stream)).events.length, 2);
  });

  it('an event id already used in another stream is refused', async (context) => {
    const event = newEvent('A');
    await store(context).append(uniqueStream(), 'no_stream', [event]);
    const other = uniqueStream();
    if (!uniqueIdsAcrossStreams(store(context))) {
      // KurrentDB checks ids only against the same stream, so it may accept the event; if it refuses, it must
      // say why and write nothing.
      const outcome = await store(context)
        .append(other, 'no_stream', [event])
        .then(
          () => null,
          (error: unknown) => error,
        );
      if (outcome !== null) {
        assert.instance(outcome, DuplicateEventIdError);
        assert.is((await store(context).readStream(other)).revision, -1);
      } else {
        assert.is((await store(context).readStream(other)).revision, 0);
      }
      return;
    }
    const error = await rejection(store(context).append(other, 'no_stream', [event]));
    assert.instance(error, DuplicateEventIdError);
    assert.is((await store(context).readStream(other)).revision, -1);
  });

  it('appends to several streams atomically', async (context) => {
    const [a, b] = [uniqueStream(), uniqueStream()];
    if (!atomicAcrossStreams(store(context))) {
      // No atomic multi-stream append: refused up front, nothing written; one stream still goes through appendMany.
      const refused = await rejection(
        store(context).appendMany([
          { streamId: a, expectedRevision: 'no_stream', events: [newEvent('A1')] },
          { streamId: b, expectedRevision: 'no_stream', events: [newEvent('B1'), newEvent('B2')] },
        ]),
      );
      assert.instance(refused, MultiStreamAppendUnsupportedError);
      assert.is((await store(context).readStream(a)).revision, -1);
      assert.is((await store(context).readStream(b)).revision, -1);
      const single = await store(context).appendMany([
        { streamId: a, expectedRevision: 'no_stream', events: [newEvent('A1'), newEvent('A2')] },
      ]);
      assert.equal(single.revisions, { [a]: 1 });
      return;
    }
    const result = await store(context).appendMany([
      { streamId: a, expectedRevision: 'no_stream', events: [newEvent('A1')] },
      { streamId: b, expectedRevision: 'no_stream', events: [newEvent('B1'), newEvent('B2')] },
    ]);
    assert.equal(result.revisions, { [a]: 0, [b]: 1 });
    const failed = await rejection(
      store(context).appendMany([
        { streamId: a, expectedRevision: 0, events: [newEvent('A2')] },
        { streamId: b, expectedRevision: 0, events: [newEvent('B3')] },
      ]),
    );
    assert.instance(failed, WrongExpectedRevisionError);
    assert.is((failed as WrongExpectedRevisionError).streamId, b);
    assert.is((await store(context).readStream(a)).revision, 0, 'the stream whose check passed got nothing either');
    assert.is((await store(context).readStream(b)).revision, 1);
  });

  it('a retried multi-stream append with the same event ids succeeds and writes nothing twice', async (context) => {
    if (!atomicAcrossStreams(store(context))) return;
    const [a, b] = [uniqueStream(), uniqueStream()];
    await store(context).append(b, 'no_stream', [newEvent('B0')]);
    const appends = [
      { streamId: a, expectedRevision: 'no_stream' as const, events: [newEvent('A1'), newEvent('A2')] },
      { streamId: b, expectedRevision: 0, events: [newEvent('B1')] },
    ];
    const first = await store(context).appendMany(appends);
    assert.equal(first.revisions, { [a]: 1, [b]: 1 });
    const retry = await store(context).appendMany(appends);
    assert.equal(retry.revisions, first.revisions);
    assert.is(comparePositions(retry.position, first.position), 0);
    assert.is((await store(context).readStream(a)).events.length, 2);
    assert.is((await store(context).readStream(b)).events.length, 2);
    // Other events at one stream's revisions make it no retry: refused (as a conflict, or for the ids reused in the
    // other stream), nothing written.
    const other = await rejection(
      store(context).appendMany([
        { streamId: a, expectedRevision: 'no_stream', events: [newEvent('A1'), newEvent('A2')] },
        { streamId: b, expectedRevision: 0, events: appends[1]!.events },
      ]),
    );
    assert.ok(other instanceof WrongExpectedRevisionError || other instanceof DuplicateEventIdError, String(other));
    assert.is((await store(context).readStream(a)).events.length, 2);
    assert.is((await store(context).readStream(b)).events.length, 2);
  });

  it('the global log returns events after a position, in order, each once', async (context) => {
    const start = await readToEnd(store(context), null);
    const stream = uniqueStream();
    await store(context).append(stream, 'no_stream', [newEvent('X1'), newEvent('X2')]);
    await store(context).append(stream, 1, [newEvent('X3')]);
    const seen: RecordedEvent[] = [];
    let cursor = start.position;
    for (;;) {
      const page = await store(context).readAll(cursor, 2);
      if (page.length === 0) break;
      seen.push(...page);
      cursor = page[page.length - 1]!.position;
    }
    const mine = seen.filter((e) => e.streamId === stream);
    assert.equal(
      mine.map((e) => e.type),
      ['X1', 'X2', 'X3'],
    );
    for (let i = 1; i < seen.length; i++) assert.ok(comparePositions(seen[i - 1]!.position, seen[i]!.position) < 0);
  });

  it('writers racing on one stream with the same expected revision: exactly one wins', async (context) => {
    const stream = uniqueStream();
    await store(context).append(stream, 'no_stream', [newEvent('Created')]);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => store(context).append(stream, 0, [newEvent('Raced', { writer: i })])),
    );
    const winners = outcomes.filter((o) => o.status === 'fulfilled');
    const losers = outcomes.filter((o) => o.status === 'rejected');
    assert.is(winners.length, 1);
    for (const loser of losers) assert.instance((loser as PromiseRejectedResult).reason, WrongExpectedRevisionError);
    assert.is((await store(context).readStream(stream)).revision, 1);
  });

  it('under 16 concurrent writers with rollbacks, a follower sees every committed event exactly once', async (context) => {
    const eventStore = store(context);
    const { position: start } = await readToEnd(eventStore, null);
    const committed = new Set<string>();
    const rolledBack = new Set<string>();
    const poison = newEvent('Poison');
    await eventStore.append(uniqueStream('poison'), 'no_stream', [poison]);
    // An adapter that cannot see an id used in another stream (KurrentDB) would write the poisoned append: its
    // writers are refused by a stale expected revision instead.
    const poisonRefused = uniqueIdsAcrossStreams(eventStore);
    let writing = true;
    let lastCommitted: LogPosition | null = null;

    // Another transaction anywhere in the cluster (autoanalyze, say) may hold events back for a moment: after the
    // writers stop, the follower reads until it has passed the last committed append, within a deadline.
    const seen = new Map<string, number>();
    const follower = (async () => {
      let cursor: LogPosition | null = start;
      let deadline = Infinity;
      for (;;) {
        const page = await eventStore.readAll(cursor, 500);
        for (const event of page) seen.set(event.eventId, (seen.get(event.eventId) ?? 0) + 1);
        if (page.length > 0) cursor = page[page.length - 1]!.position;
        if (page.length > 0) continue;
        if (!writing) {
          if (cursor && lastCommitted && comparePositions(cursor, lastCommitted) >= 0) return;
          deadline = Math.min(deadline, Date.now() + 15_000);
          if (Date.now() > deadline) return;
        }
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();

    const writer = async (index: number): Promise<void> => {
      const streams = Array.from({ length: 4 }, () => uniqueStream('load'));
      const revisions = streams.map(() => -1);
      for (let round = 0; round < 100; round++) {
        const slot = round % streams.length;
        const events = [newEvent('Loaded', { index, round }), newEvent('Loaded', { index, round, second: true })];
        const roll = (index * 31 + round * 7) % 10;
        if (roll === 0 && poisonRefused) {
          // A duplicate id makes the insert fail after the first rows went in: the whole transaction rolls back.
          const doomed = [...events, poison];
          await rejection(
            eventStore.append(streams[slot]!, revisions[slot]! === -1 ? 'no_stream' : revisions[slot]!, doomed),
          );
          events.forEach((e) => rolledBack.add(e.eventId));
          continue;
        }
        if (roll === 0 || roll === 1) {
          // A stale expected revision: refused, nothing written.
          await rejection(eventStore.append(streams[slot]!, revisions[slot]! + 5, events));
          events.forEach((e) => rolledBack.add(e.eventId));
          continue;
        }
        const result = await eventStore.append(
          streams[slot]!,
          revisions[slot]! === -1 ? 'no_stream' : revisions[slot]!,
          events,
        );
        revisions[slot] = result.revisions[streams[slot]!]!;
        if (!lastCommitted || comparePositions(result.position, lastCommitted) > 0) lastCommitted = result.position;
        events.forEach((e) => committed.add(e.eventId));
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, i) => writer(i)));
    writing = false;
    await follower;

    assert.ok(committed.size >= 2500, `only ${committed.size} events committed`);
    const missing = [...committed].filter((id) => !seen.has(id));
    const twice = [...seen].filter(([, count]) => count > 1);
    const ghosts = [...rolledBack].filter((id) => seen.has(id));
    assert.is(missing.length, 0, `${missing.length} committed events never seen`);
    assert.is(twice.length, 0, `${twice.length} events seen more than once`);
    assert.is(ghosts.length, 0, `${ghosts.length} rolled-back events seen`);
    assert.is([...seen.keys()].filter((id) => committed.has(id)).length, committed.size);
  });

  test.run();
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to be refused, but it succeeded');
}

async function readToEnd(store: EventStore, from: LogPosition | null): Promise<{ position: LogPosition | null }> {
  let position = from;
  for (;;) {
    const page = await store.readAll(position, 1000);
    if (page.length === 0) return { position };
    position = page[page.length - 1]!.position;
  }
}
