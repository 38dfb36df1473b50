import type { Knex } from 'knex';
import type { MessageChannel, MessageKind } from '../../domain/messages/message';
import type { ClientName, Language } from '../confirmation-mails/render';
import type { QueuedMessage } from './queued-message';

/**
 * The `message_queue` table as the dispatcher uses it (filled by projections/messages). A row is claimed in a short
 * transaction (`for update skip locked`, so two instances never take the same row) and leased while it is sent
 * outside any transaction. A lease that runs out means its sender stopped mid-send: whether the message left is
 * unknown, so the row is handed on once more (`leaseExpired`) to be given up as failed, never sent again by itself.
 * Done rows keep their status and reason, not the recipient, names or code.
 */

/** The reason of a row whose sender stopped mid-send (issue 19: never resent automatically, so never twice). */
export const DELIVERY_UNKNOWN = 'delivery unknown: the sender stopped mid-send';

export interface ClaimedMessage {
  message: QueuedMessage;
  /** True when the row was found 'sending' with its lease run out: to be given up, not sent. */
  leaseExpired: boolean;
}

interface QueueRow {
  id: string;
  message_key: string;
  kind: MessageKind;
  channel: MessageChannel;
  appointment_id: number;
  calendar_id: number;
  series_id: number | null;
  date: string | null;
  start_time: string | null;
  end_time: string | null;
  offset_days: number | null;
  language: Language;
  recipient: string | null;
  client_names: ClientName[] | null;
  confirmation_code: string | null;
  sequence: number;
  due_at: Date;
  attempts: number;
  was: 'pending' | 'sending';
}

const toQueuedMessage = (row: QueueRow): QueuedMessage => ({
  id: Number(row.id),
  messageKey: row.message_key,
  kind: row.kind,
  channel: row.channel,
  appointmentId: row.appointment_id,
  calendarId: row.calendar_id,
  seriesId: row.series_id,
  date: row.date,
  startTime: row.start_time,
  endTime: row.end_time,
  offsetDays: row.offset_days,
  language: row.language,
  recipient: row.recipient ?? '',
  clientNames: row.client_names ?? [],
  confirmationCode: row.confirmation_code ?? '',
  sequence: row.sequence,
  dueAt: row.due_at,
  attempts: row.attempts,
});

/**
 * Takes up to `limit` due rows, and rows whose sender's lease ran out, for `leaseMs`, in one statement. A due row's
 * attempt is counted; an expired one keeps its count (it is not attempted again).
 */
export async function claimBatch(knex: Knex, now: Date, leaseMs: number, limit: number): Promise<ClaimedMessage[]> {
  const result = await knex.raw<{ rows: QueueRow[] }>(
    `update message_queue m
     set status = 'sending',
         attempts = case when picked.was = 'pending' then m.attempts + 1 else m.attempts end,
         lease_until = ?, updated_at = ?
     from (
       select id, status as was from message_queue
       where (status = 'pending' and due_at <= ?) or (status = 'sending' and lease_until <= ?)
       order by due_at, id
       limit ?
       for update skip locked) picked
     where m.id = picked.id
     returning m.*, picked.was`,
    [new Date(now.getTime() + leaseMs), now, now, now, limit],
  );
  return result.rows
    .map((row) => ({ message: toQueuedMessage(row), leaseExpired: row.was === 'sending' }))
    .sort((a, b) => a.message.dueAt.getTime() - b.message.dueAt.getTime() || a.message.id - b.message.id);
}

const forgetPersonalData = { recipient: null, client_names: null, confirmation_code: null, lease_until: null };

export async function markSent(knex: Knex, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await knex('message_queue')
    .whereIn('id', ids)
    .update({ ...forgetPersonalData, status: 'sent', sent_at: now, last_error: null, updated_at: now });
}

/** Due again at `dueAt` after a failed attempt. */
export async function markRetry(knex: Knex, id: number, now: Date, dueAt: Date, reason: string): Promise<void> {
  await knex('message_queue')
    .where({ id })
    .update({ status: 'pending', due_at: dueAt, lease_until: null, last_error: reason, updated_at: now });
}

/** Given up: the last attempt failed, or its sender stopped mid-send (DELIVERY_UNKNOWN). */
export async function markFailed(knex: Knex, id: number, now: Date, reason: string): Promise<void> {
  await knex('message_queue')
    .where({ id })
    .update({ ...forgetPersonalData, status: 'failed', last_error: reason, updated_at: now });
}

/** Not to be sent any more (the appointment began, the calendar stopped e-mails, the template is gone...). */
export async function markSkipped(knex: Knex, id: number, now: Date, reason: string): Promise<void> {
  await knex('message_queue')
    .where({ id })
    .update({ ...forgetPersonalData, status: 'skipped', last_error: reason, updated_at: now });
}
