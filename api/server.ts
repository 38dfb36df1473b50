import { rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { resolveAuthSecret } from '../commands/auth/auth-secret';
import { closePasswordHashing } from '../commands/auth/passwords';
import { observeCommands } from '../commands/command-observer';
import { openEventStore } from '../commands/event-store/open';
import { startMailDispatcher, type MailDispatcher } from '../commands/confirmation-mails/dispatcher';
import { startMessageDispatcher, type MessageDispatcher } from '../commands/messages/dispatcher';
import { startWaitlistOffers, type WaitlistOffers } from '../commands/waitlist/offer-process';
import { openMessenger } from '../commands/messaging/open';
import type { Messenger } from '../commands/messaging/port';
import { noAccessLog, startAccessLogRecorder, type AccessLog } from '../commands/access-log/recorder';
import { openMailer, startOutboxHousekeeping } from '../commands/mail/open';
import type { Mailer } from '../commands/mail/port';
import type { EventStore, LogPosition } from '../domain/event-store/port';
import type { Config } from '../commands/infrastructure/config';
import { connectDatabase, ensureDatabaseExists, type Database } from '../commands/infrastructure/database';
import { startEmbeddedPostgres, type EmbeddedServer } from '../commands/infrastructure/embedded-postgres';
import type { Logger } from '../commands/infrastructure/logger';
import { seedDemo, type SeedResult } from '../commands/seed/demo';
import { migrateToLatest } from '../migrations/index';
import { allProjections } from '../projections/index';
import { ProjectionRunner } from '../projections/runner/runner';
import { CheckpointNotices } from '../commands/infrastructure/checkpoint-notices';
import { createApp } from './app';
import { acceptForwarded, type WriteForwarder } from './cluster-writes';
import { createAppMetrics } from './metrics/metrics';
import type { RequestCounter } from './request-limit';
import { readModelLookups } from './read-model-lookups';
import { SCREEN_READ_MODELS } from './await-read-models';
import { messageLookups } from './message-lookups';
import { waitlistOfferLookups } from './waitlist/offer-lookups';

export interface RunningServer {
  url: string;
  port: number;
  database: Database;
  store: EventStore;
  runner: ProjectionRunner;
  /** Sends the queued confirmation e-mails. */
  mailDispatcher: MailDispatcher;
  /** Sends the queued reminders and notices (issue 19). */
  messageDispatcher: MessageDispatcher;
  /** Offers freed places to the waitlists (issue 20); its rounds run in one process of a cluster (an advisory lock). */
  waitlistOffers: WaitlistOffers;
  /** Writes the access log's entries in batches (tests flush it before they look). */
  accessLog: AccessLog;
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
  /** Default: API_REQUESTS_PER_MINUTE. */
  requestsPerMinute?: number;
  /** Default: SMTP_URL's server, or the outbox. */
  mailer?: Mailer;
  /** Default: MESSAGING's provider, or the outbox. */
  messenger?: Messenger;
  /** How often projectors look for new events when no notification wakes them (default 1 s). */
  projectionPollMs?: number;
  /** Where the per-address request limit counts (default: in this process). */
  requestCounter?: RequestCounter;
  /** 'follow': the projectors run in another process, which reports their batches (runner.followCheckpoint). */
  projectors?: 'run' | 'follow';
  /**
   * In a cluster (api/cluster-writes.ts): the writer also answers the changes the other workers pass on, on this Unix
   * socket; another worker passes its changes on through this forwarder.
   */
  writes?: { serveOn: string } | { forwarder: WriteForwarder };
}

/**
 * Everything `npm start` runs, in one process: PostgreSQL (embedded under DATA_DIR unless DATABASE_URL is set),
 * migrations, the event store, the projectors, the demo seed on an empty store, and the API with the SPA.
 */
/** The database (created if missing) at the latest migration, the event store, and a runner of every projector (not started). */
export async function openStoreAndReadModels(
  databaseUrl: string,
  config: Config,
  logger: Logger,
  projectionPollMs?: number,
) {
  await ensureDatabaseExists(databaseUrl);
  const database = connectDatabase(databaseUrl, { logger, poolSize: config.databasePoolSize });
  await migrateToLatest(database.knex);
  const store = await openEventStore(config.eventStoreUrl, database, logger).catch(async (error: unknown) => {
    await database.close(); // e.g. a KurrentDB too old to use: the process ends with the message, not held open
    throw error;
  });
  // The read models a request may wait for (read-your-writes); the others need not keep pace with every append.
  const awaited = new Set<string>(Object.values(SCREEN_READ_MODELS).flat());
  const runner = new ProjectionRunner({
    store,
    knex: database.knex,
    databaseUrl,
    projections: allProjections,
    logger,
    notices: new CheckpointNotices(database.knex, databaseUrl, logger, awaited),
    unhurried: new Set(allProjections.map((projection) => projection.name).filter((name) => !awaited.has(name))),
    ...(projectionPollMs ? { pollMs: projectionPollMs } : {}),
  });
  return { database, store, runner };
}

export async function startServer({
  config,
  logger,
  now = () => new Date(),
  webRoot,
  seed = true,
  requestsPerMinute,
  mailer,
  messenger,
  projectionPollMs,
  requestCounter,
  projectors = 'run',
  writes,
}: ServerOptions): Promise<RunningServer> {
  let embedded: EmbeddedServer | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      logger,
      maxConnections: Math.max(200, 2 * config.databasePoolSize + 30),
    });
    databaseUrl = embedded.url('booking');
  }
  const { database, store, runner } = await openStoreAndReadModels(databaseUrl, config, logger, projectionPollMs);
  // Following only: another process (the cluster's primary) runs the projectors and says when a batch is applied.
  if (projectors === 'run') await runner.start();

  const lookups = readModelLookups(database.knex);
  const commandDependencies = { store, now, knex: database.knex, lookups, timeZone: config.unitTimezone };
  let seedResult: SeedResult = { seeded: false };
  try {
    const seedDependencies = {
      ...commandDependencies,
      waitForProjections: (position: LogPosition) => runner.waitFor(position, 30_000),
    };
    if (seed)
      seedResult = await seedDemo(seedDependencies, {
        adminEmail: config.seedAdminEmail,
        adminPassword: config.seedAdminPassword,
      });
    if (seedResult.position) await runner.waitFor(seedResult.position, 30_000);
  } catch (error) {
    // Stop what started, so that a failed start ends the process instead of leaving it running half-way.
    await runner.stop();
    await store.close();
    await database.close();
    await embedded?.stop();
    await closePasswordHashing();
    throw error;
  }

  // Listen first: with PORT=0 the address that links in e-mails need is known only then.
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(config.port, resolve));
  const port = (server.address() as AddressInfo).port;
  const outgoingMail = mailer ?? openMailer(config, logger);
  const outboxRetention = mailer ? undefined : startOutboxHousekeeping(config, logger);
  const accessLog = config.accessLog ? startAccessLogRecorder({ knex: database.knex, logger }) : noAccessLog;
  const authSecret = await resolveAuthSecret(config);
  const publicUrl = config.publicUrl ?? `http://localhost:${port}`;
  const projectorLag = () => runner.lag();
  const metrics = createAppMetrics({ knex: database.knex, logger, projectorLag }, { processMetrics: true });
  // Every command handled over this store (requests, dispatchers, waitlist offers) is counted on /metrics.
  observeCommands(store, metrics.commands);
  const app = createApp(
    {
      config,
      knex: database.knex,
      store,
      now,
      logger,
      mailer: outgoingMail,
      lookups,
      accessLog,
      authSecret,
      publicUrl,
      waitForProjections: (position, readModels) => runner.waitFor(position, undefined, readModels),
      projectorLag,
      webRoot: webRoot ?? path.resolve('web/dist'),
    },
    {
      requestsPerMinute: requestsPerMinute ?? config.apiRequestsPerMinute,
      ...(requestCounter ? { requestCounter } : {}),
      metrics,
    },
  );
  const handle = app.callback();
  let stopping = false;
  const forwarder = writes && 'forwarder' in writes ? writes.forwarder : undefined;
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    // Stopping: answer, then close the connection, so that a keep-alive client (the load balancer) goes elsewhere.
    if (stopping) response.setHeader('Connection', 'close');
    if (forwarder?.forward(request, response)) return;
    void handle(request, response);
  });
  const writesServer = writes && 'serveOn' in writes ? await serveForwardedWrites(writes.serveOn, handle) : undefined;
  const mailDispatcher = startMailDispatcher({
    knex: database.knex,
    lookups,
    databaseUrl,
    mailer: outgoingMail,
    now,
    logger,
    timeZone: config.unitTimezone,
    manageLinks: { authSecret, publicUrl },
  });
  const messageDispatcher = startMessageDispatcher({
    knex: database.knex,
    store,
    lookups: messageLookups(database.knex),
    databaseUrl,
    mailer: outgoingMail,
    messenger: messenger ?? openMessenger(config, logger),
    now,
    logger,
    timeZone: config.unitTimezone,
    manageLinks: { authSecret, publicUrl },
  });
  const waitlistOffers = startWaitlistOffers({
    store,
    knex: database.knex,
    lookups: waitlistOfferLookups(database.knex),
    databaseUrl,
    mailer: outgoingMail,
    now,
    logger,
    timeZone: config.unitTimezone,
    publicUrl,
  });

  return {
    url: `http://localhost:${port}`,
    port,
    database,
    store,
    runner,
    mailDispatcher,
    messageDispatcher,
    waitlistOffers,
    accessLog,
    seed: seedResult,
    async stop() {
      stopping = true;
      await Promise.all([
        closeGracefully(server, config.shutdownDrainMs, logger),
        writesServer && closeGracefully(writesServer, config.shutdownDrainMs, logger),
      ]);
      forwarder?.close();
      outboxRetention?.stop();
      // After the last request has answered: what it recorded is written before the database closes.
      await accessLog.stop();
      await mailDispatcher.stop();
      await messageDispatcher.stop();
      await waitlistOffers.stop();
      await runner.stop();
      await store.close();
      await database.close();
      await embedded?.stop();
      await closePasswordHashing();
    },
  };
}

/** The writer's second door: the changes other workers pass on, on a Unix socket only processes of its user reach. */
async function serveForwardedWrites(
  socketPath: string,
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
): Promise<Server> {
  await rm(socketPath, { force: true }); // left by a writer that was killed
  const server = createServer((request, response) => {
    acceptForwarded(request);
    void handle(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Exclusive: in a cluster worker, listen() would otherwise go through the primary, which would own the socket and
    // hand each connection over (as it does for the shared port).
    server.listen({ path: socketPath, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** How often, while requests drain, connections whose last answer has gone out are closed. */
const IDLE_SWEEP_MS = 50;

/**
 * Stops accepting connections, lets the requests in flight finish (for at most `drainMs`), then closes every
 * connection left. Idle keep-alive connections are closed at once, and each busy one as soon as its answer is out.
 */
export async function closeGracefully(server: Server, drainMs: number, logger: Logger): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  let timer: NodeJS.Timeout | undefined;
  const drained = await Promise.race([
    closed.then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), drainMs);
    }),
  ]);
  clearInterval(sweep);
  clearTimeout(timer);
  if (!drained) logger.warn({ drainMs }, 'requests still in flight after the drain time; closing their connections');
  server.closeAllConnections();
  await closed;
}
