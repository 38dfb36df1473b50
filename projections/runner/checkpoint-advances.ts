import type { Knex } from 'knex';
import type { LogPosition } from '../../domain/event-store/port';
import { positionalRows } from '../shared/positional-rows';

/** A projection's checkpoint moved past events it does not read: from where this process left it, to `to`. */
export interface CheckpointAdvance {
  name: string;
  from: LogPosition | null;
  to: LogPosition;
  /** Events passed (counted in `events_handled` like applied ones). */
  count: number;
}

interface Pending extends CheckpointAdvance {
  settle(moved: boolean): void;
  fail(error: unknown): void;
}

/**
 * Moves checkpoints past batches their projection does not read (most batches of most projections: a booking concerns
 * two read models of ten). Nothing is applied, so no transaction is needed: each move is a compare-and-set on the
 * row, and the moves asked for in the same turn of the event loop (projectors woken by one append share one read)
 * go out as one statement. A move whose row is no longer where this process left it (another process took the
 * projection over) is not made; the caller then reads the checkpoint again under its lock.
 */
export class CheckpointAdvances {
  private pending: Pending[] = [];

  constructor(private readonly knex: Knex) {}

  /** True once moved; false when the checkpoint was not at `from`. */
  advance(move: CheckpointAdvance): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.pending.push({ ...move, settle: resolve, fail: reject });
      if (this.pending.length === 1) setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const moves = this.pending;
    this.pending = [];
    try {
      const moved = await advanceCheckpoints(this.knex, moves);
      for (const move of moves) move.settle(moved.has(move.name));
    } catch (error) {
      for (const move of moves) move.fail(error);
    }
  }
}

/** A log position's part as the checkpoint row holds it (numeric, sent as text). */
export const positionText = (value: bigint | undefined) => (value === undefined ? null : value.toString());

interface MoveRow {
  name: string;
  from_commit: string | null;
  from_prepare: string | null;
  to_commit: string | null;
  to_prepare: string | null;
  count: number;
}

const MOVE_ROWS = positionalRows<MoveRow>({
  name: 'text',
  from_commit: 'numeric',
  from_prepare: 'numeric',
  to_commit: 'numeric',
  to_prepare: 'numeric',
  count: 'bigint',
});

/** The compare-and-set of every move in one statement; the names of the checkpoints it moved. */
export async function advanceCheckpoints(knex: Knex, moves: CheckpointAdvance[]): Promise<Set<string>> {
  const rows = moves.map((move) => ({
    name: move.name,
    from_commit: positionText(move.from?.commit),
    from_prepare: positionText(move.from?.prepare),
    to_commit: positionText(move.to.commit),
    to_prepare: positionText(move.to.prepare),
    count: move.count,
  }));
  const result = await knex.raw<{ rows: { name: string }[] }>(
    `update projection_checkpoints c
        set commit_position = m.to_commit, prepare_position = m.to_prepare,
            events_handled = c.events_handled + m.count, updated_at = now()
       from (${MOVE_ROWS.source}) as m
      where c.name = m.name
        and c.commit_position is not distinct from m.from_commit
        and c.prepare_position is not distinct from m.from_prepare
  returning c.name`,
    [MOVE_ROWS.parameter(rows)],
  );
  return new Set(result.rows.map((row) => row.name));
}
