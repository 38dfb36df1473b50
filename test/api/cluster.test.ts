import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { get, request as httpRequest, type ClientRequest } from 'node:http';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildServer, SERVER_ENTRY, SERVER_NODE_FLAGS } from '../../api/build-server';
import { findFreePort } from '../../commands/infrastructure/embedded-postgres';
import { addDays, todayIn } from '../../domain/shared/plain-date';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { request } from '../support/http';
import { bearer, signIn } from '../support/identity';
import { createPublicService } from '../support/public-service';

/**
 * Issue 13, item 5: `npm start` (api/main.ts, built as `npm start` builds it) with WEB_CONCURRENCY=2, as a real
 * primary and two workers sharing one port, over a test database. Races are decided once across workers, the
 * projectors run in the primary only (and the workers' writes are read back at once), every change is decided by one
 * worker (the writer), and the per-address request limit counts every worker's requests. NODE_ENV=production, so that X-Forwarded-For lets the test speak from many
 * addresses (each race request from its own, to stay under the limit).
 */
interface Context {
  database: TestDatabase;
  primary: ChildProcess;
  exited: Promise<number | null>;
  url: string;
  laneId: number;
  serviceId: number;
}

const WORKERS = 2;
const LIMIT = 60;
const ADMIN = { email: 'cluster-admin@example.com', password: 'Str0ng!Passw0rd' };
const lane = {
  name: 'Nurse',
  startTime: '09:00:00',
  endTime: '15:00:00',
  durations: [{ value: 900, isDefault: true }],
  slotInterval: 900,
};
const test = suite<Context>('api: several API workers (WEB_CONCURRENCY)');
const dataDir = path.resolve(`.data/test-cluster-${process.pid}`);
const buildDir = path.resolve(`.data/test-cluster-build-${process.pid}`);
let address = 0;
/** A client address of its own for each request that should not meet the per-address limit. */
const fromNewAddress = () => ({ 'X-Forwarded-For': `10.13.${Math.floor(++address / 250)}.${address % 250}` });

function childrenOf(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return children ? children.split(/\s+/).map(Number) : [];
}

test.before(async (context) => {
  context.database = await createTestDatabase();
  await context.database.close();
  const port = await findFreePort();
  // As `npm start` runs it: the server's build, with the server's flags.
  await buildServer([SERVER_ENTRY], buildDir);
  context.primary = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(buildDir, 'main.js')], {
    env: {
      ...process.env,
      WEB_CONCURRENCY: String(WORKERS),
      DATABASE_URL: context.database.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      NODE_ENV: 'production',
      API_REQUESTS_PER_MINUTE: String(LIMIT),
      PUBLIC_LOCKS_PER_ADDRESS: '1000',
      TWO_FACTOR: 'off',
      BOT_CHECK: 'off',
      EVENTSTORE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      SEED_ADMIN_EMAIL: ADMIN.email,
      SEED_ADMIN_PASSWORD: ADMIN.password,
      PUBLIC_URL: `http://localhost:${port}`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  context.exited = new Promise((resolve) => context.primary.once('exit', (code) => resolve(code)));
  context.url = await new Promise<string>((resolve, reject) => {
    let output = '';
    context.primary.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Booking system ready at (\S+) \((\d+) API workers/.exec(output);
      if (ready) resolve(ready[1]!);
    });
    context.primary.once('exit', (code) =>
      reject(new Error(`npm start exited (${code}) before it was ready:\n${output}`)),
    );
  });

  const admin = bearer(await signIn(context.url, ADMIN.email, ADMIN.password));
  const call = (method: string, route: string, body?: unknown) =>
    request(context.url, method, `/api${route}`, body, { ...admin, ...fromNewAddress() });
  const locationId = (await call('GET', '/locations')).json.items[0].id;
  const categoryId = (await call('GET', '/categories')).json.items[0].id;
  const calendar = await call('POST', '/calendars', {
    name: 'Cluster clinic',
    enabled: true,
    locationId,
    categoryId,
    lanes: [lane],
  });
  const date = addDays(todayIn('America/Toronto', new Date()), 7);
  const added = await call('POST', `/batch/calendars/${calendar.json.id}/dates`, { dates: [date], lanes: [lane] });
  context.laneId = added.json.items[0].lanes[0].id;
  context.serviceId = await createPublicService(context.url, { ...admin, ...fromNewAddress() }, [calendar.json.id]);
});

