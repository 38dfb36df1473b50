import path from 'node:path';
import { loadConfig } from '../commands/infrastructure/config';
import { createLogger } from '../commands/infrastructure/logger';
import { ensureWebBuild } from './ensure-web-build';
import { startServer } from './server';
import { stopOnSignals } from './stop-on-signals';

const config = loadConfig();
const logger = createLogger(config.logLevel, !config.production && process.stdout.isTTY);
await ensureWebBuild(path.resolve('web'), logger);
const webRoot = path.resolve('web/dist');
const server = await startServer({ config, logger, webRoot });
if (server.seed.admin) {
  const { email, password, generated } = server.seed.admin;
  // Printed once, when the store is first seeded; it is not kept anywhere in clear.
  console.log(`\nDemo seeded. System Administrator: ${email}${generated ? `  password: ${password}  (shown only this once)` : ' (password from SEED_ADMIN_PASSWORD)'}\n`);
}
console.log(`Booking system ready at ${server.url} (event store: ${server.store.name}${config.databaseUrl ? '' : `, embedded PostgreSQL in ${config.dataDir}`})`);
console.log(
  `Staff sign in at ${server.url}/admin/login` +
    (config.twoFactor === 'email' ? (config.smtpUrl ? ' (codes are e-mailed through SMTP_URL)' : ` (codes are written to ${config.dataDir}/outbox)`) : ''),
);

stopOnSignals(server, logger);
