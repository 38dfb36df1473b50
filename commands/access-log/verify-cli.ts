/**
 * `npm run audit:verify`: checks the access log's hash chain from its first entry to its last. Exits 0 when it is
 * intact, 1 (naming the first broken position) when a stored entry was changed, removed or reordered, 2 when the
 * check could not run. With the embedded default it uses the running app's server, or starts one.
 */
import { loadConfig } from '../infrastructure/config';
import { connectDatabase, ensureDatabaseExists } from '../infrastructure/database';
import { useEmbeddedPostgres } from '../infrastructure/embedded-postgres';
import { createLogger } from '../infrastructure/logger';
import { migrateToLatest } from '../../migrations/index';
import { auditVerify } from './verify';

const config = loadConfig();
const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
const embedded = config.databaseUrl
  ? undefined
  : await useEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, logger });
const databaseUrl = config.databaseUrl ?? embedded!.url('booking');
await ensureDatabaseExists(databaseUrl);
const database = connectDatabase(databaseUrl);
let code: number = 2;
try {
  await migrateToLatest(database.knex);
  code = await auditVerify(database.knex);
} catch (error) {
  console.error('The access log could not be verified:', error);
} finally {
  await database.close();
  await embedded?.stop();
}
process.exit(code);
