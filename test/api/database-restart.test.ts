import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startServer, type RunningServer } from '../../api/server';
import { loadConfig } from '../../commands/infrastructure/config';
import { startEmbeddedPostgres, type EmbeddedServer } from '../../commands/infrastructure/embedded-postgres';
import { removeEmbeddedData } from '../../commands/infrastructure/embedded-postgres-placement';
import { silentLogger } from '../../commands/infrastructure/logger';
import { TEST_ADMIN } from '../support/app';
import { request } from '../support/http';
import { bearer, signIn } from '../support/identity';

/**
 * Issue 12, item 9: the app on a PostgreSQL of its own (not the shared test server), which the test stops and starts
 * again. Projectors poll only every 60 s here, so only a notification (a LISTEN session that came back) can make a
 * write visible in time.
 */
interface Context {
  dataDir: string;
  embedded: EmbeddedServer;
  server: RunningServer;
  token: string;
}

const POLL_MS = 60_000;
const test = suite<Context>('api: a database restart');

test.before(async (context) => {
  context.dataDir = path.resolve(`.data/test-db-restart-${randomBytes(4).toString('hex')}`);
  context.embedded = await startEmbeddedPostgres({ dataDir: path.join(context.dataDir, 'database') });
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: context.embedded.url('booking'),
    DATA_DIR: path.join(context.dataDir, 'app'),
    PORT: '0',
    EVENTSTORE_URL: '',
    SMTP_URL: '',
    TWO_FACTOR: 'off',
    BOT_CHECK: 'off',
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    SEED_ADMIN_EMAIL: TEST_ADMIN.email,
    SEED_ADMIN_PASSWORD: TEST_ADMIN.password,
    PUBLIC_URL: '',
  });
  context.server = await startServer({
    config,
    logger: silentLogger,
    webRoot: path.resolve('web/dist'),
    requestsPerMinute: 100_000,
    projectionPollMs: POLL_MS,
  });
  context.token = await signIn(context.server.url, TEST_ADMIN.email, TEST_ADMIN.password);
});

test.after(async (context) => {
  await context.server?.stop();
  await context.embedded?.stop();
  await removeEmbeddedData(path.join(context.dataDir, 'database'));
  await rm(context.dataDir, { recursive: true, force: true });
});

/** Concurrent readers, public and staff, until stopped: every status they got, and whether each 503 said when to retry. */
function startLoad(baseUrl: string, token: string) {
  const answers: { path: string; status: number; retryAfter: string | null; error?: string }[] = [];
  let running = true;
  const paths = ['/api/public/services?locale=en', '/api/categories', '/api/locations', '/api/health'];
  const workers = Array.from({ length: 8 }, async (_, worker) => {
    for (let i = 0; running; i++) {
      const path = paths[(worker + i) % paths.length]!;
      try {
        const answer = await request(baseUrl, 'GET', path, undefined, bearer(token));
        answers.push({
          path,
          status: answer.status,
          retryAfter: answer.headers.get('retry-after'),
          error: answer.json?.error,
        });
      } catch (error) {
        answers.push({ path, status: 0, retryAfter: null, error: String((error as Error).cause ?? error) });
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(workers);
      return answers;
    },
  };
}

async function listeningChannels(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ query: string }>(
      `select query from pg_stat_activity where datname = 'booking' and query ilike 'listen %' order by query`,
    );
    return result.rows.map((row) => row.query);
  } finally {
    await client.end();
  }
}

async function projectorLocks(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ count: string }>(
      `select count(*) from pg_locks l join pg_database d on d.oid = l.database where l.locktype = 'advisory' and l.granted and d.datname = 'booking' and l.classid = $1`,
      [0x70726f6a],
    );
    return Number(result.rows[0]!.count);
  } finally {
    await client.end();
  }
}

async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('during the outage requests answer 503 with Retry-After and health says down; afterwards LISTEN is back and writes are seen at once', async (context) => {
  const { server, token } = context;
  const load = startLoad(server.url, token);
  try {
    await duringTheRestart(context);
  } finally {
    await load.stop();
  }
  const { answers } = load;

  assert.ok(answers.length > 50, `the load ran (${answers.length} requests)`);
  assert.equal(
    answers.filter((answer) => answer.status !== 200 && answer.status !== 503),
    [],
    'every request during the restart answered 200 or 503, never 500',
  );
  assert.ok(
    answers.some((answer) => answer.status === 503),
    'some requests met the outage',
  );
  assert.ok(answers.filter((answer) => answer.status === 503).every((answer) => answer.retryAfter === '5'));

  // Read-your-writes: the POST answers once projectors have applied it. Polling alone would take 60 s.
  const started = Date.now();
  const created = await request(server.url, 'POST', '/api/categories', { name: 'After the restart' }, bearer(token));
  const elapsed = Date.now() - started;
  assert.is(created.status, 201);
  assert.ok(elapsed < 2000, `the write was projected in ${elapsed} ms, woken by a notification`);
  const list = await request(server.url, 'GET', '/api/categories', undefined, bearer(token));
  assert.ok((list.json.items as { name: string }[]).some((category) => category.name === 'After the restart'));
});

/** Stops the database under the running app, checks what it answers meanwhile, starts it again and waits for LISTEN. */
async function duringTheRestart(context: Context): Promise<void> {
  const { server, token } = context;
  await new Promise((resolve) => setTimeout(resolve, 300));
  const port = context.embedded.port;
  await context.embedded.stop();
  const health = await request(server.url, 'GET', '/api/health');
  assert.is(health.status, 503);
  assert.equal(health.json, { status: 'unavailable', database: 'down', eventStore: 'postgres' });
  assert.ok(health.headers.get('retry-after'));
  const staffRead = await request(server.url, 'GET', '/api/categories', undefined, bearer(token));
  assert.is(staffRead.status, 503);
  assert.is(staffRead.json.error, 'DATABASE_UNAVAILABLE');
  assert.is(staffRead.headers.get('retry-after'), '5');
  const write = await request(server.url, 'POST', '/api/categories', { name: 'During the outage' }, bearer(token));
  assert.is(write.status, 503);
  await new Promise((resolve) => setTimeout(resolve, 1000));

  context.embedded = await startEmbeddedPostgres({ dataDir: path.join(context.dataDir, 'database'), port });
  const back = await eventually(
    () => request(server.url, 'GET', '/api/health'),
    (answer) => answer.status === 200,
    15_000,
  );
  assert.equal(back.json, { status: 'ok', database: 'ok', eventStore: 'postgres' });
  const channels = await eventually(
    () => listeningChannels(context.embedded.url('postgres')),
    (found) => found.length === 4,
    15_000,
  );
  assert.equal(
    channels,
    ['listen es_appended', 'listen mail_queue', 'listen message_queue', 'listen projection_checkpoints'],
    'the projectors (new events, other processes’ batches) and the mail and message dispatchers listen again',
  );
  // The projectors' advisory locks ended with the old session: each projector takes its lock again before going on.
  const locks = await eventually(
    () => projectorLocks(context.embedded.url('postgres')),
    (count) => count === server.runner.names.length,
    15_000,
  );
  assert.is(locks, server.runner.names.length, 'every projector holds its lock again');
  assert.equal(server.runner.active.sort(), [...server.runner.names].sort());
  await new Promise((resolve) => setTimeout(resolve, 300));
}

test.run();
