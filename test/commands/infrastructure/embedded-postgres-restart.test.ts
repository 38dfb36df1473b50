import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmbeddedPostgres } from '../../../commands/infrastructure/embedded-postgres';
import { isRunning, readPostmaster } from '../../../commands/infrastructure/embedded-postgres-owner';
import { databaseDirOf, removeEmbeddedData } from '../../../commands/infrastructure/embedded-postgres-placement';

/**
 * Issue 12, item 8: a real app process on a throwaway DATA_DIR (under .data/; as root from a folder the `postgres` user
 * cannot reach, its cluster lives in the shared folder), killed with kill -9 or stopped with a signal.
 */
const test = suite<{ dataDirs: string[]; children: ChildProcess[] }>(
  'embedded PostgreSQL: restart after a crash, stop on signals',
);
test.before((context) => {
  context.dataDirs = [];
  context.children = [];
});
test.after(async ({ dataDirs, children }) => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dataDir of dataDirs) {
    const postmaster = await readPostmaster(await databaseDirOf(dataDir));
    if (postmaster && isRunning(postmaster.pid)) process.kill(postmaster.pid, 'SIGINT');
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const dataDir of dataDirs) await removeEmbeddedData(dataDir);
});

async function newDataDir(context: { dataDirs: string[] }): Promise<string> {
  const dataDir = path.resolve(`.data/test-restart-${randomBytes(4).toString('hex')}`);
  await mkdir(dataDir, { recursive: true, mode: 0o755 });
  context.dataDirs.push(dataDir);
  return dataDir;
}

