import type { Knex } from 'knex';
import type { AccessEntry } from '../../domain/access-log/chain';
import type { Logger } from '../infrastructure/logger';
import { appendAccessEntries } from './store';

/** Records staff reads of personal health information (issue 18 item 4). */
export interface AccessLog {
  /** Queues an entry and returns at once: a read never waits for the log, and never fails because of it. */
  record(entry: AccessEntry): void;
  /** Writes every entry queued so far (tests call it before they look). */
  flush(): Promise<void>;
  /** Writes what is queued and stops the timer (the app's stop sequence). */
  stop(): Promise<void>;
}

export interface AccessLogOptions {
  knex: Knex;
  logger: Logger;
  /** How long an entry may wait in memory before its batch is written. */
  flushMs?: number;
  /** A batch is written at once when this many entries wait. */
  batchSize?: number;
}

/**
 * Entries wait in memory and are written in batches, every `flushMs` or as soon as `batchSize` wait: one
 * transaction and one insert a batch, instead of a round trip per read. A batch that cannot be written (the
 * database away) goes back to the front of the queue, is logged without its content, and is tried again at the
 * next flush: nothing is lost while the process lives. The order of entries is kept.
 */
export function startAccessLogRecorder({ knex, logger, flushMs = 100, batchSize = 200 }: AccessLogOptions): AccessLog {
  const log = logger.child({ component: 'access log' });
  const queue: AccessEntry[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  let failures = 0;
  let stopped = false;

  const cancelTimer = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const schedule = (delayMs: number) => {
    if (timer || stopped || queue.length === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      void writeQueued().catch(() => undefined);
    }, delayMs);
    timer.unref();
  };

  /** Writes the queue batch by batch; a batch that fails goes back to the front, and the round ends. */
  const writeRound = async () => {
    while (queue.length > 0) {
      const batch = queue.splice(0, batchSize);
      try {
        await appendAccessEntries(knex, batch);
        failures = 0;
      } catch (error) {
        queue.unshift(...batch);
        failures += 1;
        log.error({ err: error, waiting: queue.length }, 'access log entries could not be written; will retry');
        throw error;
      }
    }
  };

  /** One round at a time; after a failure the next is tried later (backing off to 5 s). */
  const writeQueued = (): Promise<void> => {
    writing ??= writeRound().finally(() => {
      writing = undefined;
      schedule(failures === 0 ? flushMs : Math.min(5_000, flushMs * 2 ** failures));
    });
    return writing;
  };

  return {
    record(entry) {
      queue.push(entry);
      if (queue.length >= batchSize && !writing) {
        cancelTimer();
        void writeQueued().catch(() => undefined);
      } else schedule(flushMs);
    },
    async flush() {
      // A round may be under way with only part of the queue: wait for it, then write what came since.
      if (writing) await writing.catch(() => undefined);
      cancelTimer();
      await writeQueued();
    },
    async stop() {
      stopped = true;
      cancelTimer();
      if (writing) await writing.catch(() => undefined);
      try {
        await writeQueued();
      } catch {
        log.error({ lost: queue.length }, 'access log entries could not be written before stopping');
      }
      cancelTimer();
    },
  };
}

/** For measurement only (ACCESS_LOG=off): records nothing. */
export const noAccessLog: AccessLog = {
  record() {},
  async flush() {},
  async stop() {},
};