test.after(async (context) => {
  if (context.primary?.exitCode === null) {
    context.primary.kill('SIGTERM');
    await context.exited;
  }
  await context.database?.drop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(buildDir, { recursive: true, force: true });
});

test("npm start builds the server, then runs the build with the server's flags", () => {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  assert.is(scripts.prestart, 'node --import tsx api/build-server.ts');
  assert.is(scripts.start, `node ${SERVER_NODE_FLAGS.join(' ')} api/dist/main.js`);
});

const lockSlot = (context: Context, startTime: string, endTime: string) =>
  request(
    context.url,
    'POST',
    '/api/public/locks',
    { calendarDateLaneId: context.laneId, startTime, endTime, serviceId: context.serviceId },
    fromNewAddress(),
  );

test("the primary runs the asked number of API workers on one port, each with the server's flags", async (context) => {
  const workers = childrenOf(context.primary.pid!);
  assert.is(workers.length, WORKERS);
  for (const pid of workers) {
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    for (const flag of SERVER_NODE_FLAGS) assert.ok(commandLine.includes(flag), commandLine.join(' '));
  }
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => request(context.url, 'GET', '/api/health', undefined, fromNewAddress())),
  );
  assert.ok(answers.every((answer) => answer.status === 200));
});

test('each projector is active in exactly one process, the primary, and a write in a worker is read back at once', async (context) => {
  const client = new pg.Client({ connectionString: context.database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ holders: number; locks: number }>(
      `select count(distinct pid)::int as holders, count(*)::int as locks from pg_locks
        where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database()) and classid = $1`,
      [0x70726f6a],
    );
    const projectors = (await client.query<{ n: number }>('select count(*)::int as n from projection_checkpoints'))
      .rows[0]!.n;
    assert.is(rows[0]!.locks, projectors, 'one lock per projector, not one per worker');
    assert.is(rows[0]!.holders, 1, 'all held by one session');
  } finally {
    await client.end();
  }
  // A write answers once its read models have it, though another process applied it: the next read, whichever
  // worker answers it, sees it.
  const admin = bearer(await signIn(context.url, ADMIN.email, ADMIN.password));
  for (let index = 0; index < 10; index++) {
    const name = `Cluster category ${index}`;
    const created = await request(context.url, 'POST', '/api/categories', { name }, { ...admin, ...fromNewAddress() });
    assert.is(created.status, 201);
    const listed = await request(context.url, 'GET', '/api/categories', undefined, { ...admin, ...fromNewAddress() });
    assert.ok(
      (listed.json.items as { name: string }[]).some((category) => category.name === name),
      `${name} read back`,
    );
  }
});

test('50 concurrent locks of one slot over the workers: exactly one token', async (context) => {
  const answers = await Promise.all(Array.from({ length: 50 }, () => lockSlot(context, '09:00:00', '09:15:00')));
  assert.is(answers.filter((answer) => answer.status === 201).length, 1);
  assert.ok(
    answers.every((answer) => answer.status === 201 || answer.status === 409),
    JSON.stringify(answers.map((answer) => answer.status)),
  );
});

test('500 concurrent locks on 20 slots over the workers: exactly 20 tokens, one a slot', async (context) => {
  const slots = Array.from({ length: 20 }, (_, index) => {
    const start = 10 * 3600 + index * 900;
    const time = (seconds: number) =>
      `${String(Math.floor(seconds / 3600)).padStart(2, '0')}:${String((seconds % 3600) / 60).padStart(2, '0')}:00`;
    return [time(start), time(start + 900)] as const;
  });
  const answers = await Promise.all(
    Array.from({ length: 500 }, (_, index) =>
      lockSlot(context, ...slots[index % 20]!).then((answer) => ({ answer, slot: index % 20 })),
    ),
  );
  const won = answers.filter(({ answer }) => answer.status === 201);
  assert.is(won.length, 20);
  assert.is(new Set(won.map(({ slot }) => slot)).size, 20, 'one winner for each slot');
  assert.ok(answers.every(({ answer }) => answer.status === 201 || answer.status === 409));
});

/** /metrics over a connection of its own: node:cluster hands new connections to the workers in turn. */
function scrapeOverNewConnection(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get(`${url}/metrics`, { agent: false }, (answer) => {
      let text = '';
      answer.on('data', (chunk) => (text += String(chunk)));
      answer.on('end', () => resolve(text));
    }).on('error', reject);
  });
}

const sumOf = (metrics: string, prefix: string) =>
  metrics
    .split('\n')
    .filter((line) => line.startsWith(prefix))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);

