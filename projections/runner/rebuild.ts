import type { Knex } from 'knex';
import type { EventStore, LogPosition } from '../../domain/event-store/port';
import { applyBatch } from './apply-batch';
import { ensureCheckpoint, lockCheckpoint, saveCheckpoint } from './checkpoints';
import type { Projection } from './projection';

export interface RebuildOptions {
  store: EventStore;
  knex: Knex;
  batchSize?: number;
  onProgress?: (eventsRead: number) => void;
}

/**
 * Replays the whole log into fresh copies of the projection's tables (in a schema of their own), then, holding the
 * checkpoint row so that the live projector pauses, applies what arrived meanwhile and swaps the copies in.
 * Readers see the old tables until the swap commits. Returns the number of events read: those of the types it reads
 * (the store may leave the others out).
 */
export async function rebuildProjection(
  projection: Projection,
  { store, knex, batchSize = 1000, onProgress }: RebuildOptions,
): Promise<number> {
  const schema = `rebuild_${projection.name.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}`;
  await ensureCheckpoint(knex, projection.name);
  await knex.raw(`drop schema if exists ${schema} cascade; create schema ${schema}`);
  const home = projection.schema ?? 'public';
  for (const table of projection.tables) {
    await knex.raw(`create table ${schema}.${table} (like ${home}.${table} including all)`);
  }
  let cursor: LogPosition | null = null;
  let read = 0;
  // Only the projection's own events: most read models read a few types of a log mostly of bookings.
  const readAfter = (position: LogPosition | null) => store.readAll(position, batchSize, projection.eventTypes);
  // The next batch, read while this one is applied: the log's reads and the read model's writes overlap.
  let ahead: ReturnType<typeof readAfter> | null = null;
  const replay = async (trx: Knex.Transaction): Promise<number> => {
    await trx.raw(`set local search_path to ${schema}, public`);
    const events = await (ahead ?? readAfter(cursor));
    ahead = null;
    if (events.length === 0) return 0;
    const last = events[events.length - 1]!.position;
    if (events.length === batchSize) {
      ahead = readAfter(last);
      // Awaited by the next batch; a failure of this one must not leave it unhandled meanwhile.
      ahead.catch(() => undefined);
    }
    await applyBatch(trx, projection, events, { searchPathSet: true });
    cursor = last;
    read += events.length;
    onProgress?.(read);
    return events.length;
  };
  try {
    // Short transactions: a long one would hold back pg_snapshot_xmin and stall every projector.
    while ((await knex.transaction(replay)) > 0);
    await knex.transaction(async (trx) => {
      await lockCheckpoint(trx, projection.name);
      while ((await replay(trx)) > 0);
      if (projection.schema) {
        // Refilled in place: views over these tables and the grants on them stay as they are.
        for (const table of projection.tables) {
          await trx.raw(`truncate ${home}.${table}`);
          await trx.raw(`insert into ${home}.${table} select * from ${schema}.${table}`);
        }
      } else {
        for (const table of projection.tables) {
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
      await trx('projection_checkpoints').where({ name: projection.name }).update({ events_handled: read });
      await trx.raw(`drop schema ${schema} cascade`);
    });
  } catch (error) {
    await knex.raw(`drop schema if exists ${schema} cascade`).catch(() => undefined);
    throw error;
  }
  return read;
}
