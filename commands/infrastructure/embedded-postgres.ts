import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { placeCluster } from './embedded-postgres-placement';
import {
  clearOwner,
  readPostmaster,
  recordOwner,
  releaseAbandonedCluster,
  runningCluster,
} from './embedded-postgres-owner';
import type { Logger } from './logger';
import { initCluster, startServer, stopServer } from './postgres-process';

export interface EmbeddedServer {
  /** Connection string for `database` on the embedded server. */
  url(database: string): string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts (initialising on first use) the PostgreSQL cluster of `dataDir` (in `<dataDir>/pg`, or where
 * `placeCluster` puts it when running as root), listening on 127.0.0.1 only,
 * on `port` or, when it is 0, on a free port chosen now, so that instances with different data dirs coexist.
 * A cluster left running by an app of ours that was killed is stopped first; one in use by a running app is not
 * touched (the start fails, saying so). The cluster stops with `stop()`, and when this process exits.
 */
export async function startEmbeddedPostgres({
  dataDir,
  port = 0,
  logger,
  maxConnections = 200,
}: {
  dataDir: string;
  port?: number;
  logger?: Logger;
  /** Enough for every process that connects (an API process opens up to about 45). */
  maxConnections?: number;
}): Promise<EmbeddedServer> {
  const { install, databaseDir } = await placeCluster(dataDir);
  const password = await readOrCreatePassword(path.join(dataDir, 'pg-password'));
  const chosenPort = port || (await findFreePort());
  const log: string[] = [];
  const onLog = (message: string) => {
    log.push(message);
    if (log.length > 50) log.shift();
  };
  await releaseAbandonedCluster({ dataDir, databaseDir, logger });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    logger?.info({ databaseDir }, 'initialising embedded PostgreSQL');
    await initCluster(install, databaseDir, { user: 'postgres', password, onLog });
  }
  let stopping: Promise<void> | undefined;
  let server;
  try {
    server = await startServer(
      install,
      databaseDir,
      [
        '-p',
        String(chosenPort),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        `max_connections=${maxConnections}`,
      ],
      onLog,
    );
  } catch (error) {
    throw new Error(`embedded PostgreSQL did not start on port ${chosenPort}:\n${log.join('')}`, { cause: error });
  }
  server.on('exit', (code, signal) => {
    if (!stopping) logger?.error({ code, signal }, 'embedded PostgreSQL exited');
  });
  const postmaster = await readPostmaster(databaseDir);
  await recordOwner(dataDir, {
    pid: process.pid,
    postmasterPid: postmaster?.pid ?? 0,
    port: chosenPort,
    startedAt: new Date().toISOString(),
  });
  logger?.info({ port: chosenPort }, 'embedded PostgreSQL started');
  return {
    url: (database) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${chosenPort}/${database}`,
    port: chosenPort,
    stop() {
      stopping ??= (async () => {
        await stopServer(server);
        await clearOwner(dataDir);
      })();
      return stopping;
    },
  };
}

/**
 * For a command run beside the app (`npm run projections:rebuild`): the embedded server the running app started on
 * `dataDir`, or, when none runs, one started now. Stopping the first leaves it running for the app.
 */
export async function useEmbeddedPostgres(
  options: Parameters<typeof startEmbeddedPostgres>[0],
): Promise<EmbeddedServer & { shared: boolean }> {
  const running = await runningCluster(options.dataDir);
  if (!running) return { ...(await startEmbeddedPostgres(options)), shared: false };
  const password = await readOrCreatePassword(path.join(options.dataDir, 'pg-password'));
  return {
    url: (database) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${running.port}/${database}`,
    port: running.port,
    stop: () => Promise.resolve(),
    shared: true,
  };
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('hex');
  await writeFile(file, password + '\n', { mode: 0o600 });
  return password;
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const free = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(free));
    });
  });
}
