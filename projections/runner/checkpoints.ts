import type { Knex } from 'knex';
import type { LogPosition } from '../../domain/event-store/port';

interface CheckpointRow {
  name: string;
  commit_position: string | null;
  prepare_position: string | null;
}

export function toPosition(
  row: Pick<CheckpointRow, 'commit_position' | 'prepare_position'> | undefined,
): LogPosition | null {
  if (!row || row.commit_position === null || row.prepare_position === null) return null;
  return { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) };
}

export async function ensureCheckpoint(knex: Knex, name: string): Promise<void> {
  await knex.raw('insert into projection_checkpoints (name) values (?) on conflict (name) do nothing', [name]);
}

/** Locks the checkpoint row for the rest of the transaction, so that one batch at a time moves it. */
export async function lockCheckpoint(trx: Knex.Transaction, name: string): Promise<LogPosition | null> {
  const row = await trx<CheckpointRow>('projection_checkpoints').where({ name }).forUpdate().first();
  return toPosition(row);
}

export async function saveCheckpoint(
  trx: Knex.Transaction,
  name: string,
  position: LogPosition,
  handled: number,
): Promise<void> {
  await trx('projection_checkpoints')
    .where({ name })
    .update({
      commit_position: position.commit.toString(),
      prepare_position: position.prepare.toString(),
      events_handled: trx.raw('events_handled + ?', [handled]),
      updated_at: trx.fn.now(),
    });
}

export async function readCheckpoints(knex: Knex, names: string[]): Promise<Map<string, LogPosition | null>> {
  const rows = await knex<CheckpointRow>('projection_checkpoints')
    .whereIn('name', names)
    .select('name', 'commit_position', 'prepare_position');
  return new Map(rows.map((row) => [row.name, toPosition(row)]));
}
