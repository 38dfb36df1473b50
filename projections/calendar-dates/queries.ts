import type { Knex } from 'knex';
import type { DateLane, LaneDate } from '../../domain/calendar-dates/calendar-date';
import type { DateStatistics } from '../../domain/calendar-dates/statistics';
import { toSeconds } from '../../domain/calendars/time-of-day';
import type { SessionDate } from '../../domain/group-session-series/series';

export interface CalendarDateRecord extends DateStatistics {
  id: number;
  calendarId: number;
  date: string;
  enabled: boolean;
  lanes: DateLane[];
  groupSessionSeriesId: number | null;
  spots: number | null;
  spotsAvailable: number | null;
  registrationCount: number | null;
  deadline: string | null;
  sessionDates: SessionDate[];
}

export interface CalendarDateRow {
  calendar_id: number;
  date: string;
  calendar_date_id: number;
  enabled: boolean;
  lanes: DateLane[];
  series_id: number | null;
  capacity: number;
  appointment_count: number;
  client_count: number;
  booked_slot_count: number;
  total_slot_count: number;
  first_appointment_time: string | null;
  last_appointment_time: string | null;
  min_start_time: string | null;
  max_end_time: string | null;
  lane_count: number;
  series_spots: number | null;
  series_registrations: number | null;
  series_spots_taken: number | null;
  series_deadline: string | null;
}

/** Columns of a date joined with its series (spots, registrations, deadline). */
export const dateColumns = [
  'd.*',
  's.spots as series_spots',
  's.registration_count as series_registrations',
  's.spots_taken as series_spots_taken',
  's.deadline as series_deadline',
] as const;

export const datesWithSeries = (knex: Knex) =>
  knex('calendar_dates as d').leftJoin('group_session_series as s', 's.id', 'd.series_id');

/** A series' sessions are its dates as they are now (after moves and deletions), each as long as its lanes are open. */
export async function sessionDatesOf(knex: Knex, seriesIds: number[]): Promise<Map<number, SessionDate[]>> {
  const sessions = new Map<number, SessionDate[]>();
  if (seriesIds.length === 0) return sessions;
  const rows = await knex('calendar_dates')
    .whereIn('series_id', [...new Set(seriesIds)])
    .orderBy('date')
    .select<{ series_id: number; date: string; min_start_time: string; max_end_time: string }[]>(
      'series_id',
      'date',
      'min_start_time',
      'max_end_time',
    );
  for (const row of rows) {
    const list = sessions.get(row.series_id) ?? [];
    list.push({
      date: row.date,
      time: row.min_start_time,
      duration: toSeconds(row.max_end_time) - toSeconds(row.min_start_time),
    });
    sessions.set(row.series_id, list);
  }
  return sessions;
}

export function toCalendarDateRecord(row: CalendarDateRow, sessions: Map<number, SessionDate[]>): CalendarDateRecord {
  const inSeries = row.series_id !== null && row.series_spots !== null;
  return {
    id: row.calendar_date_id,
    calendarId: row.calendar_id,
    date: row.date,
    enabled: row.enabled,
    lanes: row.lanes,
    capacity: row.capacity,
    appointmentCount: row.appointment_count,
    clientCount: row.client_count,
    bookedSlotCount: row.booked_slot_count,
    totalSlotCount: row.total_slot_count,
    firstAppointmentTime: row.first_appointment_time,
    lastAppointmentTime: row.last_appointment_time,
    minStartTime: row.min_start_time,
    maxEndTime: row.max_end_time,
    laneCount: row.lane_count,
    groupSessionSeriesId: row.series_id,
    spots: inSeries ? row.series_spots : null,
    spotsAvailable: inSeries ? Math.max(0, row.series_spots! - (row.series_spots_taken ?? 0)) : null,
    registrationCount: inSeries ? (row.series_registrations ?? 0) : null,
    deadline: inSeries ? row.series_deadline : null,
    sessionDates: row.series_id === null ? [] : (sessions.get(row.series_id) ?? []),
  };
}

