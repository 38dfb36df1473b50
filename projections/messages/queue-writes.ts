import type { Knex } from 'knex';
import { DO_NOT_CALL, NO_PHONE_NUMBER } from '../../domain/messages/phone-reminder';
import { positionalRows } from '../shared/positional-rows';
import type { QueueRow } from './wanted-messages';

const QUEUE_ROWS = positionalRows<QueueRow>({
  messageKey: 'text',
  kind: 'text',
  channel: 'text',
  appointmentId: 'integer',
  calendarId: 'integer',
  seriesId: 'integer',
  date: 'text',
  startTime: 'text',
  endTime: 'text',
  offsetDays: 'integer',
  language: 'text',
  recipient: 'text',
  clientNames: 'jsonb',
  confirmationCode: 'text',
  sequence: 'integer',
  status: 'text',
  dueAt: 'timestamptz',
  lastError: 'text',
  at: 'timestamptz',
});

/** A batch statement takes this many rows at most (the parameter is one JSON document, so only its size matters). */
const CHUNK = 5000;

function chunks<Row>(rows: readonly Row[]): Row[][] {
  const result: Row[][] = [];
  for (let start = 0; start < rows.length; start += CHUNK) result.push(rows.slice(start, start + CHUNK));
  return result;
}

/**
 * Writes messages to `message_queue` in one statement per chunk. A row already there is left alone unless it is
 * still waiting: a 'pending' one takes the new due time and details (a calendar's offsets or send time changed, the
 * client changed their address), or is skipped when the client's number became do-not-call or is gone; a
 * 'cancelled' one comes back only when it is wanted again (moved back, an offset put back) and due in the future by
 * the database's clock too, so that a rebuild replaying old events never revives a message that could go out before
 * the later event that cancelled it is replayed. Sent, failed, skipped and sending rows never change here, so a
 * replay queues nothing twice. Returns whether any pending row was written (the sender is woken).
 */
export async function queueMessages(trx: Knex.Transaction, rows: readonly QueueRow[]): Promise<boolean> {
  let pending = false;
  for (const chunk of chunks(rows)) {
    const result = await trx.raw<{ rowCount: number }>(
      `insert into message_queue (message_key, kind, channel, appointment_id, calendar_id, series_id, date, start_time,
         end_time, offset_days, language, recipient, client_names, confirmation_code, sequence, status, due_at,
         last_error, created_at, updated_at)
       select r."messageKey", r.kind, r.channel, r."appointmentId", r."calendarId", r."seriesId", r.date, r."startTime",
         r."endTime", r."offsetDays", r.language, r.recipient, r."clientNames", r."confirmationCode", r.sequence,
         r.status, r."dueAt", r."lastError", r.at, r.at
       from (${QUEUE_ROWS.source}) as r
       on conflict (message_key) do update set
         date = excluded.date, start_time = excluded.start_time, end_time = excluded.end_time,
         language = excluded.language, recipient = excluded.recipient, client_names = excluded.client_names,
         confirmation_code = excluded.confirmation_code, sequence = excluded.sequence, status = excluded.status,
         last_error = excluded.last_error, updated_at = excluded.updated_at,
         -- a pending row being retried keeps the sender's later due time
         due_at = case when message_queue.status = 'pending' and message_queue.attempts > 0
           then message_queue.due_at else excluded.due_at end
       where (message_queue.status = 'pending' and (excluded.status = 'pending' or excluded.last_error in (?, ?)))
          or (message_queue.status = 'cancelled' and excluded.status = 'pending' and excluded.due_at > now())`,
      [QUEUE_ROWS.parameter(chunk), DO_NOT_CALL, NO_PHONE_NUMBER],
    );
    if (result.rowCount > 0 && chunk.some((row) => row.status === 'pending')) pending = true;
  }
  return pending;
}

/**
 * Cancels the pending reminders and moved notices of these appointments, but for the messages in `keep` (those
 * still wanted, which queueMessages refreshes). Their personal data goes with them; queueMessages puts it back if
 * they are wanted again. `aheadOf`: only those due after it and not being retried (a change of the calendar's
 * settings leaves a reminder whose time has come to the sender, which checks the calendar when it sends).
 */
export async function cancelPending(
  trx: Knex.Transaction,
  appointmentIds: readonly number[],
  keep: readonly string[],
  reason: string,
  at: string,
  aheadOf?: string,
): Promise<void> {
  if (appointmentIds.length === 0) return;
  const ahead = aheadOf === undefined ? '' : `and due_at > ?::timestamptz and attempts = 0`;
  await trx.raw(
    `update message_queue set status = 'cancelled', last_error = ?, recipient = null, client_names = null,
       confirmation_code = null, updated_at = ?
     where appointment_id = any(?::integer[]) and status = 'pending' and kind in ('reminder', 'moved')
       and not (message_key = any(?::text[])) ${ahead}`,
    [reason, at, [...appointmentIds], [...keep], ...(aheadOf === undefined ? [] : [aheadOf])],
  );
}
