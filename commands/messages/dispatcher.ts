import type { Knex } from 'knex';
import type { EventStore } from '../../domain/event-store/port';
import { assertNever } from '../../domain/shared/decider';
import { NotToBeSent } from '../confirmation-mails/compose';
import type { ManageLinks } from '../confirmation-mails/manage-link';
import { defaultRetryPolicy, retryDelayMs, type RetryPolicy } from '../confirmation-mails/queue';
import { errorForLog, textForLog } from '../infrastructure/error-for-log';
import { startQueueLoop, type QueueLoop } from '../infrastructure/queue-loop';
import type { Logger } from '../infrastructure/logger';
import type { Mailer } from '../mail/port';
import { PermanentMessagingError, type Messenger } from '../messaging/port';
import { cachedLookups } from './cached-lookups';
import { composeMessageEmail } from './compose-email';
import type { AppointmentNow, MessageLookups } from './lookups';
import {
  claimBatch,
  DELIVERY_UNKNOWN,
  markFailed,
  markRetry,
  markSent,
  markSkipped,
  type ClaimedMessage,
} from './queue';
import type { QueuedMessage } from './queued-message';
import { recordOutcome, recordSends, type Outcome } from './record-outcome';
import { sessionsToSend } from './sessions-to-send';
import { composeTextMessage } from './text';

export interface MessageDispatcherOptions {
  knex: Knex;
  /** Where each send and each final failure is recorded (`messages-{appointmentId}`). */
  store: EventStore;
  lookups: MessageLookups;
  /** For LISTEN message_queue (the projection notifies when it queues); polling covers a lost notification and due times. */
  databaseUrl: string;
  mailer: Mailer;
  messenger: Messenger;
  now: () => Date;
  logger: Logger;
  timeZone: string;
  /** The secret and address of the "manage my booking" link of reminders and moved notices (issue 20). */
  manageLinks: ManageLinks;
  pollMs?: number;
  /** Longer than any send can take; a row whose lease runs out is given up (DELIVERY_UNKNOWN). */
  leaseMs?: number;
  retry?: RetryPolicy;
  /** Messages sent at once by this instance. */
  concurrency?: number;
  /**
   * Rows claimed in one statement, their sends recorded in one append and marked in one update. A sender that stops
   * mid-batch leaves its unrecorded rows to be given up as DELIVERY_UNKNOWN when their lease runs out.
   */
  batchSize?: number;
  /** How long a calendar or template read stays in use (default 5 s; 0 reads each time). */
  lookupCacheMs?: number;
}

/** wake() to look now, drain() to send what is due in this call, stop(). */
export type MessageDispatcher = QueueLoop;

/**
 * Sends the reminders and notices of `message_queue` (issue 19): e-mail through the Mailer, SMS and voice through the
 * Messenger. Each row is claimed so that no two instances send it; a failed send is retried with a growing delay
 * (not a PermanentMessagingError), then given up. Each send and each final failure is recorded on the appointment's
 * `messages-` stream. A row whose sender stopped mid-send is given up as failed, never sent again by itself.
 */
