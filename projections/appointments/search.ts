import type { Knex } from 'knex';
import { assertNever } from '../../domain/shared/decider';

export type SearchSortField = 'date' | 'time' | 'confirmationCode' | 'calendar' | 'location' | 'officeRegion';

export interface AppointmentSearch {
  officeRegion?: string;
  /** Matched, case-insensitive, against client names, the confirmation code and the phone. */
  query?: string;
  dateFrom: string;
  dateTo?: string;
  calendarId?: number;
  /** Only these calendars (a Basic User's); undefined for everything (administrators). */
  calendarIds?: readonly number[];
  pageSize: number;
  page: number;
  sortBy?: { field: SearchSortField; direction: 'asc' | 'desc' };
}

export interface AppointmentSearchItem {
  id: number;
  date: string;
  startTime: string;
  confirmationCode: string;
  clients: { firstName: string; lastName: string }[];
  calendar: { id: number; name: string };
  location: { name: string; nameFr: string } | null;
  officeRegion: string | null;
}

interface SearchRow {
  id: number;
  date: string;
  start_time: string;
  confirmation_code: string;
  clients: { firstName?: string; lastName?: string }[] | null;
  calendar_id: number;
  calendar_name: string;
  location_name: string | null;
  location_name_fr: string | null;
  office_region: string | null;
}

/** The column a sort field orders by. */
function sortColumn(field: SearchSortField): string {
  switch (field) {
    case 'date':
      return 'a.date';
    case 'time':
      return 'a.start_time';
    case 'confirmationCode':
      return 'a.confirmation_code';
    case 'calendar':
      return 'c.name';
    case 'location':
      return 'l.name';
    case 'officeRegion':
      return 'l.office_region';
    default:
      return assertNever(field);
  }
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** Dated appointments (ties broken by date, time and id, ascending) (course registrations have none) matching the filters, one page of them, and the page count. */
export async function searchAppointments(
  knex: Knex,
  search: AppointmentSearch,
): Promise<{ items: AppointmentSearchItem[]; pages: number }> {
  const base = knex('appointments as a')
    .join('calendars as c', 'c.id', 'a.calendar_id')
    .leftJoin('locations as l', 'l.id', 'c.location_id')
    .whereNotNull('a.date')
    .where('a.date', '>=', search.dateFrom);
  if (search.dateTo) base.where('a.date', '<=', search.dateTo);
  if (search.officeRegion) base.where('l.office_region', search.officeRegion);
  if (search.calendarId !== undefined) base.where('a.calendar_id', search.calendarId);
  if (search.calendarIds) base.whereIn('a.calendar_id', [...search.calendarIds]);
  const text = search.query?.trim();
  if (text) {
    const pattern = likePattern(text);
    const digits = text.replace(/\D/g, '');
    base.where((where) => {
      where
        .whereRaw(
          `exists (select 1 from jsonb_array_elements(coalesce(a.appointment->'clientData', '[]'::jsonb)) as client
             where client->>'firstName' ilike ? or client->>'lastName' ilike ?
                or concat_ws(' ', client->>'firstName', client->>'lastName') ilike ?)`,
          [pattern, pattern, pattern],
        )
        .orWhere('a.confirmation_code', 'ilike', pattern)
        .orWhereRaw(`a.appointment->>'phone' ilike ?`, [pattern]);
      if (digits.length >= 3 && digits.length === text.replace(/[\s().-]/g, '').length) {
        where.orWhereRaw(`regexp_replace(coalesce(a.appointment->>'phone', ''), '\\D', '', 'g') like ?`, [
          `%${digits}%`,
        ]);
      }
    });
  }
  const counted = await base.clone().count<{ count: string }[]>({ count: '*' });
  const total = Number(counted[0]?.count ?? 0);
  const order: { column: string; order: 'asc' | 'desc' }[] = search.sortBy
    ? [{ column: sortColumn(search.sortBy.field), order: search.sortBy.direction }]
    : [];
  for (const column of ['a.date', 'a.start_time', 'a.id']) {
    if (!order.some((entry) => entry.column === column)) order.push({ column, order: 'asc' });
  }
  const rows = await base
    .clone()
    .orderBy(order)
    .limit(search.pageSize)
    .offset((search.page - 1) * search.pageSize)
    .select<SearchRow[]>(
      'a.id',
      'a.date',
      'a.start_time',
      'a.confirmation_code',
      knex.raw(`a.appointment->'clientData' as clients`),
      'a.calendar_id',
      'c.name as calendar_name',
      'l.name as location_name',
      'l.name_fr as location_name_fr',
      'l.office_region',
    );
  return {
    pages: Math.ceil(total / search.pageSize),
    items: rows.map((row) => ({
      id: row.id,
      date: row.date,
      startTime: row.start_time,
      confirmationCode: row.confirmation_code,
      clients: (row.clients ?? []).map((client) => ({
        firstName: client.firstName ?? '',
        lastName: client.lastName ?? '',
      })),
      calendar: { id: row.calendar_id, name: row.calendar_name },
      location: row.location_name === null ? null : { name: row.location_name, nameFr: row.location_name_fr ?? '' },
      officeRegion: row.office_region,
    })),
  };
}
