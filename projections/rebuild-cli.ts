/**
 * `npm run projections:rebuild [name...]`: replays the whole event log into fresh read-model tables and swaps them
 * in, two projections at a time, the largest first (all of them when none is named). Safe while the app runs: the live projector
 * pauses only for the swap.
 */
import cliProgress from 'cli-progress';
import { openEventStore } from '../commands/event-store/open';
import { loadConfig } from '../commands/infrastructure/config';
import { connectDatabase, ensureDatabaseExists } from '../commands/infrastructure/database';
import { useEmbeddedPostgres } from '../commands/infrastructure/embedded-postgres';
import { createLogger } from '../commands/infrastructure/logger';
import { migrateToLatest } from '../migrations/index';
import { allProjections } from './index';
import { rebuildProjection } from './runner/rebuild';
import { largestFirst, rebuildEach } from './runner/rebuild-all';

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
  const bars = new cliProgress.MultiBar(
    {
      format: '{name} [{bar}] {percentage}% | {value}/{total} events',
      hideCursor: true,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  const reports: string[] = [];
  await rebuildEach(await largestFirst(database.knex, chosen), async (projection) => {
    const name = projection.name.padEnd(24);
    const bar = bars.create(total || 1, 0, { name });
    const started = performance.now();
    const read = await rebuildProjection(projection, {
      store,
      knex: database.knex,
      onProgress: (count) => {
        bar.setTotal(Math.max(total, count));
        bar.update(count, { name });
      },
    });
    bar.setTotal(Math.max(total, read));
    bar.update(Math.max(total, read), { name });
    reports.push(
      `${projection.name}: rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s from the ${read} events of its types (${total} in the log)`,
    );
  });
  bars.stop();
  for (const report of reports) console.log(report);
  await store.close();
} catch (error) {
  failed = true;
  console.error('Rebuild failed:', error);
} finally {
  await database.close();
  await embedded?.stop();
}
process.exit(failed ? 1 : 0);
