import type { Knex } from 'knex';
import type { Projection } from './projection';

/**
 * How many read models a rebuild replays at once. Node reads and folds the log while PostgreSQL writes the tables,
 * so two at a time keep both cores of a small machine busy (one after the other, each waits on the other half).
 */
export const REBUILD_CONCURRENCY = 2;

/**
 * The projections in the order to rebuild them: those that read the most events of the log first, so that the long
 * ones overlap and the short ones fill in after. The counts come from the PostgreSQL store's table; with another
 * store (nothing counted) the order stays as given.
 */
export async function largestFirst(knex: Knex, projections: readonly Projection[]): Promise<Projection[]> {
  const counts = new Map<string, number>();
  try {
    const { rows } = await knex.raw<{ rows: { type: string; n: string }[] }>(
      'select type, count(*) as n from es_events group by type',
    );
    for (const row of rows) counts.set(row.type, Number(row.n));
  } catch {
    return [...projections];
  }
  const weight = (projection: Projection) =>
    projection.eventTypes.reduce((sum, type) => sum + (counts.get(type) ?? 0), 0);
  return [...projections].sort((a, b) => weight(b) - weight(a));
}

/** Runs `rebuild` for each projection, `concurrency` at a time, in the order given; the first failure is thrown. */
export async function rebuildEach<T>(
  projections: readonly Projection[],
  rebuild: (projection: Projection) => Promise<T>,
  concurrency = REBUILD_CONCURRENCY,
): Promise<Map<string, T>> {
  const results = new Map<string, T>();
  const queue = [...projections];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) results.set(next.name, await rebuild(next));
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  return results;
}
