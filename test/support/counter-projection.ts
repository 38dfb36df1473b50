import type { Knex } from 'knex';
import type { Projection } from '../../projections/runner/projection';

/** A read model for runner tests: how many `Counted` events each stream has, in `test_counts`. */
export async function createCounterTable(knex: Knex): Promise<void> {
  await knex.raw('create table if not exists test_counts (stream_id text primary key, count integer not null)');
}

export function counterProjection(name = 'counter', { failOn }: { failOn?: string } = {}): Projection {
  return {
    name,
    tables: ['test_counts'],
    eventTypes: ['Counted', 'Poison'],
    async apply(trx, event, recorded) {
      if (event.type === 'Poison' && failOn === 'Poison') throw new Error('poisoned event');
      if (event.type !== 'Counted') return;
      await trx.raw(
        `insert into test_counts (stream_id, count) values (?, 1)
         on conflict (stream_id) do update set count = test_counts.count + 1`,
        [recorded.streamId],
      );
    },
  };
}

export async function countsByStream(knex: Knex): Promise<Record<string, number>> {
  const rows = await knex('test_counts').select('stream_id', 'count');
  return Object.fromEntries(rows.map((row: { stream_id: string; count: number }) => [row.stream_id, row.count]));
}
