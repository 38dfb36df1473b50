/**
 * Several app instances side by side, as production runs them behind a load balancer (issue 21): each its own
 * process (test/support/app-instance.ts, configured by the environment alone) on its own port and DATA_DIR, all on the
 * benchmark's database with the same AUTH_SECRET and the bench app's limits. Their projectors take turns on the
 * database's advisory locks: one instance runs each projector, the others wait to take over.
 */
import path from 'node:path';
import { findFreePort } from '../../../commands/infrastructure/embedded-postgres';
import { startProcess, type ServerProcess } from './processes';

const READY = /^instance ready at (\S+)/;

/** Starts `count` instances at once; if one fails to start, stops those that did and throws. */
export async function startInstances(count: number, databaseUrl: string, dataDir: string): Promise<ServerProcess[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await findFreePort());
  const started = await Promise.allSettled(
    [...ports].map((port, index) =>
      startProcess('../../support/app-instance.ts', [], {
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          PORT: String(port),
          DATA_DIR: path.join(dataDir, `instance-${index + 1}`),
          EVENTSTORE_URL: '',
          SMTP_URL: '',
          NODE_ENV: 'development',
          // The bench app's settings (app-process.ts): every request comes from 127.0.0.1.
          API_REQUESTS_PER_MINUTE: '1000000',
          PUBLIC_LOCKS_PER_ADDRESS: '100000',
          PUBLIC_LOCKS_PER_SESSION: '100',
          BOT_CHECK: 'off',
          TWO_FACTOR: 'off',
          AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
          // Errors only (pino on standard output, passed on to the benchmark's standard error).
          LOG_LEVEL: 'error',
        },
        ready: (line) => {
          const url = READY.exec(line)?.[1];
          return url ? { url } : undefined;
        },
      }),
    ),
  );
  const instances = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const failed = started.find((outcome) => outcome.status === 'rejected');
  if (failed) {
    await stopInstances(instances);
    throw failed.reason;
  }
  return instances;
}

/** SIGTERM to each, then waits until every one has exited. */
export async function stopInstances(instances: readonly ServerProcess[]): Promise<void> {
  const outcomes = await Promise.allSettled(instances.map((instance) => instance.stop()));
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}
