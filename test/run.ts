/**
 * The test command (`npm test`): type-checks, lints and checks the formatting (one check each), starts an embedded PostgreSQL unless
 * DATABASE_URL names a server, builds the web app for the browser tests, runs every `*.test.ts` under test/ with
 * uvu, and ends with `N passed, N failed`.
 *   --no-e2e    skip the browser tests (and the build)
 *   --only-e2e  run only the browser tests
 *   a pattern   any other argument filters test files by a regular expression
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startEmbeddedPostgres } from '../commands/infrastructure/embedded-postgres';
import { removeEmbeddedData } from '../commands/infrastructure/embedded-postgres-placement';

const args = process.argv.slice(2);
const noE2e = args.includes('--no-e2e');
const onlyE2e = args.includes('--only-e2e');
const filter = args.find((arg) => !arg.startsWith('--'));

/** The whole run may take this long; a hang (a test awaiting what never comes) then fails instead of stalling CI. */
const RUN_LIMIT_MS = Number(process.env.TEST_RUN_LIMIT_MINUTES ?? 45) * 60_000;
/**
 * uvu prints its totals and leaves the exit to Node: a hook that failed before its `after` closed a server or a
 * browser keeps the process alive. Once the totals are out, it gets this long to exit before it is stopped.
 */
const EXIT_GRACE_MS = 30_000;

function run(
  command: string,
  commandArgs: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let stoppedBecause: string | null = null;
    const stop = (reason: string) => {
      stoppedBecause = reason;
      child.kill('SIGKILL');
    };
    const limit = setTimeout(() => stop(`still running after ${RUN_LIMIT_MS / 60_000} minutes`), RUN_LIMIT_MS);
    let grace: NodeJS.Timeout | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
      if (!grace && /Duration:\s/.test(output))
        grace = setTimeout(
          () => stop('did not exit after reporting its totals (an open server, browser or timer)'),
          EXIT_GRACE_MS,
        );
    });
    child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    child.on('close', (code) => {
      clearTimeout(limit);
      clearTimeout(grace);
      if (stoppedBecause) console.error(`${command} ${commandArgs.join(' ')}: stopped, ${stoppedBecause}`);
      // Stopped after its totals: the totals stand, but a hang is a fault to fix, so the run fails.
      resolve({ code: stoppedBecause ? 1 : (code ?? 1), output });
    });
  });
}

// A throwaway cluster per run (initdb takes about a second), so that two runs never share one.
const embeddedDir = path.resolve(`.data/test-run-${process.pid}`);
const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir: embeddedDir });
const env: NodeJS.ProcessEnv = {
  ...process.env,
  TEST_PG_URL: process.env.DATABASE_URL ?? embedded!.url('postgres'),
  BOT_CHECK: 'off',
};

let exitCode = 0;
const totals = { passed: 0, failed: 0, skipped: 0 };
try {
  if (!filter && !onlyE2e) {
    for (const [name, command] of [
      ['typecheck', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
      ['lint', ['eslint', '.']],
      ['format', ['prettier', '--check', '.']],
    ] as const) {
      const check = await run('npx', [...command], env);
      if (check.code === 0) {
        totals.passed += 1;
        console.log(`${name}: ok`);
      } else {
        totals.failed += 1;
        console.error(`${name}: FAILED`);
      }
    }
  }
  if (!noE2e) {
    const build = await run('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], env);
    if (build.code !== 0) {
      totals.failed += 1;
      console.error('The web build failed, so the browser tests cannot run.');
    }
  }
  const scope = onlyE2e ? '^(?=e2e/)' : noE2e ? '^(?!e2e/)' : '';
  // A filter picks among the test files only (test/bench and test/support hold scripts that run when loaded).
  const pattern = `${scope}${filter ? `(?=.*(?:${filter}))` : ''}.*\\.test\\.ts$`;
  const tests = await run(
    process.execPath,
    ['--import', 'tsx', 'node_modules/uvu/bin.js', 'test', pattern, '--no-color'],
    env,
  );
  const count = (label: string) => Number(new RegExp(`${label}:\\s+(\\d+)`).exec(tests.output)?.[1] ?? 0);
  const total = count('Total');
  totals.passed += count('Passed');
  totals.skipped += count('Skipped');
  totals.failed += Math.max(0, total - count('Passed')); // uvu's Total leaves skipped tests out
  if (tests.code !== 0 && totals.failed === 0) totals.failed += 1; // crashed or hung
  if (total === 0) console.error('No tests ran.');
} finally {
  await embedded?.stop();
  if (embedded) await removeEmbeddedData(embeddedDir);
}
if (totals.failed > 0) exitCode = 1;
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(exitCode);
