import type { Knex } from 'knex';
import { startQueueLoop, type QueueLoop } from '../infrastructure/queue-loop';
import type { Logger } from '../infrastructure/logger';
import { textForLog } from '../infrastructure/error-for-log';
import type { Mailer } from '../mail/port';
import { composeConfirmation, NotToBeSent, type ConfirmationLookups } from './compose';
import type { ManageLinks } from './manage-link';
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
  /** The secret and address of each confirmation's "manage my booking" link (issue 20). */
  manageLinks: ManageLinks;
  pollMs?: number;
  /** Longer than any send can take (nodemailer gives up on a silent server after 10 minutes). */
  leaseMs?: number;
  retry?: RetryPolicy;
}

/** wake() to look now, drain() to send what is due in this call, stop(). */
export type MailDispatcher = QueueLoop;

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
    manageLinks,
    pollMs = 5000,
    leaseMs = 15 * 60_000,
    retry = defaultRetryPolicy,
  } = options;
  const log = logger.child({ component: 'mail dispatcher' });

  async function send(mail: QueuedMail): Promise<void> {
    const context = { mailId: mail.id, appointmentId: mail.appointmentId, attempt: mail.attempts };
    try {
      if (mail.attempts > retry.maxAttempts)
        throw new NotToBeSent(`no attempts left (a sender stopped mid-send after attempt ${retry.maxAttempts})`);
      const message = await composeConfirmation(lookups, mail, { timeZone, now: now(), manageLinks });
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

  async function pass(running: () => boolean): Promise<number> {
    let handled = 0;
    for (
      let mail = await claimNext(knex, now(), leaseMs);
      mail && running();
      mail = await claimNext(knex, now(), leaseMs)
    ) {
      await send(mail);
      handled++;
    }
    return handled;
  }

  return startQueueLoop({ channel: 'mail_queue', databaseUrl: options.databaseUrl, pollMs, logger: log, pass });
}