test("every change is decided by one worker, the writer: the races' locks are all counted there, with no conflict", async (context) => {
  const lockCounts = new Set<number>();
  for (let scrape = 0; scrape < 6; scrape++) {
    const metrics = await scrapeOverNewConnection(context.url);
    assert.ok(metrics.includes('booking_commands_total'), metrics.slice(0, 200));
    lockCounts.add(sumOf(metrics, 'booking_commands_total{command="LockSlot"'));
    assert.is(sumOf(metrics, 'booking_command_conflicts_total'), 0, "no append refused on another worker's revision");
  }
  const counts = [...lockCounts].sort((a, b) => a - b);
  assert.is(counts.length, 2, `both workers scraped: ${counts.join(', ')}`);
  assert.is(counts[0], 0, 'none decided by the other worker');
  assert.ok(counts[1]! >= 20, `the writer decided the winning locks: ${counts[1]}`);
});

test('the per-address request limit counts the requests of every worker', async (context) => {
  const one = { 'X-Forwarded-For': '203.0.113.13' };
  const answers = await Promise.all(
    Array.from({ length: 2 * LIMIT }, () => request(context.url, 'GET', '/api/health', undefined, one)),
  );
  assert.is(answers.filter((answer) => answer.status === 200).length, LIMIT, 'not LIMIT on each worker');
  const limited = answers.find((answer) => answer.status === 429)!;
  assert.is(limited.json.error, 'RATE_LIMITED');
  assert.ok(Number(limited.headers.get('retry-after')) > 0);
  const other = await request(context.url, 'GET', '/api/health', undefined, fromNewAddress());
  assert.is(other.status, 200, 'another address is not limited');
});

async function until(holds: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!holds()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const writerOf = (primary: number) =>
  childrenOf(primary).find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes('WORKER_ROLE=writer');
    } catch {
      return false; // gone meanwhile
    }
  });

test('the writer killed: the other worker handles the changes meanwhile, and a new writer takes them over', async (context) => {
  const admin = bearer(await signIn(context.url, ADMIN.email, ADMIN.password));
  // Each on a connection of its own: one kept alive to the killed worker would fail whatever the server does.
  const create = (name: string) =>
    new Promise<{ status: number }>((resolve, reject) => {
      const body = JSON.stringify({ name });
      const headers = { ...admin, ...fromNewAddress(), 'content-type': 'application/json' };
      httpRequest(`${context.url}/api/categories`, { method: 'POST', headers, agent: false }, (answer) => {
        answer.resume();
        answer.on('end', () => resolve({ status: answer.statusCode! }));
      })
        .on('error', reject)
        .setTimeout(10_000, function (this: ClientRequest) {
          this.destroy(new Error('no answer within 10 s'));
        })
        .end(body);
    });
  const killed = writerOf(context.primary.pid!)!;
  assert.ok(killed, 'a writer runs');
  process.kill(killed, 'SIGKILL');
  // Until the primary has seen the writer go, it may still hand it a new connection, which is then lost (Node's
  // cluster, for any worker that dies): the client's own timeout is all there is. So the test waits for that first.
  await until(() => !childrenOf(context.primary.pid!).includes(killed), 10_000);
  await new Promise((resolve) => setTimeout(resolve, 250)); // its handlers of the exit run just after the reaping
  const statuses: number[] = [];
  for (let index = 0; index < 10; index++) statuses.push((await create(`While the writer is away ${index}`)).status);
  assert.ok(
    statuses.every((status) => status === 201 || status === 503),
    `answered or asked to try again: ${statuses.join(' ')}`,
  );
  assert.is(statuses.at(-1), 201, 'handled by the other worker');
  await until(() => ![undefined, killed].includes(writerOf(context.primary.pid!)), 20_000);
  // Until it is ready the other worker answers the changes itself; every change is answered either way.
  for (let index = 0; index < 20; index++) {
    const created = await create(`After the writer came back ${index}`);
    assert.is(created.status, 201);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.is(childrenOf(context.primary.pid!).length, WORKERS);
});

test('SIGTERM to the primary stops every worker and the primary', async (context) => {
  const workers = childrenOf(context.primary.pid!);
  context.primary.kill('SIGTERM');
  assert.is(await context.exited, 0);
  for (const pid of workers) {
    let alive = true;
    try {
      process.kill(pid, 0);
    } catch {
      alive = false;
    }
    assert.not.ok(alive, `worker ${pid} stopped`);
  }
});

test.run();
