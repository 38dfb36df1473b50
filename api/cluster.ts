import cluster, { type Worker } from 'node:cluster';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { resolveAuthSecret } from '../commands/auth/auth-secret';
import type { Config } from '../commands/infrastructure/config';
import { startEmbeddedPostgres, type EmbeddedServer } from '../commands/infrastructure/embedded-postgres';
import type { Logger } from '../commands/infrastructure/logger';
import type { SeedResult } from '../commands/seed/demo';
import { serveRequestCounts } from './cluster-request-counter';
import { openStoreAndReadModels } from './server';

/** What the primary tells every worker after a projector's batch. */
export interface ProjectionApplied {
  kind: 'projections:applied';
  name: string;
  commit: string;
  prepare: string;
}

/** What a worker tells the primary once it answers requests. */
export interface WorkerReady {
  kind: 'worker:ready';
  url: string;
  seed: SeedResult;
}

export interface RunningCluster {
  url: string;
  /** The first worker's seed: the demo and its administrator, when the store was empty. */
  seed: SeedResult;
  workers: number;
  stop(): Promise<void>;
}

/** What the primary tells the workers other than the writer: whether it answers on its socket (api/cluster-writes.ts). */
export interface WriterState {
  kind: 'writes:writer';
  up: boolean;
}

/** Environment of a worker: `WORKER_SEED=1` for the first, which migrates and seeds before the others start. */
export const WORKER_SEED = 'WORKER_SEED';
/** Environment of a worker: `writer` for the one that handles every change, `reader` for the others. */
export const WORKER_ROLE = 'WORKER_ROLE';
/** Environment of a worker: the Unix socket on which the writer answers the changes the others pass on. */
export const WRITES_SOCKET = 'WRITES_SOCKET';

/**
 * The primary of `npm start` with WEB_CONCURRENCY above 1: it starts the embedded PostgreSQL (unless DATABASE_URL is
 * set), migrates, runs the projectors (each active in one process: an advisory lock), and starts the API workers,
 * which share the port (node:cluster hands out the connections). The first worker seeds alone and is the writer: the
 * others pass their changes on to it (api/cluster-writes.ts); they start once it is ready. A worker that dies is
 * started again, in its role.
 */
export async function startCluster(config: Config, logger: Logger, count: number): Promise<RunningCluster> {
  let embedded: EmbeddedServer | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    // Each API process opens up to two pools' worth of connections and a few more (the listeners, the projectors' locks).
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      logger,
      maxConnections: Math.max(200, (2 * config.databasePoolSize + 10) * (count + 1) + 20),
    });
    databaseUrl = embedded.url('booking');
  }
  // Every worker signs sessions with one secret: made (or read) here once, not raced by the workers.
  // A folder only this user can open (mkdtemp makes it 0700), for the writer's socket.
  const writesFolder = await mkdtemp(path.join(os.tmpdir(), 'booking-writes-'));
  const env = {
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: await resolveAuthSecret(config),
    [WRITES_SOCKET]: path.join(writesFolder, 'writes.sock'),
  };
  let stopping = false;
  const workers = new Set<Worker>();
  let writer: Worker | undefined;
  let writerUp = false;
  const tellWriterState = (worker: Worker) => {
    if (worker !== writer && worker.isConnected())
      worker.send({ kind: 'writes:writer', up: writerUp } satisfies WriterState);
  };
  const writerChanged = (up: boolean) => {
    writerUp = up;
    for (const worker of workers) tellWriterState(worker);
  };
  // The projectors run here, apart from the workers' requests: under a rush their batches are not queued behind
  // hundreds of requests on one event loop. Each batch is told to the workers, whose commands wait for it.
  const { database, store, runner } = await openStoreAndReadModels(databaseUrl, config, logger);
  await runner.start();
  runner.onApplied((name, position) => {
    const message: ProjectionApplied = {
      kind: 'projections:applied',
      name,
      commit: position.commit.toString(),
      prepare: position.prepare.toString(),
    };
    for (const worker of workers) if (worker.isConnected()) worker.send(message);
  });

  const fork = (seed: boolean, role: 'writer' | 'reader'): Promise<WorkerReady> => {
    const worker = cluster.fork({ ...env, [WORKER_SEED]: seed ? '1' : '', [WORKER_ROLE]: role });
    workers.add(worker);
    // A message sent as the worker exits fails with EPIPE, emitted here: unheard, it would end the primary.
    worker.on('error', (error) =>
      logger.warn({ err: error, worker: worker.id }, 'a message to an API worker was lost'),
    );
    if (role === 'writer') writer = worker;
    serveRequestCounts(worker);
    const ready = new Promise<WorkerReady>((resolve, reject) => {
      worker.on('message', (message: WorkerReady) => {
        if (message?.kind !== 'worker:ready') return;
        if (role === 'writer') writerChanged(true);
        else tellWriterState(worker);
        resolve(message);
      });
      worker.once('exit', (code) => reject(new Error(`API worker ${worker.id} exited (${code}) before it was ready`)));
    });
    worker.once('exit', (code, signal) => {
      workers.delete(worker);
      // The others handle their changes themselves until a new writer is up.
      if (worker === writer) writerChanged(false);
      if (stopping) return;
      logger.error({ worker: worker.id, code, signal }, 'API worker stopped; starting another');
      setTimeout(
        () =>
          void fork(false, role).catch((error: unknown) => logger.error({ err: error }, 'API worker failed to start')),
        1000,
      ).unref();
    });
    return ready;
  };

  const stopWorkers = (stopped: Worker[]) =>
    Promise.all(
      stopped.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    );

  const stop = async () => {
    stopping = true;
    // The writer last: the others may still pass it changes while they drain.
    await stopWorkers([...workers].filter((worker) => worker !== writer));
    await stopWorkers([...workers]);
    await rm(writesFolder, { recursive: true, force: true });
    await runner.stop();
    await store.close();
    await database.close();
    await embedded?.stop();
  };

  try {
    const first = await fork(true, 'writer');
    await Promise.all(Array.from({ length: count - 1 }, () => fork(false, 'reader')));
    return { url: first.url, seed: first.seed, workers: count, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
