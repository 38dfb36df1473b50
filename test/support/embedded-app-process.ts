/**
 * A process that the restart tests start, kill and signal. `node --import tsx test/support/embedded-app-process.ts`
 *   postgres DATA_DIR NOTE   an embedded PostgreSQL only; inserts NOTE into a table `notes` of database `postgres`
 *   app DATA_DIR             the whole app (no seed) on its embedded PostgreSQL, stopped by SIGINT/SIGTERM as `npm start` is
 * It prints one JSON line once ready: {pid, port} (the embedded PostgreSQL's port), then runs until stopped.
 */
import path from 'node:path';
import pg from 'pg';
import { startServer } from '../../api/server';
import { stopOnSignals } from '../../api/stop-on-signals';
import { loadConfig } from '../../commands/infrastructure/config';
import { startEmbeddedPostgres } from '../../commands/infrastructure/embedded-postgres';
import { silentLogger } from '../../commands/infrastructure/logger';

const [mode, dataDir, note] = process.argv.slice(2);
if (!dataDir || (mode !== 'postgres' && mode !== 'app')) throw new Error('usage: postgres|app DATA_DIR [NOTE]');

if (mode === 'postgres') {
  const embedded = await startEmbeddedPostgres({ dataDir });
  const client = new pg.Client({ connectionString: embedded.url('postgres') });
  await client.connect();
  await client.query('create table if not exists notes (text text not null)');
  if (note) await client.query('insert into notes (text) values ($1)', [note]);
  await client.end();
  stopOnSignals(embedded, silentLogger);
  console.log(JSON.stringify({ pid: process.pid, port: embedded.port }));
} else {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    EVENTSTORE_URL: '',
    PORT: '0',
    LOG_LEVEL: 'silent',
    TWO_FACTOR: 'off',
    BOT_CHECK: 'off',
    SMTP_URL: '',
  });
  const server = await startServer({ config, logger: silentLogger, seed: false, webRoot: path.resolve('web/dist') });
  stopOnSignals(server, silentLogger);
  console.log(JSON.stringify({ pid: process.pid, port: Number(new URL(server.database.url).port), url: server.url }));
}
setInterval(() => undefined, 60_000);
