import type { Knex } from 'knex';
import { listenWithReconnect, type Listening } from '../infrastructure/listen-with-reconnect';
import type { Logger } from '../infrastructure/logger';
import { textForLog } from '../infrastructure/error-for-log';
import type { Mailer } from '../mail/port';
import { composeConfirmation, NotToBeSent, type ConfirmationLookups } from './compose';
import {
  claimNext,
  defaultRetryPolicy,
  markDone,
  markRetry,
  markSent,
  retryDelayMs,
  type QueuedMail,
  type RetryPolicy,
} from './queue';

export interface DispatcherOptions {
  knex: Knex;
  /** The calendar, template and sessions a confirmation is composed from. */
  lookups: ConfirmationLookups;
  /** For LISTEN mail_queue (the projection notifies when it queues a mail); polling covers a lost notification. */
  databaseUrl: string;
  mailer: Mailer;
  now: () => Date;
  logger: Logger;
  timeZone: string;
  pollMs?: number;
  /** Longer than any send can take (nodemailer gives up on a silent server after 10 minutes). */
  leaseMs?: number;
  retry?: RetryPolicy;
}

export interface MailDispatcher {
  /** Looks for due mail now instead of at the next poll (tests move their clock, then wake it). */
  wake(): void;
  /** Sends what is due now, in this call; resolves with the number of rows handled. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Sends the confirmations of `mail_queue` through the Mailer: one row at a time, each claimed so that no two
 * instances send it, retried with a growing delay when sending fails, and given up (status 'failed', logged as an
 * error) after the last attempt. Every instance runs one; the claims share the work out.
 */
export function startMailDispatcher(options: DispatcherOptions): MailDispatcher {
  const {
    knex,
    lookups,
    mailer,
    now,
    logger,
    timeZone,
    pollMs = 5000,
    leaseMs = 15 * 60_000,
    retry = defaultRetryPolicy,
  } = options;
  const log = logger.child({ component: 'mail dispatcher' });
  let running = true;
  let wakeUp: (() => void) | undefined;
  let pendingWake = false;
  let listener: Listening | undefined;

  async function send(mail: QueuedMail): Promise<void> {
    const context = { mailId: mail.id, appointmentId: mail.appointmentId, attempt: mail.attempts };
    try {
      if (mail.attempts > retry.maxAttempts)
        throw new NotToBeSent(`no attempts left (a sender stopped mid-send after attempt ${retry.maxAttempts})`);
      const message = await composeConfirmation(lookups, mail, { timeZone, now: now() });
      await mailer.send(message);
      await markSent(knex, mail.id, now());
      log.info(context, 'confirmation e-mail sent');
    } catch (error) {
      const reason = textForLog(error instanceof Error ? error.message : String(error));
      if (error instanceof NotToBeSent) {
        await markDone(knex, mail.id, now(), mail.attempts > retry.maxAttempts ? 'failed' : 'skipped', reason);
        log.info({ ...context, reason }, 'confirmation e-mail not sent');
        return;
      }
      const delay = retryDelayMs(mail.attempts, retry);
      if (delay === null) {
        await markDone(knex, mail.id, now(), 'failed', reason);
        log.error(
          { ...context, reason },
          `confirmation e-mail FAILED after ${mail.attempts} attempts; it will not be retried (see mail_queue)`,
        );
        return;
      }
      const dueAt = new Date(now().getTime() + delay);
      await markRetry(knex, mail.id, now(), dueAt, reason);
      log.warn({ ...context, reason, retryAt: dueAt.toISOString() }, 'confirmation e-mail failed; will retry');
    }
  }

  async function pass(): Promise<number> {
    let handled = 0;
    for (
      let mail = await claimNext(knex, now(), leaseMs);
      mail && running;
      mail = await claimNext(knex, now(), leaseMs)
    ) {
      await send(mail);
      handled++;
    }
    return handled;
  }

  // Passes in this process run one after the other; other processes are kept apart by the claims. A drain asked
  // for while a pass runs gets a pass of its own after it, so it sees what became due meanwhile.
  let passes: Promise<unknown> = Promise.resolve();
  function drain(): Promise<number> {
    const next = passes.then(pass, pass);
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
    listener = await listenWithReconnect({
      connectionString: options.databaseUrl,
      channel: 'mail_queue',
      onNotify: wake,
      logger: log,
    });
    while (running) {
      pendingWake = false;
      try {
        await drain();
      } catch (error) {
        log.error({ err: error }, 'mail dispatcher pass failed; retrying');
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
