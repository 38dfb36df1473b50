import type { Knex } from 'knex';
import type { AppointmentDetails, ClientData } from '../../domain/appointments/appointment';

/** A range of dates, both included, and the time zone the instants of the files are written in. */
export interface ExportRange {
  startDate: string;
  endDate: string;
  timeZone: string;
}

export type Cell = string | number | boolean | null | undefined;

/** Rows are read this many at a time (keyset paging), so memory holds one page, whatever the range. */
export const EXPORT_PAGE_SIZE = 2_000;

/**
 * Pages of rows in the order of a unique key: each page starts after the last row of the one before. The next page
 * is asked for as soon as a page arrives, so the database reads it while the caller writes this one.
 */
async function* keysetPages<Row>(page: (after: Row | undefined) => Promise<Row[]>): AsyncGenerator<Row[]> {
  let next: Promise<Row[]> | undefined = page(undefined);
  while (next) {
    const rows: Row[] = await next;
    next = rows.length === EXPORT_PAGE_SIZE ? page(rows[rows.length - 1]) : undefined;
    // Awaited on the next turn; if the caller stops first (a failure), its rejection is not left unhandled.
    next?.catch(() => undefined);
    if (rows.length > 0) yield rows;
  }
}

/** An instant as the unit's wall clock, 'YYYY-MM-DD HH:MM:SS' (a spreadsheet reads it as a date and time). */
const wallClock = (column: string) => `to_char(${column} at time zone :zone, 'YYYY-MM-DD HH24:MI:SS')`;

interface CalendarFacts {
  name: string;
  locationName: string | null;
  officeRegion: string | null;
}

/** Every calendar's name and location, by id (a few hundred rows at most), for the files that name them. */
async function calendarFacts(knex: Knex): Promise<Map<number, CalendarFacts>> {
  const rows = await knex('calendars as c')
    .leftJoin('locations as l', 'l.id', 'c.location_id')
    .select<{ id: number; name: string; location_name: string | null; office_region: string | null }[]>(
      'c.id',
      'c.name',
      'l.name as location_name',
      'l.office_region',
    );
  return new Map(
    rows.map((row) => [row.id, { name: row.name, locationName: row.location_name, officeRegion: row.office_region }]),
  );
}

