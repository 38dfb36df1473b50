import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../commands/infrastructure/config';
import { request } from '../support/http';
import { startTestApp, type TestApp } from '../support/app';

/**
 * DATABASE_POOL_SIZE bounds what one process opens on a shared PostgreSQL (several instances behind a load balancer
 * must fit in the server's max_connections): two pools of that size, and a few sessions more for the listeners and
 * the projectors' locks.
 */
const POOL_SIZE = 3;
const OTHER_SESSIONS = 6;

const test = suite<{ app: TestApp }>('api: database pool size');

test.before(async (context) => {
  context.app = await startTestApp({ env: { DATABASE_POOL_SIZE: String(POOL_SIZE) } });
});
test.after(async (context) => {
  await context.app?.stop();
});

async function sessionsOf(app: TestApp): Promise<number> {
  const client = new pg.Client({ connectionString: app.database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

test('a burst of requests is served within two pools of DATABASE_POOL_SIZE and a few sessions more', async ({
  app,
}) => {
  const answers = await Promise.all(
    Array.from({ length: 60 }, () => request(app.baseUrl, 'GET', '/api/public/services')),
  );
  assert.ok(
    answers.every((answer) => answer.status === 200),
    answers.map((answer) => answer.status).join(' '),
  );
  const sessions = await sessionsOf(app);
  assert.ok(sessions <= 2 * POOL_SIZE + OTHER_SESSIONS, `${sessions} sessions`);
  assert.ok(sessions > POOL_SIZE, `${sessions} sessions: the burst used the pools`);
});

test('a pool size that is not a whole number of at least 2 stops the start with the setting named', () => {
  for (const wrong of ['1', '2.5', 'many'])
    assert.throws(
      () => loadConfig({ DATABASE_POOL_SIZE: wrong }),
      (error: Error) => error.message.includes('DATABASE_POOL_SIZE'),
      wrong,
    );
});

test.run();
