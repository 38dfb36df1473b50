import type { Knex } from 'knex';
import { positionText, type CheckpointAdvance } from './checkpoint-advances';

/** SQL text and its bindings, in the order of their `?`. */
export interface SqlPart {
  sql: string;
  bindings: Knex.RawBinding[];
}

/**
 * A batch a projection writes in one statement with its checkpoint (Projection.inOneStatement): a rush's batch
 * computed from what the projection remembers, sent without a transaction to open and commit around it.
 */
export interface OneStatementBatch {
  /** What the batch was computed from, still true in the read model (e.g. rows still at the versions remembered). */
  condition: SqlPart;
  /**
   * The parts of a `with` that write the batch, each writing only while the relation named `gate` has a row (the
   * checkpoint moved). One of them is named `answer`: its rows are handed to `written`.
   */
  writes(gate: string): SqlPart;
  /** Told the rows of `answer` once the statement has written the batch. */
  written(rows: Record<string, unknown>[]): void;
}

/**
 * Moves the checkpoint by a compare-and-set and writes the batch in the same statement (so atomically, as one
 * transaction would). Nothing is written when the checkpoint is no longer at `from` (another process took the
 * projection over) or the batch's condition no longer holds: the answer is then false, and the caller applies the
 * batch in a transaction as usual.
 */
export async function writeInOneStatement(
  knex: Knex,
  move: CheckpointAdvance,
  batch: OneStatementBatch,
): Promise<boolean> {
  const writes = batch.writes('checkpoint_moved');
  const { rows } = await knex.raw<{ rows: ({ checkpoint_moved: boolean } & Record<string, unknown>)[] }>(
    `with checkpoint_moved as (
       update projection_checkpoints c
          set commit_position = ?::numeric, prepare_position = ?::numeric,
              events_handled = c.events_handled + ?::bigint, updated_at = now()
        where c.name = ?
          and c.commit_position is not distinct from ?::numeric
          and c.prepare_position is not distinct from ?::numeric
          and (${batch.condition.sql})
        returning 1),
     ${writes.sql}
     select exists (select from checkpoint_moved) as checkpoint_moved, answer.*
       from (select) as one left join answer on true`,
    [
      positionText(move.to.commit),
      positionText(move.to.prepare),
      move.count,
      move.name,
      positionText(move.from?.commit),
      positionText(move.from?.prepare),
      ...batch.condition.bindings,
      ...writes.bindings,
    ],
  );
  if (!rows[0]?.checkpoint_moved) return false;
  // An empty answer still gives the one row that tells whether the checkpoint moved, its other columns null.
  batch.written(
    rows
      .map(({ checkpoint_moved: _moved, ...row }) => row)
      .filter((row) => Object.values(row).some((value) => value !== null)),
  );
  return true;
}
