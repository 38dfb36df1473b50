import type { Knex } from 'knex';
import type { RecordedEvent } from '../../domain/event-store/port';
import type { DomainEvent } from '../../domain/shared/decider';

/**
 * A read model fed from the global log. `apply` runs inside the transaction that also moves the checkpoint, so
 * each event is applied exactly once; handlers are still written as idempotent upserts. Tables are referred to
 * unqualified: a rebuild points the search path at a fresh schema and swaps the tables in afterwards.
 */
export interface Projection {
  name: string;
  /** Tables this read model owns (created by migrations in `public`). */
  tables: string[];
  /** Event types it reads; the checkpoint moves past every other event untouched. */
  eventTypes: readonly string[];
  apply(trx: Knex.Transaction, event: DomainEvent, recorded: RecordedEvent): Promise<void>;
  /** Applies a batch's events (those of `eventTypes`, in order) at once, when the read model gains from it. */
  applyAll?(trx: Knex.Transaction, events: { event: DomainEvent; recorded: RecordedEvent }[]): Promise<void>;
}
