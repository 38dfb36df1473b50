import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

export const newUuid = (): string => randomUUID();

/** Next integer id of a category (`service`, `calendar`, ...): short, readable ids for addresses and streams. */
export async function nextId(knex: Knex, category: string): Promise<number> {
  const result = await knex.raw<{ rows: { value: string }[] }>(
    `insert into id_counters (category, value) values (?, 1)
     on conflict (category) do update set value = id_counters.value + 1 returning value`,
    [category],
  );
  return Number(result.rows[0]!.value);
}
