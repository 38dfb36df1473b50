import type { Knex } from 'knex';
import type { ClientName, Language } from './render';

/**
 * The `mail_queue` table as the dispatcher uses it. A row is claimed in a short transaction (`for update skip
 * locked`, so two instances never take the same row) and leased while it is sent outside any transaction (an open
 * transaction would hold back the projectors); a lease that runs out, because its process died mid-send, makes the
 * row due again. Done rows keep their status and error, not the recipient, names or code.
 */

export interface QueuedMail {
  id: number;
  appointmentId: number;
  calendarId: number;
  seriesId: number | null;
  date: string | null;
  startTime: string | null;
  endTime: string | null;
  language: Language;
  recipient: string;
  clientNames: ClientName[];
  confirmationCode: string;
  bookedAt: Date;
  /** Including the one under way. */
  attempts: number;
}

interface QueueRow {
  id: string;
  appointment_id: number;
  calendar_id: number;
  series_id: number | null;
  date: string | null;
  start_time: string | null;
  end_time: string | null;
  language: Language;
  recipient: string | null;
  client_names: ClientName[] | null;
  confirmation_code: string | null;
  booked_at: Date;
  attempts: number;
}

const toQueuedMail = (row: QueueRow): QueuedMail => ({
  id: Number(row.id),
  appointmentId: row.appointment_id,
  calendarId: row.calendar_id,
  seriesId: row.series_id,
  date: row.date,
  startTime: row.start_time,
  endTime: row.end_time,
  language: row.language,
  recipient: row.recipient ?? '',
  clientNames: row.client_names ?? [],
  confirmationCode: row.confirmation_code ?? '',
  bookedAt: row.booked_at,
  attempts: row.attempts,
});

/** Takes the next due row (or one whose sender's lease ran out) for `leaseMs`; undefined when none is due. */
export async function claimNext(knex: Knex, now: Date, leaseMs: number): Promise<QueuedMail | undefined> {
  const result = await knex.raw<{ rows: QueueRow[] }>(
    `update mail_queue set status = 'sending', attempts = attempts + 1, lease_until = ?, updated_at = ?
     where id = (
       select id from mail_queue
       where (status = 'pending' and due_at <= ?) or (status = 'sending' and lease_until <= ?)
       order by due_at, id
       limit 1
       for update skip locked)
     returning *`,
    [new Date(now.getTime() + leaseMs), now, now, now],
  );
  const row = result.rows[0];
  return row && toQueuedMail(row);
}

const forgetPersonalData = { recipient: null, client_names: null, confirmation_code: null, lease_until: null };

export async function markSent(knex: Knex, id: number, now: Date): Promise<void> {
  await knex('mail_queue')
    .where({ id })
    .update({ ...forgetPersonalData, status: 'sent', sent_at: now, last_error: null, updated_at: now });
}

export async function markRetry(knex: Knex, id: number, now: Date, dueAt: Date, error: string): Promise<void> {
  await knex('mail_queue')
    .where({ id })
    .update({ status: 'pending', due_at: dueAt, lease_until: null, last_error: error, updated_at: now });
}

/** Terminal: 'failed' after the last attempt, 'skipped' when it is not to be sent at all. */
export async function markDone(
  knex: Knex,
  id: number,
  now: Date,
  status: 'failed' | 'skipped',
  reason: string,
): Promise<void> {
  await knex('mail_queue')
    .where({ id })
    .update({ ...forgetPersonalData, status, last_error: reason, updated_at: now });
}

export interface RetryPolicy {
  /** Delay after the first failure; doubled after each further one. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Attempts in all; after the last failure the row stays 'failed'. */
  maxAttempts: number;
}

/** Waits of 1, 2, 4, 8, 16, 32, then 60 minutes: ten attempts over about four hours. */
export const defaultRetryPolicy: RetryPolicy = { firstDelayMs: 60_000, maxDelayMs: 3_600_000, maxAttempts: 10 };

/** Delay before the next attempt after `attempts` failed ones; null when there is none left. */
export function retryDelayMs(attempts: number, policy: RetryPolicy): number | null {
  if (attempts >= policy.maxAttempts) return null;
  return Math.min(policy.firstDelayMs * 2 ** (attempts - 1), policy.maxDelayMs);
}
