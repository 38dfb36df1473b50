import cluster from 'node:cluster';
import path from 'node:path';
import { loadConfig, type Config } from '../commands/infrastructure/config';
import { createLogger } from '../commands/infrastructure/logger';
import type { SeedResult } from '../commands/seed/demo';
import { startCluster } from './cluster';
import { runApiWorker } from './cluster-worker';
import { ensureWebBuild } from './ensure-web-build';
import { startServer } from './server';
import { stopGraceMs, stopOnSignals } from './stop-on-signals';

const config = loadConfig();
const logger = createLogger(config.logLevel, !config.production && process.stdout.isTTY);
const webRoot = path.resolve('web/dist');

if (cluster.isWorker) await runApiWorker(config, logger, webRoot);
else {
  await ensureWebBuild(path.resolve('web'), logger);
  if (config.webConcurrency > 1) {
    const running = await startCluster(config, logger, config.webConcurrency);
    announce(config, running.url, running.seed, `${running.workers} API workers`);
    // The workers each drain and stop within their own grace; then the projectors and the database stop here.
    stopOnSignals(running, logger, { graceMs: stopGraceMs(config) + 10_000 });
  } else {
    const server = await startServer({ config, logger, webRoot });
    announce(config, server.url, server.seed, `event store: ${server.store.name}`);
    stopOnSignals(server, logger, { graceMs: stopGraceMs(config) });
  }
}

function announce(config: Config, url: string, seed: SeedResult, detail: string): void {
  if (seed.admin) {
    const { email, password, generated } = seed.admin;
    // Printed once, when the store is first seeded; it is not kept anywhere in clear.
    console.log(
      `\nDemo seeded. System Administrator: ${email}${generated ? `  password: ${password}  (shown only this once)` : ' (password from SEED_ADMIN_PASSWORD)'}\n`,
    );
  }
  console.log(
    `Booking system ready at ${url} (${detail}${config.databaseUrl ? '' : `, embedded PostgreSQL in ${config.dataDir}`})`,
  );
  console.log(
    `Staff sign in at ${url}/admin/login` +
      (config.twoFactor === 'email'
        ? config.smtpUrl
          ? ' (codes are e-mailed through SMTP_URL)'
          : ` (codes are written to ${config.dataDir}/outbox)`
        : ''),
  );
}
