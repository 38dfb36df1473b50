/**
 * The real app for the HTTP benchmark, in its own process (so that its RSS and CPU profile are its own):
 * `node [--cpu-prof] <its build> DATABASE_URL DATA_DIR [WORKERS]` (processes.ts builds it). Seeds the demo,
 * then prints one JSON line {url, pid, adminEmail, adminPassword}; SIGTERM stops it as `npm start` stops. With
 * WORKERS above 1 it is the primary of that many API workers, as `npm start` with WEB_CONCURRENCY.
 */
import cluster from 'node:cluster';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startCluster } from '../../../api/cluster';
import { runApiWorker } from '../../../api/cluster-worker';
import { startServer } from '../../../api/server';
import { stopOnSignals } from '../../../api/stop-on-signals';
import { loadConfig } from '../../../commands/infrastructure/config';
import { findFreePort } from '../../../commands/infrastructure/embedded-postgres';
import { silentLogger } from '../../../commands/infrastructure/logger';

const [databaseUrl, dataDir, workerArg = '1'] = process.argv.slice(2);
const workers = Number(workerArg);
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
  // Workers share the primary's port: chosen once, before they are forked (they inherit the environment).
  PORT: workers > 1 ? (process.env.BENCH_APP_PORT ??= String(await findFreePort())) : '0',
  API_REQUESTS_PER_MINUTE: '1000000',
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
if (cluster.isWorker) await runApiWorker(config, silentLogger, webRoot);
else {
  const server =
    workers > 1
      ? await startCluster(config, silentLogger, workers)
      : await startServer({ config, logger: silentLogger, webRoot });
  stopOnSignals(server, silentLogger);
  console.log(JSON.stringify({ url: server.url, pid: process.pid, ...BENCH_ADMIN }));
}
