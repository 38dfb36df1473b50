import type { Knex } from 'knex';
import { ACCESS_LOG_COLUMNS, storedEntryOf } from './store';

export interface AccessLogFilter {
  userId?: number | undefined;
  /**
   * "Who looked at this record?": entries that name the appointment, and reports and exports whose range covered
   * one of its dates (a report also its calendar, when known: a deleted appointment's is not).
   */
  appointment?: { id: number; dates: readonly string[]; calendarId: number | null } | undefined;
  /** Instants, `from` included, `to` excluded. */
  from?: string | undefined;
  to?: string | undefined;
  /** Entries before this position (the next page of a newest-first list). */
  before?: string | undefined;
  limit: number;
}

export interface AccessLogItem {
  position: string;
  at: string;
  userId: number;
  userName: string | null;
  roles: string[];
  clientAddress: string | null;
  requestId: string | null;
  action: string;
  records: { kind: 'appointment'; id: number }[];
  details: Record<string, unknown>;
}

const RANGE_ACTIONS = `('report', 'report.csv', 'export')`;

/** The access log newest first, filtered; `nextBefore` names the page after this one, or null at the end. */
export async function listAccessEntries(
  knex: Knex,
  filter: AccessLogFilter,
): Promise<{ items: AccessLogItem[]; nextBefore: string | null }> {
  const where: string[] = [];
  const values: (string | number | null)[] = [];
  if (filter.userId !== undefined) {
    where.push('a.user_id = ?');
    values.push(filter.userId);
  }
  if (filter.from) {
    where.push('a.at >= ?::timestamptz');
    values.push(filter.from);
  }
  if (filter.to) {
    where.push('a.at < ?::timestamptz');
    values.push(filter.to);
  }
  if (filter.before) {
    where.push('a.position < ?::bigint');
    values.push(filter.before);
  }
  const appointment = filter.appointment;
  if (appointment) {
    // Two indexed lookups (the GIN index on records, the partial index of range actions) rather than one OR.
    const named = `select position from access_log where records @> ?::jsonb`;
    values.push(JSON.stringify([{ kind: 'appointment', id: appointment.id }]));
    if (appointment.dates.length > 0) {
      where.push(`a.position in (${named} union all
        select position from access_log
         where action in ${RANGE_ACTIONS}
           and exists (select 1 from unnest(?::text[]) as day
                        where details->>'startDate' <= day and details->>'endDate' >= day)
           and (action = 'export' or ?::jsonb is null or details->'calendarIds' @> ?::jsonb))`);
      const calendar = appointment.calendarId === null ? null : JSON.stringify([appointment.calendarId]);
      values.push(`{${appointment.dates.join(',')}}`, calendar as string, calendar as string);
    } else where.push(`a.position in (${named})`);
  }
  const { rows } = await knex.raw(
    `select ${ACCESS_LOG_COLUMNS.split(', ')
      .map((column) => `a.${column}`)
      .join(', ')}, u.first_name, u.last_name
       from access_log a left join users u on u.id = a.user_id
      ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
      order by a.position desc
      limit ?`,
    [...values, filter.limit + 1],
  );
  const page = (rows as (Parameters<typeof storedEntryOf>[0] & { first_name?: string; last_name?: string })[]).slice(
    0,
    filter.limit,
  );
  const items = page.map((row) => {
    const { position, entry } = storedEntryOf(row);
    return {
      position,
      ...entry,
      roles: [...entry.roles],
      records: [...entry.records],
      details: { ...entry.details },
      userName: row.first_name === undefined || row.first_name === null ? null : `${row.first_name} ${row.last_name}`,
    };
  });
  return { items, nextBefore: rows.length > filter.limit ? items[items.length - 1]!.position : null };
}
