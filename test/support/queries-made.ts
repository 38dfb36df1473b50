import type { Knex } from 'knex';

/** `work`'s answer and the SQL of the queries it sent through `knex`. */
export async function queriesMade<T>(knex: Knex, work: () => Promise<T>): Promise<{ answer: T; queries: string[] }> {
  const queries: string[] = [];
  const count = (query: { sql: string }) => queries.push(query.sql);
  knex.on('query', count);
  try {
    return { answer: await work(), queries };
  } finally {
    knex.off('query', count);
  }
}
