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

/** `count` consecutive ids of a category in one statement (a batch of dates and their lanes). */
export async function nextIds(knex: Knex, category: string, count: number): Promise<number[]> {
  if (count <= 0) return [];
  const result = await knex.raw<{ rows: { value: string }[] }>(
    `insert into id_counters (category, value) values (?, ?)
     on conflict (category) do update set value = id_counters.value + excluded.value returning value`,
    [category, count],
  );
  const last = Number(result.rows[0]!.value);
  return Array.from({ length: count }, (_, index) => last - count + 1 + index);
}
