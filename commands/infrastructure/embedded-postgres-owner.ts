import { readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from './logger';

/**
 * Who started the embedded cluster of a data dir: `DATA_DIR/pg-owner.json`, written once the cluster runs and removed
 * when it stops. With PostgreSQL's own `postmaster.pid` it tells a cluster left running by an app that was killed
 * (kill -9, out of memory) from one that another running app is using.
 */
export interface ClusterOwner {
  /** The app process that started the cluster. */
  pid: number;
  postmasterPid: number;
  port: number;
  startedAt: string;
}

const ownerFile = (dataDir: string) => path.join(dataDir, 'pg-owner.json');

export async function recordOwner(dataDir: string, owner: ClusterOwner): Promise<void> {
  await writeFile(ownerFile(dataDir), JSON.stringify(owner) + '\n', { mode: 0o600 });
}

/** Removes the owner file if this process wrote it. */
export async function clearOwner(dataDir: string): Promise<void> {
  if ((await readOwner(dataDir))?.pid === process.pid) await rm(ownerFile(dataDir), { force: true });
}

async function readOwner(dataDir: string): Promise<ClusterOwner | undefined> {
  try {
    const owner = JSON.parse(await readFile(ownerFile(dataDir), 'utf8')) as Partial<ClusterOwner>;
    return typeof owner.pid === 'number' ? (owner as ClusterOwner) : undefined;
  } catch {
    return undefined;
  }
}

/** The cluster of `dataDir` as a running app started it: its port, while its server and that app still run. */
export async function runningCluster(dataDir: string): Promise<ClusterOwner | undefined> {
  const owner = await readOwner(dataDir);
  return owner && owner.postmasterPid > 0 && isRunning(owner.postmasterPid) && isRunning(owner.pid) ? owner : undefined;
}

/** The postmaster recorded in `<databaseDir>/postmaster.pid` (first line its pid, fourth its port). */
export async function readPostmaster(databaseDir: string): Promise<{ pid: number; port: number } | undefined> {
  try {
    const lines = (await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8')).split('\n');
    const pid = Number(lines[0]);
    return Number.isInteger(pid) && pid > 0 ? { pid, port: Number(lines[3]) } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Makes `databaseDir` startable when a postmaster of an app that ended abruptly still runs on it: stops that server
 * cleanly (fast shutdown). Refuses, leaving it alone, when the app that started it still runs. A `postmaster.pid`
 * whose process is gone is left to PostgreSQL, which replaces it; one whose pid now belongs to another program
 * (after a reboot) is removed here, as PostgreSQL would refuse to start.
 */
export async function releaseAbandonedCluster({
  dataDir,
  databaseDir,
  logger,
  stopTimeoutMs = 30_000,
}: {
  dataDir: string;
  databaseDir: string;
  logger?: Logger;
  stopTimeoutMs?: number;
}): Promise<void> {
  const postmaster = await readPostmaster(databaseDir);
  if (!postmaster || !isRunning(postmaster.pid)) return;
  if (!isPostmasterOf(postmaster.pid, databaseDir)) {
    logger?.warn(
      { pid: postmaster.pid },
      'removing a stale postmaster.pid (its process id now belongs to another program)',
    );
    await rm(path.join(databaseDir, 'postmaster.pid'), { force: true });
    return;
  }
  const runningApp = liveOwner(postmaster.pid, await readOwner(dataDir));
  if (runningApp !== undefined) {
    throw new Error(
      `The embedded PostgreSQL in ${databaseDir} belongs to an app that is still running (process ${runningApp}${runningApp === process.pid ? ', this one' : ''}). ` +
        'Stop that app first, or give this one another DATA_DIR.',
    );
  }
  logger?.warn(
    { pid: postmaster.pid, port: postmaster.port },
    'stopping the embedded PostgreSQL left running by an app that ended abruptly',
  );
  await stopPostmaster(postmaster.pid, stopTimeoutMs);
}

/**
 * The app process still using the cluster, if any. Where /proc tells the postmaster's parent, that parent must be the
 * recorded owner (a postmaster whose app died has been adopted by init or a subreaper; a pid reused by another program
 * is not its parent). Without an owner file (an app from before this file existed), a parent that is a Node process.
 */
function liveOwner(postmasterPid: number, owner: ClusterOwner | undefined): number | undefined {
  const parent = parentOf(postmasterPid);
  if (parent !== undefined) {
    if (owner) return owner.pid === parent ? parent : undefined;
    return commandOf(parent) === 'node' ? parent : undefined;
  }
  return owner && owner.pid !== process.pid && isRunning(owner.pid) ? owner.pid : undefined;
}

async function stopPostmaster(pid: number, timeoutMs: number): Promise<void> {
  // SIGINT is PostgreSQL's fast shutdown: it ends the sessions, writes a checkpoint and exits; SIGQUIT, the immediate
  // one, leaves recovery from the WAL to the next start.
  for (const [signal, waitMs] of [
    ['SIGINT', timeoutMs],
    ['SIGQUIT', 10_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') return;
      throw new Error(
        `cannot stop the embedded PostgreSQL left running (process ${pid}): ${(error as Error).message}`,
        { cause: error },
      );
    }
    const deadline = Date.now() + waitMs;
    while (isRunning(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    if (!isRunning(pid)) return;
  }
  throw new Error(`the embedded PostgreSQL left running (process ${pid}) did not stop`);
}

/** Alive (a zombie, dead but not yet reaped by a parent that does not reap, counts as gone). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return procStat(pid)?.state !== 'Z';
}

/** A postmaster works in its data directory (it changes into it at start). Unknown without /proc: assumed so. */
function isPostmasterOf(pid: number, databaseDir: string): boolean {
  let workingDir: string;
  try {
    workingDir = readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return true;
  }
  try {
    return commandOf(pid) === 'postgres' && workingDir === realpathSync(databaseDir);
  } catch {
    return true;
  }
}

function parentOf(pid: number): number | undefined {
  return procStat(pid)?.parent;
}

function commandOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

function procStat(pid: number): { state: string; parent: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (command) state ppid ...": the command may hold spaces and parentheses, so read after the last ')'.
    const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return state && parent ? { state, parent: Number(parent) } : undefined;
  } catch {
    return undefined;
  }
}
