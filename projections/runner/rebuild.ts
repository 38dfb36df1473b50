import type { Knex } from 'knex';
import type { EventStore, LogPosition, RecordedEvent } from '../../domain/event-store/port';
import { applyBatch } from './apply-batch';
import { ensureCheckpoint, lockCheckpoint, saveCheckpoint } from './checkpoints';
import { keepIndexNames } from './index-names';
import type { Projection, ProjectionMemory } from './projection';

export interface RebuildOptions {
  store: EventStore;
  knex: Knex;
  batchSize?: number;
  /** Events of the log read so far (of the types the rebuilt projections read). */
  onProgress?: (eventsRead: number) => void;
}

interface Rebuild {
  projection: Projection;
  /** The schema its fresh tables fill in. */
  schema: string;
  types: ReadonlySet<string>;
  /** Events of its types applied. */
  read: number;
  /** What the projection keeps between the rebuild's batches (Projection.applyAll). */
  memory: ProjectionMemory;
}

const rebuildSchema = (projection: Projection) =>
  `rebuild_${projection.name.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}`;

/**
 * Replays the whole log into fresh copies of the projection's tables (in a schema of their own), then, holding the
 * checkpoint row so that the live projector pauses, applies what arrived meanwhile and swaps the copies in.
 * Readers see the old tables until the swap commits. Returns the number of events read: those of the types it reads
 * (the store may leave the others out).
 */
export async function rebuildProjection(projection: Projection, options: RebuildOptions): Promise<number> {
  return (await rebuildProjections([projection], options)).get(projection.name)!;
}

/**
 * Rebuilds several read models from one read of the log (reading and decoding a million events costs about as much
 * as applying them): each batch goes to every read model that reads some of it, each in a short transaction of its
 * own, side by side. Then each, in turn, catches up and swaps its tables in as `rebuildProjection` does. Answers the
 * events of its types each read. A failure while the log is replayed ends them all, their fresh tables dropped, the
 * live ones untouched; one in a swap leaves those swapped before it in place.
 */
export async function rebuildProjections(
  projections: readonly Projection[],
  { store, knex, batchSize = 1000, onProgress }: RebuildOptions,
): Promise<Map<string, number>> {
  const rebuilds: Rebuild[] = projections.map((projection) => ({
    projection,
    schema: rebuildSchema(projection),
    types: new Set(projection.eventTypes),
    read: 0,
    memory: new Map(),
  }));
  try {
    for (const rebuild of rebuilds) await prepare(knex, rebuild);
    const types = [...new Set(projections.flatMap((projection) => projection.eventTypes))];
    let cursor: LogPosition | null = null;
    let logRead = 0;
    // The next batch is read while this one is applied: the log's reads and the read models' writes overlap.
    for (let batch = await store.readAll(cursor, batchSize, types); batch.length > 0;) {
      const last: LogPosition = batch[batch.length - 1]!.position;
      const ahead = batch.length === batchSize ? store.readAll(last, batchSize, types) : null;
      // Awaited next; a failure of this batch must not leave it unhandled meanwhile.
      ahead?.catch(() => undefined);
      await settleAll(rebuilds.map((rebuild) => applyToCopy(knex, rebuild, batch)));
      cursor = last;
      logRead += batch.length;
      onProgress?.(logRead);
      batch = ahead ? await ahead : await store.readAll(cursor, batchSize, types);
    }
    for (const rebuild of rebuilds) await swapInAgainOnDeadlock(knex, store, rebuild, cursor, batchSize);
  } catch (error) {
    for (const { schema } of rebuilds) await knex.raw(`drop schema if exists ${schema} cascade`).catch(() => undefined);
    throw error;
  }
  await analyzeTables(knex, rebuilds);
  return new Map(rebuilds.map(({ projection, read }) => [projection.name, read]));
}

async function prepare(knex: Knex, { projection, schema }: Rebuild): Promise<void> {
  await ensureCheckpoint(knex, projection.name);
  await knex.raw(`drop schema if exists ${schema} cascade; create schema ${schema}`);
  const home = projection.schema ?? 'public';
  for (const table of projection.tables) {
    await knex.raw(`create table ${schema}.${table} (like ${home}.${table} including all)`);
  }
}

