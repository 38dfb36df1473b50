import { errorForLog } from './error-for-log';
import { listenWithReconnect, type Listening } from './listen-with-reconnect';
import type { Logger } from './logger';

export interface QueueLoopOptions {
  /** LISTEN channel on which whoever queues work notifies; polling covers a lost notification and due times. */
  channel: string;
  databaseUrl: string;
  pollMs: number;
  logger: Logger;
  /** Handles what is due now; resolves with the number of rows handled. `running()` turns false on stop. */
  pass(running: () => boolean): Promise<number>;
}

export interface QueueLoop {
  /** Looks for due work now instead of at the next poll (tests move their clock, then wake it). */
  wake(): void;
  /** Handles what is due now, in this call; resolves with the number of rows handled. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The loop of a queue's sender (confirmation mails, messages): a pass at start, on each notification and each poll.
 * Passes in this process run one after the other; other processes are kept apart by the rows' claims. A drain asked
 * for while a pass runs gets a pass of its own after it, so it sees what became due meanwhile.
 */
export function startQueueLoop({ channel, databaseUrl, pollMs, logger, pass }: QueueLoopOptions): QueueLoop {
  let running = true;
  let wakeUp: (() => void) | undefined;
  let pendingWake = false;
  let listener: Listening | undefined;
  const isRunning = () => running;

  let passes: Promise<unknown> = Promise.resolve();
  function drain(): Promise<number> {
    const run = () => pass(isRunning);
    const next = passes.then(run, run);
    passes = next.catch(() => undefined);
    return next;
  }

  function sleep(): Promise<void> {
    return new Promise((resolve) => {
      if (pendingWake || !running) return resolve();
      const timer = setTimeout(done, pollMs);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });
  }

  function wake(): void {
    pendingWake = true;
    wakeUp?.();
  }

  const loop = (async () => {
    listener = await listenWithReconnect({ connectionString: databaseUrl, channel, onNotify: wake, logger });
    while (running) {
      pendingWake = false;
      try {
        await drain();
      } catch (error) {
        logger.error({ err: errorForLog(error) }, 'pass failed; retrying');
      }
      await sleep();
    }
  })();

  return {
    wake,
    drain,
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
      await passes;
      await listener?.stop();
    },
  };
}
