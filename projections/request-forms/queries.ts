import type { Knex } from 'knex';
import type { RequestFormFields, RequestType } from '../../domain/request-forms/request-form';

interface Person {
  id: number;
  name: string;
}

export interface RequestFormSummary {
  id: number;
  requestType: RequestType;
  /** The new calendar asked for, or the existing calendar's name as it is now. */
  calendarName: string | null;
  calendarId: number | null;
  createdAt: string;
  createdBy: Person;
  fulfilledAt: string | null;
  fulfilledCalendarId: number | null;
}

export interface RequestFormRecord extends RequestFormFields, RequestFormSummary {
  fulfilledBy: Person | null;
  fulfilledDates: string[];
}

interface RequestFormRow {
  id: number;
  request_type: RequestType;
  calendar_id: number | null;
  calendar_name: string | null;
  created_by: number;
  created_by_name: string;
  created_at: Date;
  fulfilled_at: Date | null;
  fulfilled_calendar_id: number | null;
  fulfilment: { fulfilledBy: { userId: number; name: string }; dates: string[] } | null;
  form: RequestFormFields;
}

export interface RequestFormFilter {
  requestType?: RequestType;
  /** Only this user's requests (a Basic User's own). */
  createdBy?: number;
}

const toSummary = (row: RequestFormRow): RequestFormSummary => ({
  id: row.id,
  requestType: row.request_type,
  calendarName:
    row.request_type === 'requestformdates' ? (row.calendar_name ?? row.form.calendarName) : row.form.calendarName,
  calendarId: row.calendar_id,
  createdAt: row.created_at.toISOString(),
  createdBy: { id: row.created_by, name: row.created_by_name },
  fulfilledAt: row.fulfilled_at?.toISOString() ?? null,
  fulfilledCalendarId: row.fulfilled_calendar_id,
});

const toRecord = (row: RequestFormRow): RequestFormRecord => ({
  ...row.form,
  ...toSummary(row),
  fulfilledBy: row.fulfilment ? { id: row.fulfilment.fulfilledBy.userId, name: row.fulfilment.fulfilledBy.name } : null,
  fulfilledDates: row.fulfilment?.dates ?? [],
});

const selectRows = (knex: Knex) =>
  knex<RequestFormRow>('request_forms as r')
    .leftJoin('calendars as c', 'c.id', 'r.calendar_id')
    .select('r.*', 'c.name as calendar_name');

function filtered(query: Knex.QueryBuilder, filter: RequestFormFilter): Knex.QueryBuilder {
  if (filter.requestType) query.where('r.request_type', filter.requestType);
  if (filter.createdBy !== undefined) query.where('r.created_by', filter.createdBy);
  return query;
}

/** A page of requests, newest first, and how many match in all. */
export async function listRequestForms(
  knex: Knex,
  filter: RequestFormFilter,
  page: { limit: number; offset: number },
): Promise<{ items: RequestFormSummary[]; total: number }> {
  const [rows, counted] = await Promise.all([
    filtered(selectRows(knex), filter)
      .orderBy([
        { column: 'r.created_at', order: 'desc' },
        { column: 'r.id', order: 'desc' },
      ])
      .limit(page.limit)
      .offset(page.offset),
    filtered(knex('request_forms as r'), filter).count<{ count: string }[]>({ count: '*' }),
  ]);
  return { items: (rows as RequestFormRow[]).map(toSummary), total: Number(counted[0]?.count ?? 0) };
}

export async function findRequestForm(knex: Knex, id: number): Promise<RequestFormRecord | undefined> {
  const row = (await selectRows(knex).where('r.id', id).first()) as RequestFormRow | undefined;
  return row && toRecord(row);
}
