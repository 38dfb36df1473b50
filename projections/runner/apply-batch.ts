import type { Knex } from 'knex';
import { upcast } from '../../domain/event-store/upcasters';
import type { RecordedEvent } from '../../domain/event-store/port';
import type { Projection } from './projection';

/** Applies the events a projection reads, in order, inside `trx`. */
export async function applyBatch(
  trx: Knex.Transaction,
  projection: Projection,
  events: RecordedEvent[],
): Promise<void> {
  const read = events.filter((recorded) => projection.eventTypes.includes(recorded.type));
  if (projection.applyAll)
    return projection.applyAll(
      trx,
      read.map((recorded) => ({ event: upcast(recorded), recorded })),
    );
  for (const recorded of read) await projection.apply(trx, upcast(recorded), recorded);
}
