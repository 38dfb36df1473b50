import type { Knex } from 'knex';
import type { MessageChannel, MessageKind } from '../../domain/messages/message';
import { DomainError } from '../../domain/shared/decider';
import type { ClientName } from '../confirmation-mails/render';

/**
 * Who a retried message goes to: the appointment's contact details as they are now (staff may have corrected the
 * address that failed), looked up by the caller for the row's channel; null when the appointment is gone.
 */
export interface RetryRecipient {
  recipient: string;
  clientNames: ClientName[];
  confirmationCode: string;
}

export interface RetriedMessage {
  id: number;
  kind: MessageKind;
  channel: MessageChannel;
  appointmentId: number;
}

interface FailedRow {
  id: string;
  kind: MessageKind;
  channel: MessageChannel;
  appointment_id: number;
  status: string;
  recipient: string | null;
}

/**
 * The row's appointment, channel and status, for the caller to look up the recipient; undefined when there is no
 * such row. retryMessage checks the status again under the row's lock.
 */
export async function messageToRetry(
  knex: Knex,
  id: number,
): Promise<{ appointmentId: number; channel: MessageChannel; status: string } | undefined> {
  const row = await knex('message_queue')
    .where({ id })
    .first<{ appointment_id: number; channel: MessageChannel; status: string } | undefined>(
      'appointment_id',
      'channel',
      'status',
    );
  return row && { appointmentId: row.appointment_id, channel: row.channel, status: row.status };
}

/**
 * Staff's Retry of a message given up on: only a `failed` one becomes `pending`, due `now`, with its attempts reset
 * so the dispatcher gives it its full tries, and the dispatchers are woken. The row lock makes two Retries of the
 * same message one: the second finds it pending and is refused, so it is never queued twice.
 */
export async function retryMessage(
  knex: Knex,
  id: number,
  now: Date,
  current: RetryRecipient | null,
): Promise<RetriedMessage> {
  return knex.transaction(async (trx) => {
    const row = await trx('message_queue')
      .where({ id })
      .forUpdate()
      .first<FailedRow | undefined>('id', 'kind', 'channel', 'appointment_id', 'status', 'recipient');
    if (!row) throw new DomainError('MESSAGE_NOT_FOUND', `There is no message ${id}.`);
    if (row.status !== 'failed')
      throw new DomainError('MESSAGE_NOT_FAILED', `Message ${id} is ${row.status}: only a failed message is retried.`);
    // A done row no longer holds its recipient; without the appointment there is nobody to send it to.
    if (!current && !row.recipient)
      throw new DomainError('MESSAGE_RECIPIENT_UNKNOWN', `Message ${id} has no recipient any more.`);
    await trx('message_queue')
      .where({ id })
      .update({
        status: 'pending',
        attempts: 0,
        due_at: now,
        lease_until: null,
        last_error: null,
        sent_at: null,
        updated_at: now,
        ...(current && {
          recipient: current.recipient,
          client_names: JSON.stringify(current.clientNames),
          confirmation_code: current.confirmationCode,
        }),
      });
    await trx.raw(`select pg_notify('message_queue', '')`);
    return { id: Number(row.id), kind: row.kind, channel: row.channel, appointmentId: row.appointment_id };
  });
}