export async function toCalendarDateRecords(knex: Knex, rows: CalendarDateRow[]): Promise<CalendarDateRecord[]> {
  const sessions = await sessionDatesOf(
    knex,
    rows.flatMap((row) => (row.series_id === null ? [] : [row.series_id])),
  );
  return rows.map((row) => toCalendarDateRecord(row, sessions));
}

export async function listCalendarDates(
  knex: Knex,
  calendarId: number,
  range: { startDate: string; endDate: string; enabledOnly?: boolean | undefined },
) {
  const query = datesWithSeries(knex)
    .where('d.calendar_id', calendarId)
    .andWhere('d.date', '>=', range.startDate)
    .andWhere('d.date', '<=', range.endDate)
    .orderBy('d.date')
    .select<CalendarDateRow[]>(...dateColumns);
  if (range.enabledOnly) query.andWhere('d.enabled', true);
  return toCalendarDateRecords(knex, await query);
}

export async function findCalendarDate(
  knex: Knex,
  calendarId: number,
  date: string,
): Promise<CalendarDateRecord | undefined> {
  const row = await datesWithSeries(knex)
    .where({ 'd.calendar_id': calendarId, 'd.date': date })
    .first<CalendarDateRow | undefined>(...dateColumns);
  return row && (await toCalendarDateRecords(knex, [row]))[0];
}

export interface SeriesRecord {
  id: number;
  calendarId: number;
  name: string;
  startDate: string;
  endDate: string;
  deadline: string;
  spots: number;
  spotsAvailable: number;
  registrationCount: number;
  sessionDates: SessionDate[];
}

/** The series of a calendar that still have dates, by first session. */
export async function listSeries(knex: Knex, calendarId: number, seriesId?: number): Promise<SeriesRecord[]> {
  const query = knex('group_session_series').where({ calendar_id: calendarId });
  if (seriesId !== undefined) query.andWhere({ id: seriesId });
  const rows = await query.select<
    {
      id: number;
      calendar_id: number;
      name: string;
      deadline: string;
      spots: number;
      registration_count: number;
      spots_taken: number;
    }[]
  >('*');
  const sessions = await sessionDatesOf(
    knex,
    rows.map((row) => row.id),
  );
  return rows
    .flatMap((row) => {
      const dates = sessions.get(row.id) ?? [];
      if (dates.length === 0) return [];
      return [
        {
          id: row.id,
          calendarId: row.calendar_id,
          name: row.name,
          startDate: dates[0]!.date,
          endDate: dates[dates.length - 1]!.date,
          deadline: row.deadline,
          spots: row.spots,
          spotsAvailable: Math.max(0, row.spots - row.spots_taken),
          registrationCount: row.registration_count,
          sessionDates: dates,
        },
      ];
    })
    .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id - b.id);
}

/**
 * The calendar date each lane belongs to now (lanes move with their date), with its series on a group-session
 * calendar, in the order of `laneIds` (undefined for a lane no date has). One query for all, through
 * `calendar_date_lanes` (migration 35).
 */
export async function findDatesOfLanes(knex: Knex, laneIds: number[]): Promise<(LaneDate | undefined)[]> {
  const { rows } = await knex.raw<{
    rows: {
      lane_id: number;
      calendar_id: number;
      date: string;
      series_id: number | null;
      enabled: boolean;
      lock_time: number;
    }[];
  }>(
    `select l.id as lane_id, d.calendar_id, d.date, d.series_id, c.enabled, (c.settings->>'lockTime')::int as lock_time
     from unnest(?::int[]) as l(id)
     join calendar_date_lanes dl on dl.lane_id = l.id
     join calendar_dates d on d.calendar_date_id = dl.calendar_date_id
     join calendars c on c.id = d.calendar_id`,
    [laneIds],
  );
  const byLane = new Map(
    rows.map((row) => [
      row.lane_id,
      {
        calendarId: row.calendar_id,
        date: row.date,
        seriesId: row.series_id,
        calendarEnabled: row.enabled,
        lockTime: row.lock_time,
      },
    ]),
  );
  return laneIds.map((laneId) => byLane.get(laneId));
}