/**
 * The batch's events of the rebuild's types, applied to its copies in a short transaction (a long one would hold back
 * pg_snapshot_xmin and stall every projector).
 */
async function applyToCopy(knex: Knex, rebuild: Rebuild, batch: RecordedEvent[]): Promise<void> {
  const events = batch.filter((event) => rebuild.types.has(event.type));
  if (events.length === 0) return;
  await knex.transaction(async (trx) => {
    await trx.raw(`set local search_path to ${rebuild.schema}, public`);
    await applyBatch(trx, rebuild.projection, events, { searchPathSet: true, memory: rebuild.memory });
  });
  rebuild.read += events.length;
}

/** Swaps tried before a deadlock fails the rebuild. */
const SWAP_TRIES = 5;

/**
 * A live projector's batch reads its tables, then moves its checkpoint: one that read before the swap took the
 * checkpoint waits for it while holding a table the swap must drop, and PostgreSQL ends one of the two
 * (deadlock_detected). A swap ended so is all undone (one transaction), and tried again once the batch has gone by;
 * what it remembered of its rolled-back writes is forgotten.
 */
async function swapInAgainOnDeadlock(...args: Parameters<typeof swapIn>): Promise<void> {
  const rebuild = args[2];
  const read = rebuild.read;
  for (let tries = 1; ; tries++) {
    try {
      return await swapIn(...args);
    } catch (error) {
      if (tries >= SWAP_TRIES || (error as { code?: string }).code !== DEADLOCK_DETECTED) throw error;
      rebuild.read = read;
      rebuild.memory.clear();
    }
  }
}

const DEADLOCK_DETECTED = '40P01';

/** Holding the checkpoint (the live projector pauses): what arrived since the shared read, then the swap. */
async function swapIn(
  knex: Knex,
  store: EventStore,
  rebuild: Rebuild,
  from: LogPosition | null,
  batchSize: number,
): Promise<void> {
  const { projection, schema } = rebuild;
  const home = projection.schema ?? 'public';
  await knex.transaction(async (trx) => {
    await lockCheckpoint(trx, projection.name);
    await trx.raw(`set local search_path to ${schema}, public`);
    let cursor = from;
    for (let events = await store.readAll(cursor, batchSize, projection.eventTypes); events.length > 0;) {
      await applyBatch(trx, projection, events, { searchPathSet: true, memory: rebuild.memory });
      rebuild.read += events.length;
      cursor = events[events.length - 1]!.position;
      events = await store.readAll(cursor, batchSize, projection.eventTypes);
    }
    if (projection.schema) {
      // Refilled in place: views over these tables and the grants on them stay as they are.
      for (const table of projection.tables) {
        await trx.raw(`truncate ${home}.${table}`);
        await trx.raw(`insert into ${home}.${table} select * from ${schema}.${table}`);
      }
    } else {
      for (const table of projection.tables) {
        await keepIndexNames(trx, `${schema}.${table}`, `public.${table}`);
        await trx.raw(`drop table public.${table}`);
        await trx.raw(`alter table ${schema}.${table} set schema public`);
      }
    }
    await trx.raw('set local search_path to public');
    if (cursor) await saveCheckpoint(trx, projection.name, cursor, 0);
    else
      await trx('projection_checkpoints')
        .where({ name: projection.name })
        .update({ commit_position: null, prepare_position: null });
    await trx('projection_checkpoints').where({ name: projection.name }).update({ events_handled: rebuild.read });
    await trx.raw(`drop schema ${schema} cascade`);
  });
}

/**
 * A table swapped in has no statistics until autovacuum comes by, and until then the planner guesses: a day view's
 * read of a replayed history (an index lookup) scanned the whole table. Side by side, a table to a connection.
 */
async function analyzeTables(knex: Knex, rebuilds: Rebuild[]): Promise<void> {
  await Promise.all(
    rebuilds.flatMap(({ projection }) =>
      projection.tables.map((table) => knex.raw(`analyze ${projection.schema ?? 'public'}.${table}`)),
    ),
  );
}

/** Waits for every one of `work`, then throws the first failure (no schema is dropped under a running transaction). */
async function settleAll(work: Promise<void>[]): Promise<void> {
  const failed = (await Promise.allSettled(work)).find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}
