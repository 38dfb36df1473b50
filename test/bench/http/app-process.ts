/**
 * The real app for the HTTP benchmark, in its own process (so that its RSS and CPU profile are its own):
 * `node [--cpu-prof] --import tsx test/bench/http/app-process.ts DATABASE_URL DATA_DIR`. Seeds the demo, then prints
 * one JSON line {url, pid, adminEmail, adminPassword}; SIGTERM stops it as `npm start` stops.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startServer } from '../../../api/server';
import { stopOnSignals } from '../../../api/stop-on-signals';
import { loadConfig } from '../../../commands/infrastructure/config';
import { silentLogger } from '../../../commands/infrastructure/logger';

const [databaseUrl, dataDir] = process.argv.slice(2);
if (!databaseUrl || !dataDir) throw new Error('usage: app-process.ts DATABASE_URL DATA_DIR');

const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'Bench!Passw0rd' };

// The API is measured, not the SPA: a stub page, so that no build runs (and web/ is never read).
const webRoot = path.join(dataDir, 'web');
mkdirSync(webRoot, { recursive: true });
writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>bench</title>');

const config = loadConfig({
  ...process.env,
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  EVENTSTORE_URL: '',
  SMTP_URL: '',
  PORT: '0',
  LOG_LEVEL: 'silent',
  TWO_FACTOR: 'off',
  BOT_CHECK: 'off',
  // Every lock of the benchmark comes from 127.0.0.1, most without a session cookie: bounds as high as they go.
  PUBLIC_LOCKS_PER_ADDRESS: '100000',
  PUBLIC_LOCKS_PER_SESSION: '100',
  SEED_ADMIN_EMAIL: BENCH_ADMIN.email,
  SEED_ADMIN_PASSWORD: BENCH_ADMIN.password,
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
  NODE_ENV: 'development',
});
const server = await startServer({ config, logger: silentLogger, webRoot, requestsPerMinute: 1_000_000_000 });
stopOnSignals(server, silentLogger);
console.log(JSON.stringify({ url: server.url, pid: process.pid, ...BENCH_ADMIN }));
