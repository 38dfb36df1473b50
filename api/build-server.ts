/**
 * The server's build: `npm start` runs api/dist/main.js with plain Node rather than through tsx, which holds every
 * module's source map and a loader thread (about 60 MB of each process's memory). One bundle of our own code per
 * entry, the packages left to node_modules, every file in one folder so that a worker thread's module sits beside the
 * module that starts it (commands/infrastructure/worker-module.ts).
 *   node --import tsx api/build-server.ts     (npm's prestart: the server, and the web app when it is out of date)
 * The web app is built here rather than in the server's first process, which would keep the bundler's few hundred MB.
 */
import { build } from 'esbuild';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createLogger } from '../commands/infrastructure/logger';
import { ensureWebBuild } from './ensure-web-build';

/** The worker threads' modules, which Piscina loads by file name: each is an entry of its own. */
export const WORKER_ENTRIES = ['commands/auth/password-worker.ts'];

/**
 * Node's flags for the server (package.json's start; the cluster's workers inherit them). Under a booking rush V8
 * let the old generation grow to two or three times what was live between full collections (a 200-client lock+book
 * peaked at 290-370 MB). Growing it by 30% at a time kept the same rush at 203-206 MB in two runs (50%: 213-263 MB),
 * with no measurable cost to throughput (README, Performance).
 */
export const SERVER_NODE_FLAGS = ['--heap-growing-percent=30'];

export const SERVER_ENTRY = 'api/main.ts';
export const SERVER_BUILD_DIR = 'api/dist';

/** Builds `entries` (absolute, or from the project's root) and the worker modules into `outDir`, as `<name>.js`. */
export async function buildServer(entries: string[] = [SERVER_ENTRY], outDir = SERVER_BUILD_DIR): Promise<void> {
  const root = path.resolve(import.meta.dirname, '..');
  await build({
    absWorkingDir: root,
    entryPoints: [...entries, ...WORKER_ENTRIES],
    outdir: path.resolve(root, outDir),
    entryNames: '[name]',
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer();
  await ensureWebBuild(path.resolve('web'), createLogger('info'));
}
