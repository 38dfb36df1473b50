import type { Knex } from 'knex';
import type { MessageChannel, MessageKind, MessageStatus } from '../../domain/messages/message';

/**
 * The Messages screen's reads (issue 19 item 4): the rows of `message_queue` and, as kind `confirmation`, those of
 * `mail_queue`, so that staff see every message to a client in one list. Both tables are queues, not read models:
 * these reads never change them.
 */

export type ListedMessageKind = MessageKind | 'confirmation';

export interface ListedMessage {
  id: number;
  kind: ListedMessageKind;
  channel: MessageChannel;
  status: MessageStatus;
  dueAt: string;
  sentAt: string | null;
  attempts: number;
  lastError: string | null;
  appointmentId: number;
  calendarId: number;
  calendarName: string | null;
  /** The appointment's place the message is about (a `moved` notice: the new one); none for a course registration. */
  date: string | null;
  startTime: string | null;
  offsetDays: number | null;
  /** The full recipient while the row still holds it: the caller masks it before it leaves the server. */
  recipient: string | null;
}

export interface MessageFilter {
  /** Messages sent, or (not sent yet) due, in this half-open range of instants: a day of the unit. */
  between?: { from: Date; to: Date };
  appointmentId?: number;
  status?: MessageStatus;
  page: number;
  pageSize: number;
}

interface ListedRow {
  id: string;
  kind: ListedMessageKind;
  channel: MessageChannel;
  status: MessageStatus;
  due_at: Date;
  sent_at: Date | null;
  attempts: number;
  last_error: string | null;
  appointment_id: number;
  calendar_id: number;
  calendar_name: string | null;
  date: string | null;
  start_time: string | null;
  offset_days: number | null;
  recipient: string | null;
  total: string;
}

const toListed = (row: ListedRow): ListedMessage => ({
  id: Number(row.id),
  kind: row.kind,
  channel: row.channel,
  status: row.status,
  dueAt: row.due_at.toISOString(),
  sentAt: row.sent_at?.toISOString() ?? null,
  attempts: row.attempts,
  lastError: row.last_error,
  appointmentId: row.appointment_id,
  calendarId: row.calendar_id,
  calendarName: row.calendar_name,
  date: row.date,
  startTime: row.start_time,
  offsetDays: row.offset_days,
  recipient: row.recipient,
});

/** One page of messages, oldest (sent or due) first, and how many match in all. */
export async function listMessages(
  knex: Knex,
  filter: MessageFilter,
): Promise<{ items: ListedMessage[]; total: number }> {
  const conditions: string[] = [];
  const bindings: Knex.Value[] = [];
  if (filter.between) {
    // a sent message counts on the day it went out; any other on the day it is (or was) due (indexed: migration 31)
    conditions.push('coalesce(sent_at, due_at) >= ? and coalesce(sent_at, due_at) < ?');
    const { from, to } = filter.between;
    bindings.push(from, to);
  }
  if (filter.appointmentId !== undefined) {
    conditions.push('appointment_id = ?');
    bindings.push(filter.appointmentId);
  }
  if (filter.status !== undefined) {
    conditions.push('status = ?');
    bindings.push(filter.status);
  }
  const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
  const result = await knex.raw<{ rows: ListedRow[] }>(
    `with listed as (
       select id, kind, channel, status, due_at, sent_at, attempts, last_error, appointment_id, calendar_id, date,
              start_time, offset_days, recipient
       from message_queue
       union all
       select id, 'confirmation', 'email', status, due_at, sent_at, attempts, last_error, appointment_id, calendar_id,
              date, start_time, null, recipient
       from mail_queue
     )
     select listed.*, calendars.name as calendar_name, count(*) over () as total
     from listed left join calendars on calendars.id = listed.calendar_id
     ${where}
     order by coalesce(sent_at, due_at), appointment_id, kind, id
     limit ? offset ?`,
    [...bindings, filter.pageSize, (filter.page - 1) * filter.pageSize],
  );
  const total = result.rows[0] ? Number(result.rows[0].total) : await countMessages(knex, where, bindings);
  return { items: result.rows.map(toListed), total };
}

/** The count alone, for a page past the last one (its rows carry none). */
async function countMessages(knex: Knex, where: string, bindings: Knex.Value[]): Promise<number> {
  const result = await knex.raw<{ rows: { total: string }[] }>(
    `select (select count(*) from message_queue ${where}) + (select count(*) from mail_queue ${where}) as total`,
    [...bindings, ...bindings],
  );
  return Number(result.rows[0]?.total ?? 0);
}

/**
 * Those of `appointmentIds` with a message given up on (`failed`), reminder, notice or confirmation: the day view
 * flags them, so staff can look at the Messages screen and retry.
 */
export async function appointmentsWithFailedMessages(knex: Knex, appointmentIds: number[]): Promise<Set<number>> {
  if (appointmentIds.length === 0) return new Set();
  const result = await knex.raw<{ rows: { appointment_id: number }[] }>(
    `select appointment_id from message_queue where status = 'failed' and appointment_id = any(?::integer[])
     union
     select appointment_id from mail_queue where status = 'failed' and appointment_id = any(?::integer[])`,
    [appointmentIds, appointmentIds],
  );
  return new Set(result.rows.map((row) => row.appointment_id));
}
