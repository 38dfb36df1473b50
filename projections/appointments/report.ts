import type { Knex } from 'knex';

/** §2.3 /admin/report: which appointments, on which calendars, and the clients' ages (in months) to keep. */
export interface ReportFilter {
  calendarIds: readonly number[];
  /** First and last appointment dates, both included (startDate <= endDate). */
  startDate: string;
  endDate: string;
  /** Age bounds in whole months at the appointment date, both included. */
  minAgeMonths: number;
  maxAgeMonths: number;
}

/** One client of one appointment: the calendar, the appointment's date and the client's date of birth. */
export interface ReportItem {
  calendarId: number;
  name: string;
  date: string;
  dob: string;
}

interface ReportRow {
  calendar_id: number;
  name: string;
  date: string;
  dob: string;
}

/**
 * The clients of dated appointments (course registrations have no date) on the chosen calendars between the two
 * dates, whose age at the appointment date lies between the bounds: one row per client with a date of birth (a
 * client without one has no age), by date, then calendar name (then time, appointment and the client's place).
 *
 * The age is the count of whole months completed: born on the 15th, a month more on each 15th; born on the 31st,
 * on the last day of a shorter month. So a client is `n` months old or more when their date of birth plus `n`
 * months (PostgreSQL keeps the day, or takes the month's last day) is on or before the appointment date.
 */
export async function clientsByAge(knex: Knex, filter: ReportFilter): Promise<ReportItem[]> {
  if (filter.calendarIds.length === 0) return [];
  const { rows } = await knex.raw<{ rows: ReportRow[] }>(
    `select a.calendar_id, c.name, a.date, client.dob
       from appointments a
       join calendars c on c.id = a.calendar_id
       cross join lateral (
         select entry->>'dateOfBirth' as dob, position
           from jsonb_array_elements(coalesce(a.appointment->'clientData', '[]'::jsonb)) with ordinality as e(entry, position)
       ) client
      where a.date is not null
        and a.date between ? and ?
        and a.calendar_id = any(?::integer[])
        and client.dob ~ '^\\d{4}-\\d{2}-\\d{2}$'
        and (case when client.dob ~ '^\\d{4}-\\d{2}-\\d{2}$' then client.dob::date end)
              + make_interval(months => ?) <= a.date::date
        and (case when client.dob ~ '^\\d{4}-\\d{2}-\\d{2}$' then client.dob::date end)
              + make_interval(months => ?) > a.date::date
      order by a.date, c.name, a.start_time, a.id, client.position`,
    [
      filter.startDate,
      filter.endDate,
      // a PostgreSQL array literal: knex would spread a JavaScript array into a list of parameters
      `{${filter.calendarIds.map((id) => Math.trunc(id)).join(',')}}`,
      filter.minAgeMonths,
      filter.maxAgeMonths + 1,
    ],
  );
  return rows.map((row) => ({ calendarId: row.calendar_id, name: row.name, date: row.date, dob: row.dob }));
}
