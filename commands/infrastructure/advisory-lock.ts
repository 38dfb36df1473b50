import type { Knex } from 'knex';

interface Session {
  query(sql: string, values: unknown[]): Promise<unknown>;
}

/**
 * Runs `work` while this process holds PostgreSQL's session advisory lock `key`: processes sharing one database (the
 * instances behind a load balancer) take turns. The lock is held on a connection of its own, so `work` may use the
 * pool as usual; it ends with that session should the process die.
 */
export async function withAdvisoryLock<T>(knex: Knex, key: number, work: () => Promise<T>): Promise<T> {
  const session = (await knex.client.acquireConnection()) as Session;
  try {
    await session.query('select pg_advisory_lock($1)', [key]);
    try {
      return await work();
    } finally {
      await session.query('select pg_advisory_unlock($1)', [key]);
    }
  } finally {
    await knex.client.releaseConnection(session);
  }
}
