import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { openEventStore } from '../commands/event-store/open';
import type { EventStore } from '../commands/event-store/port';
import type { Config } from '../commands/infrastructure/config';
import { connectDatabase, ensureDatabaseExists, type Database } from '../commands/infrastructure/database';
import { startEmbeddedPostgres, type EmbeddedServer } from '../commands/infrastructure/embedded-postgres';
import type { Logger } from '../commands/infrastructure/logger';
import { seedDemo, type SeedResult } from '../commands/seed/demo';
import { migrateToLatest } from '../migrations/index';
import { allProjections } from '../projections/index';
import { ProjectionRunner } from '../projections/runner/runner';
import { createApp } from './app';

export interface RunningServer {
  url: string;
  port: number;
  database: Database;
  store: EventStore;
  runner: ProjectionRunner;
  seed: SeedResult;
  stop(): Promise<void>;
}

export interface ServerOptions {
  config: Config;
  logger: Logger;
  now?: () => Date;
  /** Folder of the built SPA; default web/dist. */
  webRoot?: string;
  seed?: boolean;
  requestsPerMinute?: number;
}

/**
 * Everything `npm start` runs, in one process: PostgreSQL (embedded under DATA_DIR unless DATABASE_URL is set),
 * migrations, the event store, the projectors, the demo seed on an empty store, and the API with the SPA.
 */
export async function startServer({ config, logger, now = () => new Date(), webRoot, seed = true, requestsPerMinute }: ServerOptions): Promise<RunningServer> {
  let embedded: EmbeddedServer | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, logger });
    databaseUrl = embedded.url('booking');
  }
  await ensureDatabaseExists(databaseUrl);
  const database = connectDatabase(databaseUrl);
  await migrateToLatest(database.knex);
  const store = await openEventStore(config.eventStoreUrl, database);
  const runner = new ProjectionRunner({ store, knex: database.knex, databaseUrl, projections: allProjections, logger });
  await runner.start();

  const commandDependencies = { store, now, knex: database.knex };
  const seedResult: SeedResult = seed
    ? await seedDemo(commandDependencies, { adminEmail: config.seedAdminEmail, adminPassword: config.seedAdminPassword })
    : { seeded: false };
  if (seedResult.position) await runner.waitFor(seedResult.position, 30_000);

  const app = createApp(
    {
      config,
      knex: database.knex,
      store,
      now,
      logger,
      waitForProjections: (position) => runner.waitFor(position),
      webRoot: webRoot ?? path.resolve('web/dist'),
    },
    requestsPerMinute ? { requestsPerMinute } : {},
  );
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(config.port, () => resolve(listening));
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://localhost:${port}`,
    port,
    database,
    store,
    runner,
    seed: seedResult,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await runner.stop();
      await store.close();
      await database.close();
      await embedded?.stop();
    },
  };
}
