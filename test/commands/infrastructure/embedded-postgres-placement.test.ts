import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmbeddedPostgres } from '../../../commands/infrastructure/embedded-postgres';
import { removeEmbeddedData, SHARED_DIR } from '../../../commands/infrastructure/embedded-postgres-placement';

/**
 * Issue 14, item 1: a DATA_DIR inside a folder only its owner may enter (what `mktemp -d` makes). As root, PostgreSQL
 * runs as `postgres`, who cannot enter it: the cluster then lives in the shared folder, and the folder stays closed.
 */
const test = suite<{ parent: string }>('embedded PostgreSQL: a DATA_DIR in a folder only its owner may enter');
test.before(async (context) => {
  context.parent = await mkdtemp(path.join(tmpdir(), 'booking-'));
});
test.after(async ({ parent }) => {
  await removeEmbeddedData(path.join(parent, 'data'));
  await rm(parent, { recursive: true, force: true });
});

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

test('starts, keeps its data across a restart, leaves the folder closed, and is removed whole', async ({ parent }) => {
  assert.is(statSync(parent).mode & 0o777, 0o700, 'mkdtemp makes a folder only its owner may enter');
  const dataDir = path.join(parent, 'data');
  const first = await startEmbeddedPostgres({ dataDir });
  try {
    await query(first.url('postgres'), "create table kept (text text); insert into kept values ('before the restart')");
  } finally {
    await first.stop();
  }
  const second = await startEmbeddedPostgres({ dataDir });
  try {
    assert.equal(await query(second.url('postgres'), 'select text from kept'), [{ text: 'before the restart' }]);
  } finally {
    await second.stop();
  }
  assert.is(statSync(parent).mode & 0o777, 0o700, 'the folder was not opened to anyone');

  const pointer = path.join(dataDir, 'pg-cluster');
  const shared = existsSync(pointer) ? (await readFile(pointer, 'utf8')).trim() : undefined;
  if (process.getuid?.() === 0) {
    assert.ok(shared, 'as root, the cluster lives where the postgres user can reach it');
    assert.ok(shared.startsWith(path.join(SHARED_DIR, 'clusters') + path.sep));
    assert.ok(existsSync(path.join(shared, 'PG_VERSION')));
  } else {
    assert.ok(
      existsSync(path.join(dataDir, 'pg', 'PG_VERSION')),
      'as an ordinary user, the cluster stays in DATA_DIR/pg',
    );
  }
  await removeEmbeddedData(dataDir);
  assert.not.ok(existsSync(dataDir));
  if (shared) assert.not.ok(existsSync(shared), 'removing the data dir removes its shared cluster too');
});

test('a DATA_DIR deleted by hand and made again at the same path starts, on a cluster of its own', async ({
  parent,
}) => {
  const dataDir = path.join(parent, 'again');
  const first = await startEmbeddedPostgres({ dataDir });
  try {
    await query(first.url('postgres'), 'create table of_the_first (id int)');
  } finally {
    await first.stop();
  }
  const pointer = path.join(dataDir, 'pg-cluster');
  const firstCluster = existsSync(pointer) ? (await readFile(pointer, 'utf8')).trim() : undefined;
  await rm(dataDir, { recursive: true, force: true }); // its shared cluster (as root) stays behind
  const second = await startEmbeddedPostgres({ dataDir });
  try {
    assert.equal(await query(second.url('postgres'), "select to_regclass('of_the_first') is null as fresh"), [
      { fresh: true },
    ]);
  } finally {
    await second.stop();
    await removeEmbeddedData(dataDir);
    if (firstCluster) await rm(firstCluster, { recursive: true, force: true });
  }
});

test.run();