/** The names of the lanes of the range's dates, by lane id (lane ids are unique across dates). */
async function laneNames(knex: Knex, range: ExportRange): Promise<Map<number, string>> {
  const { rows } = await knex.raw<{ rows: { id: number; name: string }[] }>(
    `select (lane ->> 'id')::int as id, lane ->> 'name' as name
       from calendar_dates d cross join lateral jsonb_array_elements(d.lanes) as lane
      where d.date between :startDate and :endDate`,
    { startDate: range.startDate, endDate: range.endDate },
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

const joined = (values: readonly string[] | undefined) => (values && values.length > 0 ? values.join('; ') : '');

interface AppointmentRow {
  id: number;
  calendar_id: number;
  date: string;
  start_time: string;
  end_time: string | null;
  lane_id: number | null;
  confirmation_code: string;
  appointment: AppointmentDetails;
  booked_at: string;
  updated_at: string;
}

/** appointments.csv: the appointments of the range's dates, by calendar, date, time; one row per client. */
export async function* appointmentRows(knex: Knex, range: ExportRange): AsyncGenerator<Cell[][]> {
  const [calendars, lanes] = await Promise.all([calendarFacts(knex), laneNames(knex, range)]);
  const pages = keysetPages<AppointmentRow>(async (after) => {
    const { rows } = await knex.raw<{ rows: AppointmentRow[] }>(
      `select id, calendar_id, date, start_time, end_time, lane_id, confirmation_code, appointment,
              ${wallClock('created_at')} as booked_at, ${wallClock('updated_at')} as updated_at
         from appointments
        where date between :startDate and :endDate
          ${after ? 'and (calendar_id, date) >= (:calendarId, :date) and (calendar_id, date, start_time, id) > (:calendarId, :date, :startTime, :id)' : ''}
        order by calendar_id, date, start_time, id
        limit :limit`,
      {
        ...range,
        zone: range.timeZone,
        limit: EXPORT_PAGE_SIZE,
        ...(after
          ? { calendarId: after.calendar_id, date: after.date, startTime: after.start_time, id: after.id }
          : {}),
      },
    );
    return rows;
  });
  for await (const page of pages) {
    const out: Cell[][] = [];
    for (const row of page) {
      const calendar = calendars.get(row.calendar_id);
      const details = row.appointment;
      const clients = details.clientData ?? [];
      clients.forEach((client: ClientData, index) => {
        out.push([
          row.id,
          row.confirmation_code,
          row.calendar_id,
          calendar?.name,
          calendar?.locationName,
          calendar?.officeRegion,
          row.date,
          row.start_time,
          row.end_time,
          row.lane_id,
          row.lane_id === null ? null : lanes.get(row.lane_id),
          index + 1,
          clients.length,
          client.firstName,
          client.lastName,
          client.preferredName,
          client.clientId,
          client.pronoun,
          client.dateOfBirth,
          client.clientLanguage,
          client.legalGuardian,
          client.notGuardian,
          client.authorized,
          client.translationServices,
          joined(client.codes),
          client.dose,
          client.attendance,
          client.room,
          details.email,
          details.language,
          details.phone,
          details.phoneDoNotCall,
          details.phoneAlt,
          details.phoneAltDoNotCall,
          details.phoneReminderType,
          details.phoneReminderCustom,
          row.booked_at,
          row.updated_at,
        ]);
      });
    }
    yield out;
  }
}

interface RegistrationRow {
  appointment_id: number;
  calendar_id: number;
  series_id: number;
  series_name: string | null;
  deadline: string | null;
  confirmation_code: string;
  spots: number;
  appointment: AppointmentDetails;
  registered_at: string;
}

const SERIES_IN_RANGE =
  'select series_id from calendar_dates where series_id is not null and date between :startDate and :endDate';

/** registrations.csv: the registrations of every course (series) with a session in the range; one row per client. */
export async function* registrationRows(knex: Knex, range: ExportRange): AsyncGenerator<Cell[][]> {
  const calendars = await calendarFacts(knex);
  const { rows: sessions } = await knex.raw<{
    rows: { series_id: number; first: string; last: string; count: number }[];
  }>(
    `select series_id, min(date) as first, max(date) as last, count(*)::int as count
       from calendar_dates
      where series_id in (${SERIES_IN_RANGE})
      group by series_id`,
    { startDate: range.startDate, endDate: range.endDate },
  );
  if (sessions.length === 0) return;
  const sessionsOf = new Map(sessions.map((row) => [row.series_id, row]));
  const pages = keysetPages<RegistrationRow>(async (after) => {
    const { rows } = await knex.raw<{ rows: RegistrationRow[] }>(
      `select r.appointment_id, r.calendar_id, r.series_id, s.name as series_name, s.deadline, r.confirmation_code,
              r.spots, r.appointment, ${wallClock('r.registered_at')} as registered_at
         from group_session_registrations r left join group_session_series s on s.id = r.series_id
        where r.series_id in (${SERIES_IN_RANGE}) ${after ? 'and r.appointment_id > :after' : ''}
        order by r.appointment_id
        limit :limit`,
      { ...range, zone: range.timeZone, limit: EXPORT_PAGE_SIZE, ...(after ? { after: after.appointment_id } : {}) },
    );
    return rows;
  });
  for await (const page of pages) {
    const out: Cell[][] = [];
    for (const row of page) {
      const series = sessionsOf.get(row.series_id);
      const details = row.appointment;
      (details.clientData ?? []).forEach((client, index) => {
        out.push([
          row.appointment_id,
          row.confirmation_code,
          row.calendar_id,
          calendars.get(row.calendar_id)?.name,
          row.series_id,
          row.series_name,
          series?.first,
          series?.last,
          series?.count,
          row.deadline,
          row.spots,
          index + 1,
          client.firstName,
          client.lastName,
          client.preferredName,
          client.dateOfBirth,
          details.email,
          details.language,
          details.phone,
          details.phoneAlt,
          row.registered_at,
        ]);
      });
    }
    yield out;
  }
}

interface CalendarRow {
  id: number;
  name: string;
  name_fr: string | null;
  enabled: boolean;
  group_session: boolean;
  allow_multiple_clients: boolean | null;
  location_id: number | null;
  location_name: string | null;
  office_region: string | null;
  category_id: number | null;
  category_name: string | null;
  created_at: string;
  updated_at: string;
}

/** calendars.csv: every calendar, by id. */
export async function* calendarRows(knex: Knex, range: ExportRange): AsyncGenerator<Cell[][]> {
  const pages = keysetPages<CalendarRow>(async (after) => {
    const { rows } = await knex.raw<{ rows: CalendarRow[] }>(
      `select c.id, c.name, c.settings ->> 'nameFr' as name_fr, c.enabled, c.group_session,
              (c.settings ->> 'allowMultipleClients')::boolean as allow_multiple_clients,
              c.location_id, l.name as location_name, l.office_region, c.category_id, g.name as category_name,
              ${wallClock('c.created_at')} as created_at, ${wallClock('c.updated_at')} as updated_at
         from calendars c
         left join locations l on l.id = c.location_id
         left join categories g on g.id = c.category_id
        ${after ? 'where c.id > :after' : ''}
        order by c.id
        limit :limit`,
      { zone: range.timeZone, limit: EXPORT_PAGE_SIZE, ...(after ? { after: after.id } : {}) },
    );
    return rows;
  });
  for await (const page of pages)
    yield page.map((row) => [
      row.id,
      row.name,
      row.name_fr,
      row.enabled,
      row.group_session,
      row.allow_multiple_clients,
      row.location_id,
      row.location_name,
      row.office_region,
      row.category_id,
      row.category_name,
      row.created_at,
      row.updated_at,
    ]);
}

interface DateRow {
  calendar_id: number;
  calendar_name: string | null;
  date: string;
  enabled: boolean;
  lane_count: number;
  lane_names: string | null;
  capacity: number;
  appointment_count: number;
  client_count: number;
  booked_slot_count: number;
  total_slot_count: number;
  first_appointment_time: string | null;
  last_appointment_time: string | null;
  min_start_time: string | null;
  max_end_time: string | null;
  series_id: number | null;
  series_name: string | null;
  series_spots: number | null;
  series_registrations: number | null;
}

/** dates.csv: the calendar dates of the range with their statistics, by calendar and date. */
export async function* dateRows(knex: Knex, range: ExportRange): AsyncGenerator<Cell[][]> {
  const pages = keysetPages<DateRow>(async (after) => {
    const { rows } = await knex.raw<{ rows: DateRow[] }>(
      `select d.calendar_id, c.name as calendar_name, d.date, d.enabled, d.lane_count,
              (select string_agg(lane ->> 'name', '; ') from jsonb_array_elements(d.lanes) as lane) as lane_names,
              d.capacity, d.appointment_count, d.client_count, d.booked_slot_count, d.total_slot_count,
              d.first_appointment_time, d.last_appointment_time, d.min_start_time, d.max_end_time,
              d.series_id, s.name as series_name, s.spots as series_spots, s.registration_count as series_registrations
         from calendar_dates d
         left join calendars c on c.id = d.calendar_id
         left join group_session_series s on s.id = d.series_id
        where d.date between :startDate and :endDate
          ${after ? 'and (d.calendar_id, d.date) > (:calendarId, :date)' : ''}
        order by d.calendar_id, d.date
        limit :limit`,
      {
        startDate: range.startDate,
        endDate: range.endDate,
        limit: EXPORT_PAGE_SIZE,
        ...(after ? { calendarId: after.calendar_id, date: after.date } : {}),
      },
    );
    return rows;
  });
  for await (const page of pages)
    yield page.map((row) => [
      row.calendar_id,
      row.calendar_name,
      row.date,
      row.enabled,
      row.lane_count,
      row.lane_names,
      row.capacity,
      row.appointment_count,
      row.client_count,
      row.booked_slot_count,
      row.total_slot_count,
      row.first_appointment_time,
      row.last_appointment_time,
      row.min_start_time,
      row.max_end_time,
      row.series_id,
      row.series_name,
      row.series_spots,
      row.series_registrations,
    ]);
}
