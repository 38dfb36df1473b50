/**
 * `npm run audit:replay -- --until <moment> [--schema <name>] [--replace]`, `--list`, `--drop <schema>`: the read
 * models as they were at a past moment, in a schema of their own, for auditors (README, "For auditors"; issue 18
 * item 5). The live read models and their checkpoints are left as they are, so it is safe while the app runs.
 */
import cliProgress from 'cli-progress';
import { openEventStore } from '../../commands/event-store/open';
import { loadConfig } from '../../commands/infrastructure/config';
import { connectDatabase, ensureDatabaseExists } from '../../commands/infrastructure/database';
import { useEmbeddedPostgres } from '../../commands/infrastructure/embedded-postgres';
import { createLogger } from '../../commands/infrastructure/logger';
import { migrateToLatest } from '../../migrations/index';
import { allProjections } from '../index';
import { parseReplayArgs, UsageError, USAGE, type ReplayCommand } from './args';
import { dropReplay, formatPosition, listReplays, ReplayRefused, replayUntil, type ReplayResult } from './replay';

let command: ReplayCommand;
try {
  command = parseReplayArgs(process.argv.slice(2), { projections: allProjections });
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`${error.message}\n\n${USAGE}`);
  process.exit(2);
}
if (command.kind === 'help') {
  console.log(USAGE);
  process.exit(0);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);

// With the embedded default, the app may be running on the same DATA_DIR: use its server rather than start a second.
const embedded = config.databaseUrl
  ? undefined
  : await useEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, logger });
if (embedded?.shared) console.log(`Using the embedded PostgreSQL of the running app (port ${embedded.port}).`);
const databaseUrl = config.databaseUrl ?? embedded!.url('booking');
await ensureDatabaseExists(databaseUrl);
const database = connectDatabase(databaseUrl);
let exitCode = 0;
try {
  await migrateToLatest(database.knex);
  if (command.kind === 'list') await list();
  else if (command.kind === 'drop') {
    const dropped = await dropReplay(database.knex, command.schema);
    console.log(`Dropped ${dropped.join(', ')}.`);
  } else await build(command);
} catch (error) {
  if (error instanceof ReplayRefused) {
    console.error(error.message);
    exitCode = 2;
  } else {
    console.error('Replay failed:', error);
    exitCode = 1;
  }
} finally {
  await database.close();
  await embedded?.stop();
}
process.exit(exitCode);

async function build({ until, schema, replace }: Extract<ReplayCommand, { kind: 'build' }>): Promise<void> {
  const store = await openEventStore(config.eventStoreUrl, database);
  const started = performance.now();
  let bar: cliProgress.SingleBar | undefined;
  let barStarted = 0;
  try {
    const result = await replayUntil({
      store,
      knex: database.knex,
      projections: allProjections,
      until,
      schema,
      replace,
      onLocate: () => console.log(`Finding the last event recorded by ${new Date(until).toISOString()}...`),
      onCut: (cut) =>
        console.log(
          cut.last
            ? `The log up to ${formatPosition(cut.last)} (${cut.events} events, the last recorded ${cut.lastRecordedAt?.toISOString()}).`
            : 'No event was recorded by then: the read models will be empty.',
        ),
      onProjectionStart: (projection, total) => {
        bar = new cliProgress.SingleBar(
          {
            format: `${projection.name.padEnd(24)} [{bar}] {percentage}% | {value}/{total} events | {duration}s`,
            hideCursor: true,
          },
          cliProgress.Presets.shades_classic,
        );
        barStarted = performance.now();
        bar.start(Math.max(total, 1), 0);
      },
      onProgress: (_projection, applied) => bar?.update(applied),
      onProjectionDone: (projection, applied) => {
        bar?.update(Math.max(applied, 1));
        bar?.stop();
        console.log(
          `${projection.name}: ${applied} events in ${((performance.now() - barStarted) / 1000).toFixed(1)} s`,
        );
      },
    });
    printHowToQuery(result, (performance.now() - started) / 1000);
  } finally {
    bar?.stop();
    await store.close();
  }
}

function printHowToQuery({ schema, schemas, cut }: ReplayResult, seconds: number): void {
  const companions = schemas.filter((name) => name !== schema);
  console.log(`
Built ${schema} in ${seconds.toFixed(1)} s: the read models as they were at ${new Date(cut.until).toISOString()}
(log position ${formatPosition(cut.last) ?? 'none'}, ${cut.events} events; see ${schema}.replay_info).

Query it with the usual queries, in psql:
  set search_path to ${schema}, public;
  select id, calendar_id, date, start_time, appointment->'clientData' from appointments where date = '<yyyy-mm-dd>';
  select at, action, from_place, to_place from appointment_history where appointment_id = <id>
    order by commit_position, prepare_position;
Tables that are not read models (the event log, the mail queue, the access log...) still come from public.${companions
    .map((name) => `\nAnalytics views of that moment: set search_path to ${name};`)
    .join('')}

Drop it when done: npm run audit:replay -- --drop ${schema}`);
}

async function list(): Promise<void> {
  const replays = await listReplays(database.knex);
  if (replays.length === 0) {
    console.log('No replays. Build one with: npm run audit:replay -- --until <moment>');
    return;
  }
  const rows = replays.map(({ schema, info }) =>
    info
      ? [
          schema,
          info.until.toISOString(),
          info.lastPosition ?? '-',
          String(info.eventsApplied),
          info.builtAt.toISOString(),
          info.schemas.filter((name) => name !== schema).join(' '),
        ]
      : [schema, '(no replay_info: incomplete, or not made by audit:replay)', '', '', '', ''],
  );
  const header = ['schema', 'as of', 'last position', 'events', 'built at', 'companions'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  for (const row of [header, ...rows])
    console.log(
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    );
}
