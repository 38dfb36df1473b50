import type { Knex } from 'knex';
import type { RecordedEvent } from '../../domain/event-store/port';
import type { DomainEvent } from '../../domain/shared/decider';
import type { OneStatementBatch } from './one-statement';

/**
 * What a projection keeps between its batches in the process that applies them: one per runner (or rebuild) and
 * projection. It is a hint, never the truth: another process may have run the projection meanwhile, and a batch
 * that rolled back left its writes undone, so whatever is kept is checked against the read model before it is used.
 */
export type ProjectionMemory = Map<string, unknown>;

/**
 * A read model fed from the global log. `apply` runs inside the transaction that also moves the checkpoint, so
 * each event is applied exactly once; handlers are still written as idempotent upserts. Tables are referred to
 * unqualified: a rebuild points the search path at a fresh schema and swaps the tables in afterwards.
 */
export interface Projection {
  name: string;
  /** Tables this read model owns (created by migrations in `public`, or in `schema`). */
  tables: string[];
  /**
   * The schema of its tables when not `public` (e.g. `analytics`): the runner puts it first on the search path while
   * the projection applies a batch, and a rebuild refills these tables in place rather than swapping them, so that
   * the views and grants on them stay.
   */
  schema?: string;
  /** Event types it reads; the checkpoint moves past every other event untouched. */
  eventTypes: readonly string[];
  apply(trx: Knex.Transaction, event: DomainEvent, recorded: RecordedEvent): Promise<void>;
  /** Applies a batch's events (those of `eventTypes`, in order) at once, when the read model gains from it. */
  applyAll?(
    trx: Knex.Transaction,
    events: { event: DomainEvent; recorded: RecordedEvent }[],
    memory: ProjectionMemory,
  ): Promise<void>;
  /**
   * The batch as one statement written with the checkpoint, no transaction around it (writeInOneStatement), when the
   * projection can write it so (e.g. from what it remembers); undefined: the batch is applied in a transaction. Not
   * offered by a projection with a schema of its own.
   */
  inOneStatement?(
    events: { event: DomainEvent; recorded: RecordedEvent }[],
    memory: ProjectionMemory,
  ): Promise<OneStatementBatch | undefined>;
}
