import type { Config } from '../commands/infrastructure/config';
import type { Logger } from '../commands/infrastructure/logger';
import {
  WORKER_ROLE,
  WORKER_SEED,
  WRITES_SOCKET,
  type ProjectionApplied,
  type WorkerReady,
  type WriterState,
} from './cluster';
import { WriteForwarder } from './cluster-writes';
import { primaryRequestCounter } from './cluster-request-counter';
import { startServer } from './server';
import { stopGraceMs, stopOnSignals } from './stop-on-signals';

/**
 * One API worker of the cluster (api/cluster.ts): the primary runs the projectors and tells it of each batch, counts its
 * requests, tells it whether the writer is up (when it is not the writer), and stops it (SIGTERM).
 */
export async function runApiWorker(config: Config, logger: Logger, webRoot: string): Promise<void> {
  const socket = process.env[WRITES_SOCKET]!;
  const forwarder = process.env[WORKER_ROLE] === 'writer' ? undefined : new WriteForwarder(socket);
  process.on('message', (message: WriterState) => {
    if (message?.kind === 'writes:writer' && forwarder) forwarder.writerUp = message.up;
  });
  const server = await startServer({
    config,
    logger,
    webRoot,
    seed: process.env[WORKER_SEED] === '1',
    requestCounter: primaryRequestCounter(),
    projectors: 'follow',
    writes: forwarder ? { forwarder } : { serveOn: socket },
  });
  process.on('message', (message: ProjectionApplied) => {
    if (message?.kind === 'projections:applied')
      server.runner.followCheckpoint(message.name, {
        commit: BigInt(message.commit),
        prepare: BigInt(message.prepare),
      });
  });
  let stopped: Promise<void> | undefined;
  const stopOnce = { stop: () => (stopped ??= server.stop()) };
  // Ctrl-C reaches every process of the terminal: the primary alone decides, and stops the workers in order.
  process.on('SIGINT', () => undefined);
  stopOnSignals(stopOnce, logger, { signals: ['SIGTERM'], graceMs: stopGraceMs(config) });
  // The primary is gone (killed): nothing would count requests or stop this worker any more.
  process.once('disconnect', () => {
    const asked = stopped !== undefined; // by the primary's SIGTERM, which closes the channel as the worker ends
    void stopOnce.stop().finally(() => process.exit(asked ? 0 : 1));
  });
  // The seed's log position (a bigint) stays here: only what the primary prints crosses.
  const { seeded, admin } = server.seed;
  process.send!({
    kind: 'worker:ready',
    url: server.url,
    seed: { seeded, ...(admin ? { admin } : {}) },
  } satisfies WorkerReady);
}
