import type { Knex } from 'knex';
import { upcast } from '../../domain/event-store/upcasters';
import type { RecordedEvent } from '../../domain/event-store/port';
import type { OneStatementBatch } from './one-statement';
import type { Projection, ProjectionMemory } from './projection';

/**
 * Applies the events a projection reads, in order, inside `trx`. A projection with tables in a schema of its own gets
 * that schema first on the search path, unless the caller has set the path already (`searchPathSet`: a rebuild).
 * `memory` is what the projection kept from its earlier batches in this process (none: a rebuild, a test).
 */
export async function applyBatch(
  trx: Knex.Transaction,
  projection: Projection,
  events: RecordedEvent[],
  { searchPathSet = false, memory = new Map() }: { searchPathSet?: boolean; memory?: ProjectionMemory } = {},
): Promise<void> {
  const read = events.filter((recorded) => projection.eventTypes.includes(recorded.type));
  if (read.length === 0) return;
  if (projection.schema && !searchPathSet) await trx.raw(`set local search_path to ${projection.schema}, public`);
  if (projection.applyAll)
    return projection.applyAll(
      trx,
      read.map((recorded) => ({ event: upcast(recorded), recorded })),
      memory,
    );
  for (const recorded of read) await projection.apply(trx, upcast(recorded), recorded);
}

/** The batch as one statement with its checkpoint (Projection.inOneStatement), when the projection offers it. */
export async function oneStatementBatch(
  projection: Projection,
  events: RecordedEvent[],
  memory: ProjectionMemory,
): Promise<OneStatementBatch | undefined> {
  if (!projection.inOneStatement || projection.schema) return undefined;
  const read = events.filter((recorded) => projection.eventTypes.includes(recorded.type));
  if (read.length === 0) return undefined;
  return projection.inOneStatement(
    read.map((recorded) => ({ event: upcast(recorded), recorded })),
    memory,
  );
}
