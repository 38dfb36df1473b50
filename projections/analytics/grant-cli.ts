/**
 * `npm run analytics:grant -- <role> [--nologin]`: gives a database role read-only access to the de-identified
 * `analytics` schema and nothing else (README, "For analysts"). Creates the role when missing: LOGIN with the password
 * in ANALYTICS_PASSWORD, or a generated one printed once; `--nologin` makes a group role to grant to existing users.
 * Uses DATABASE_URL, or the embedded PostgreSQL under DATA_DIR (the running app's, when it runs).
 */
import { loadConfig } from '../../commands/infrastructure/config';
import { connectDatabase, ensureDatabaseExists } from '../../commands/infrastructure/database';
import { useEmbeddedPostgres } from '../../commands/infrastructure/embedded-postgres';
import { createLogger } from '../../commands/infrastructure/logger';
import { migrateToLatest } from '../../migrations/index';
import { grantAnalyticsAccess, GrantRefused } from './grant';

const args = process.argv.slice(2);
const noLogin = args.includes('--nologin');
const names = args.filter((arg) => !arg.startsWith('--'));
const unknownFlags = args.filter((arg) => arg.startsWith('--') && arg !== '--nologin');
if (names.length !== 1 || unknownFlags.length > 0) {
  console.error(
    'Usage: npm run analytics:grant -- <role> [--nologin]   (password: ANALYTICS_PASSWORD, else generated)',
  );
  process.exit(2);
}
const role = names[0]!;

const config = loadConfig();
const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
const embedded = config.databaseUrl
  ? undefined
  : await useEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, logger });
const databaseUrl = config.databaseUrl ?? embedded!.url('booking');
await ensureDatabaseExists(databaseUrl);
const database = connectDatabase(databaseUrl);
let status = 0;
try {
  await migrateToLatest(database.knex);
  const result = await grantAnalyticsAccess(database.knex, {
    role,
    password: process.env.ANALYTICS_PASSWORD || undefined,
    noLogin,
  });
  const where = new URL(databaseUrl);
  console.log(
    `${result.created ? 'Created role' : 'Role'} "${role}": read-only access to schema analytics of database "${result.database}".`,
  );
  if (result.generatedPassword) console.log(`Its password (shown once): ${result.generatedPassword}`);
  if (!noLogin)
    console.log(
      `Connect with: psql "postgres://${role}@${where.hostname}:${where.port || 5432}/${result.database}"` +
        (embedded ? '  (the embedded server listens on 127.0.0.1 only; set EMBEDDED_PG_PORT to fix its port)' : ''),
    );
} catch (error) {
  status = error instanceof GrantRefused ? 2 : 1;
  console.error(error instanceof GrantRefused ? error.message : error);
} finally {
  await database.close();
  await embedded?.stop();
}
process.exit(status);