interface Started {
  child: ChildProcess;
  pid: number;
  port: number;
  /** The app's address (app mode). */
  url?: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts test/support/embedded-app-process.ts and waits for its ready line. */
function startProcess(context: { children: ChildProcess[] }, args: string[]): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/embedded-app-process.ts', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  context.children.push(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    let output = '';
    let errors = '';
    const timer = setTimeout(() => reject(new Error(`not ready after 60 s: ${output}${errors}`)), 60_000);
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((candidate) => candidate.startsWith('{'));
      if (!line) return;
      clearTimeout(timer);
      const ready = JSON.parse(line) as { pid: number; port: number; url?: string };
      resolve({ child, ...ready, exited });
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code ?? signal}) before it was ready: ${output}${errors}`));
    });
  });
}

async function notes(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ text: string }>('select text from notes order by text')).rows.map((row) => row.text);
  } finally {
    await client.end();
  }
}

async function postmasterOf(dataDir: string): Promise<number> {
  const postmaster = await readPostmaster(await databaseDirOf(dataDir));
  assert.ok(postmaster, 'the cluster runs');
  return postmaster.pid;
}

async function until(condition: () => boolean, timeoutMs = 15_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return condition();
}

test('after kill -9 of the app, the next start stops the PostgreSQL it left running and starts, with the data kept', async (context) => {
  const dataDir = await newDataDir(context);
  const first = await startProcess(context, ['postgres', dataDir, 'written before the crash']);
  const orphan = await postmasterOf(dataDir);
  first.child.kill('SIGKILL');
  await first.exited;
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.ok(isRunning(orphan), 'kill -9 leaves the embedded PostgreSQL running, with no parent');

  const embedded = await startEmbeddedPostgres({ dataDir });
  try {
    assert.not.ok(isRunning(orphan), 'the abandoned server was stopped');
    assert.equal(await notes(embedded.url('postgres')), ['written before the crash']);
    const owner = JSON.parse(await readFile(path.join(dataDir, 'pg-owner.json'), 'utf8')) as {
      pid: number;
      postmasterPid: number;
    };
    assert.is(owner.pid, process.pid);
    assert.is(owner.postmasterPid, await postmasterOf(dataDir));
  } finally {
    await embedded.stop();
  }
  assert.not.ok(existsSync(path.join(dataDir, 'pg-owner.json')), 'a clean stop removes the owner file');
});

test('a second start on the DATA_DIR of a running app is refused and leaves its database alone; SIGINT stops both', async (context) => {
  const dataDir = await newDataDir(context);
  const running = await startProcess(context, ['postgres', dataDir, 'kept']);
  const postmaster = await postmasterOf(dataDir);
  try {
    await startEmbeddedPostgres({ dataDir });
    assert.unreachable('a second start must fail');
  } catch (error) {
    assert.instance(error, Error);
    assert.match((error as Error).message, new RegExp(`still running \\(process ${running.pid}\\)`));
  }
  assert.ok(isRunning(postmaster), "the running app's database is untouched");

  running.child.kill('SIGINT');
  const exit = await running.exited;
  assert.is(exit.code, 0, 'a clean exit');
  assert.ok(await until(() => !isRunning(postmaster)), 'no PostgreSQL left for that DATA_DIR');
  assert.not.ok(existsSync(path.join(await databaseDirOf(dataDir), 'postmaster.pid')));
});

test('SIGTERM to a running app (npm start) stops its embedded PostgreSQL before it exits', async (context) => {
  const dataDir = await newDataDir(context);
  const app = await startProcess(context, ['app', dataDir]);
  const postmaster = await postmasterOf(dataDir);
  assert.is((await fetch(`${app.url}/api/health`)).status, 200);
  app.child.kill('SIGTERM');
  const exit = await app.exited;
  assert.is(exit.code, 0, 'the app stopped in order and exited normally');
  assert.not.ok(isRunning(postmaster), 'its PostgreSQL stopped before the app exited');
  assert.not.ok(existsSync(path.join(await databaseDirOf(dataDir), 'postmaster.pid')));
  assert.not.ok(existsSync(path.join(dataDir, 'pg-owner.json')));
});

test('a postmaster.pid left behind is no obstacle: a dead pid (PostgreSQL replaces it) or a pid reused by another program', async (context) => {
  const dataDir = await newDataDir(context);
  const first = await startEmbeddedPostgres({ dataDir });
  const lockFile = path.join(await databaseDirOf(dataDir), 'postmaster.pid');
  const lock = await readFile(lockFile, 'utf8');
  await first.stop();
  const withPid = (pid: number) => lock.replace(/^\d+/, String(pid));

  const gone = spawn('true');
  await new Promise((resolve) => gone.on('exit', resolve));
  await writeFile(lockFile, withPid(gone.pid!));
  const second = await startEmbeddedPostgres({ dataDir });
  await second.stop();

  // Run as the user the cluster runs as: PostgreSQL takes a pid it may not signal for a stale one by itself.
  const unrelated = spawn('sleep', ['60'], clusterUser());
  try {
    await writeFile(lockFile, withPid(unrelated.pid!));
    const third = await startEmbeddedPostgres({ dataDir });
    await third.stop();
    assert.ok(isRunning(unrelated.pid!), 'the program that has the pid now is left alone');
  } finally {
    unrelated.kill('SIGKILL');
  }
});

test('projections:rebuild beside a running app (embedded default) uses its server instead of starting a second', async (context) => {
  const dataDir = await newDataDir(context);
  const app = await startProcess(context, ['app', dataDir]);
  const postmaster = await postmasterOf(dataDir);
  const rebuild = spawnSync(process.execPath, ['--import', 'tsx', 'projections/rebuild-cli.ts', 'categories'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', EVENTSTORE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  assert.is(rebuild.status, 0, `the rebuild succeeded: ${rebuild.stdout}${rebuild.stderr}`);
  assert.match(rebuild.stdout, `Using the embedded PostgreSQL of the running app (port ${app.port})`);
  assert.match(rebuild.stdout, /categories: rebuilt/);
  assert.ok(isRunning(postmaster), "the app's PostgreSQL still runs after the rebuild");
  assert.is((await fetch(`${app.url}/api/health`)).status, 200, 'the app still answers');
  app.child.kill('SIGTERM');
  assert.is((await app.exited).code, 0);
});

/** As root the cluster runs as `postgres`; otherwise as this user. */
function clusterUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

test.run();
