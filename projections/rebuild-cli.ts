/**
 * `npm run projections:rebuild [name...]`: replays the whole event log into fresh read-model tables and swaps them
 * in (all of them when none is named), reading the log once for all of them. Safe while the app runs: the live
 * projector pauses only for the swap.
 */
import cliProgress from 'cli-progress';
import { openEventStore } from '../commands/event-store/open';
import { loadConfig } from '../commands/infrastructure/config';
import { connectDatabase, ensureDatabaseExists } from '../commands/infrastructure/database';
import { useEmbeddedPostgres } from '../commands/infrastructure/embedded-postgres';
import { createLogger } from '../commands/infrastructure/logger';
import { migrateToLatest } from '../migrations/index';
import { allProjections } from './index';
import { rebuildProjections } from './runner/rebuild';

const config = loadConfig();
const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !allProjections.some((projection) => projection.name === name));
if (unknown.length > 0) {
  console.error(`Unknown projection(s): ${unknown.join(', ')}. Known: ${allProjections.map((p) => p.name).join(', ')}`);
  process.exit(2);
}

// With the embedded default, the app may be running on the same DATA_DIR: use its server rather than start a second.
const embedded = config.databaseUrl
  ? undefined
  : await useEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, logger });
if (embedded?.shared) console.log(`Using the embedded PostgreSQL of the running app (port ${embedded.port}).`);
const databaseUrl = config.databaseUrl ?? embedded!.url('booking');
await ensureDatabaseExists(databaseUrl);
const database = connectDatabase(databaseUrl);
let failed = false;
try {
  await migrateToLatest(database.knex);
  const store = await openEventStore(config.eventStoreUrl, database);
  const total =
    'countEvents' in store && typeof store.countEvents === 'function'
      ? await (store.countEvents as () => Promise<number>)()
      : 0;
  const chosen = allProjections.filter((p) => wanted.length === 0 || wanted.includes(p.name));
  const bar = new cliProgress.SingleBar(
    { format: 'the log [{bar}] {percentage}% | {value}/{total} events', hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total || 1, 0);
  const started = performance.now();
  const read = await rebuildProjections(chosen, {
    store,
    knex: database.knex,
    batchSize: 2_000,
    onProgress: (count) => {
      bar.setTotal(Math.max(total, count));
      bar.update(count);
    },
  });
  bar.update(bar.getTotal());
  bar.stop();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Rebuilt ${chosen.length} read model(s) in ${seconds} s from one read of the log (${total} events):`);
  for (const projection of chosen)
    console.log(`  ${projection.name}: rebuilt from the ${read.get(projection.name)} events of its types`);
  await store.close();
} catch (error) {
  failed = true;
  console.error('Rebuild failed:', error);
} finally {
  await database.close();
  await embedded?.stop();
}
process.exit(failed ? 1 : 0);