export function startMessageDispatcher(options: MessageDispatcherOptions): MessageDispatcher {
  const {
    knex,
    store,
    mailer,
    messenger,
    now,
    logger,
    timeZone,
    manageLinks,
    pollMs = 5000,
    leaseMs = 15 * 60_000,
    retry = defaultRetryPolicy,
    concurrency = 8,
    batchSize = 32,
    lookupCacheMs = 5000,
  } = options;
  const lookups = lookupCacheMs > 0 ? cachedLookups(options.lookups, lookupCacheMs) : options.lookups;
  const log = logger.child({ component: 'message dispatcher' });
  const commandDependencies = { store, now };

  /** The history is the record, the queue the truth: a history that cannot be written does not undo a send. */
  async function record(message: QueuedMessage, outcome: Outcome): Promise<'recorded' | 'already sent' | 'lost'> {
    try {
      return await recordOutcome(commandDependencies, message, outcome);
    } catch (error) {
      log.error(
        { messageId: message.id, appointmentId: message.appointmentId, err: errorForLog(error) },
        `message ${outcome.type}, but its history entry could not be recorded`,
      );
      return 'lost';
    }
  }

  async function deliver(message: QueuedMessage, appointment: AppointmentNow | undefined): Promise<void> {
    const sessions = await sessionsToSend(lookups, message, appointment, { timeZone, now: now() });
    const purpose = message.kind === 'reminder' ? 'reminder' : `${message.kind} notice`;
    switch (message.channel) {
      case 'email':
        await mailer.send(await composeMessageEmail(lookups, message, sessions, { timeZone, now: now(), manageLinks }));
        return;
      case 'sms': {
        const body = await composeTextMessage(lookups, message, { timeZone, now: now() });
        await messenger.sendText({ to: message.recipient, body, language: message.language, purpose });
        return;
      }
      case 'voice': {
        const say = await composeTextMessage(lookups, message, { timeZone, now: now() });
        await messenger.call({ to: message.recipient, say, language: message.language, purpose });
        return;
      }
      default:
        return assertNever(message.channel);
    }
  }

  async function giveUpExpired(message: QueuedMessage, context: Record<string, unknown>): Promise<void> {
    if ((await record(message, { type: 'failed', reason: DELIVERY_UNKNOWN })) === 'already sent') {
      // It stopped after recording the send: the message did go.
      await markSent(knex, [message.id], now());
      log.info(context, 'message found sent after its sender stopped');
      return;
    }
    await markFailed(knex, message.id, now(), DELIVERY_UNKNOWN);
    log.error(context, 'message FAILED: its sender stopped mid-send, so whether it left is unknown; not resent');
  }

  /** Sends one claimed message; 'sent' leaves its record and its row to the batch, anything else is settled here. */
  async function attempt(
    { message, leaseExpired }: ClaimedMessage,
    appointment: AppointmentNow | undefined,
  ): Promise<'sent' | 'settled'> {
    const context = {
      messageId: message.id,
      appointmentId: message.appointmentId,
      kind: message.kind,
      channel: message.channel,
      attempt: message.attempts,
    };
    if (leaseExpired) {
      await giveUpExpired(message, context);
      return 'settled';
    }
    try {
      await deliver(message, appointment);
    } catch (error) {
      const reason = textForLog(error instanceof Error ? error.message : String(error));
      if (error instanceof NotToBeSent) {
        await markSkipped(knex, message.id, now(), reason);
        log.info({ ...context, reason }, 'message not sent');
        return 'settled';
      }
      const delay = error instanceof PermanentMessagingError ? null : retryDelayMs(message.attempts, retry);
      if (delay === null) {
        await record(message, { type: 'failed', reason });
        await markFailed(knex, message.id, now(), reason);
        log.error({ ...context, reason }, `message FAILED after ${message.attempts} attempts; it will not be retried`);
        return 'settled';
      }
      const dueAt = new Date(now().getTime() + delay);
      await markRetry(knex, message.id, now(), dueAt, reason);
      log.warn({ ...context, reason, retryAt: dueAt.toISOString() }, 'message failed; will retry');
      return 'settled';
    }
    log.info(context, 'message sent');
    return 'sent';
  }

  /** Records the batch's sends, then marks their rows: a row marked sent always has its history entry first. */
  async function settleSent(sent: QueuedMessage[]): Promise<void> {
    if (sent.length === 0) return;
    try {
      await recordSends(commandDependencies, sent);
    } catch (error) {
      log.error(
        { messageIds: sent.map((message) => message.id), err: errorForLog(error) },
        'messages sent, but their history entries could not be recorded',
      );
    }
    await markSent(
      knex,
      sent.map((message) => message.id),
      now(),
    );
  }

  async function handleBatch(batch: ClaimedMessage[]): Promise<void> {
    const appointmentIds = batch
      .filter(({ message, leaseExpired }) => !leaseExpired && message.kind !== 'cancelled')
      .map(({ message }) => message.appointmentId);
    const appointments = appointmentIds.length > 0 ? await lookups.appointmentsNow(appointmentIds) : new Map();
    const sent: QueuedMessage[] = [];
    let next = 0;
    async function sender(): Promise<void> {
      for (let claimed = batch[next++]; claimed; claimed = batch[next++])
        if ((await attempt(claimed, appointments.get(claimed.message.appointmentId))) === 'sent')
          sent.push(claimed.message);
    }
    await Promise.all(Array.from({ length: Math.min(concurrency, batch.length) }, sender));
    await settleSent(sent);
  }

  /** Two batches in flight, so that one is sent while the other is claimed or settled. */
  async function batches(running: () => boolean): Promise<number> {
    let handled = 0;
    for (let batch = await claimBatch(knex, now(), leaseMs, batchSize); batch.length > 0;) {
      await handleBatch(batch);
      handled += batch.length;
      batch = running() ? await claimBatch(knex, now(), leaseMs, batchSize) : [];
    }
    return handled;
  }

  async function pass(running: () => boolean): Promise<number> {
    const counts = await Promise.all([batches(running), batches(running)]);
    return counts.reduce((sum, count) => sum + count, 0);
  }

  return startQueueLoop({ channel: 'message_queue', databaseUrl: options.databaseUrl, pollMs, logger: log, pass });
}
