import type { Knex } from 'knex';
import type { DateHoldings, DateLane } from '../../domain/calendar-dates/calendar-date';
import { freeTimes, type FreeStart } from '../../domain/calendar-dates/free-times';
import { selfBookingFields } from '../../domain/calendars/fields';
import { freeSpots, type SpotHold } from '../../domain/group-session-series/series';
import { toSeconds, toTimeOfDay } from '../../domain/calendars/time-of-day';
import { listCalendars, type CalendarRecord } from '../calendars/queries';
import { datesWithSeries, dateColumns, sessionDatesOf, type CalendarDateRow } from '../calendar-dates/queries';
import { holdingsOfDateSql } from '../calendar-dates/holding-rows';
import { findPublicService, type Locale, type ServiceRecord } from '../services/queries';

/** What the public sees of a calendar a service offers (§3 "on the public side a calendar carries ..."). */
export interface PublicCalendar {
  id: number;
  name: string;
  description: string;
  groupSession: boolean;
  lockTime: number;
  emailsEnabled: boolean;
  emailRequired: boolean;
  allowMultipleClients: boolean;
  location: { name: string; address: string; city: string; postalCode: string; isVirtual: boolean } | null;
  fields: { name: string; required: boolean }[];
}

function toPublicCalendar(calendar: CalendarRecord, service: ServiceRecord, locale: Locale): PublicCalendar {
  const { location } = calendar;
  const french = locale === 'fr';
  return {
    id: calendar.id,
    // In French, the French texts; the English where staff have not given them (as for a location).
    name: (french && calendar.nameFr) || calendar.name,
    description: (french && calendar.descriptionFr) || calendar.description,
    groupSession: calendar.groupSession,
    lockTime: calendar.lockTime,
    emailsEnabled: calendar.emailsEnabled,
    emailRequired: service.emailRequired,
    allowMultipleClients: calendar.allowMultipleClients,
    location: location && {
      name: (french && location.nameFr) || location.name,
      address: (french && location.addressFr) || location.address,
      city: location.city,
      postalCode: location.postalCode,
      isVirtual: location.isVirtual,
    },
    fields: selfBookingFields(calendar.fields).map(({ name, required }) => ({ name, required })),
  };
}

/** The enabled calendars a service offers, in the order the service lists them. */
export async function publicCalendarsOf(knex: Knex, service: ServiceRecord, locale: Locale): Promise<PublicCalendar[]> {
  const calendars = await listCalendars(knex, { enabledOnly: true, ids: service.calendarIds });
  const byId = new Map(calendars.map((calendar) => [calendar.id, calendar]));
  return service.calendarIds.flatMap((id) => {
    const calendar = byId.get(id);
    return calendar ? [toPublicCalendar(calendar, service, locale)] : [];
  });
}

/** A public service and one of its enabled calendars, or undefined when the service does not offer it. */
export async function offeredCalendar(knex: Knex, serviceId: number, calendarId: number) {
  const service = await findPublicService(knex, serviceId);
  if (!service || !service.calendarIds.includes(calendarId)) return undefined;
  const [calendar] = await listCalendars(knex, { enabledOnly: true, ids: [calendarId] });
  return calendar && { service, calendar };
}

export interface PublicDate {
  date: string;
  timeslots: { id: number; time: string }[];
}

interface FreeTimesRow {
  date: string;
  starts: FreeStart[] | null;
  /** Lanes and holdings, sent only when the stored free times do not hold at `now` (a lock counted in them lapsed). */
  lanes: DateLane[] | null;
  holdings: DateHoldings | null;
}

/**
 * Enabled dates of an ordinary calendar from `firstDate` to `lastDate` with the times free for the whole
 * `duration` at `now`: one entry a time, on the first lane that has it free. On `today`, times before `timeNow`
 * have passed. Dates without a free time are left out. The free times come from the read model; a date whose
 * stored times no longer hold (a lock lapsed since) has them recomputed from its lanes and holdings.
 */
export async function publicDates(
  knex: Knex,
  calendarId: number,
  range: { firstDate: string; lastDate: string; today: string; timeNow: string; now: string; duration: number },
): Promise<PublicDate[]> {
  const duration = String(range.duration);
  const { rows } = await knex.raw<{ rows: FreeTimesRow[] }>(
    `select date, free_times -> ? as starts, case when kept.stale then lanes end as lanes,
       case when kept.stale then ${holdingsOfDateSql('d')} end as holdings
     from calendar_dates d,
       lateral (select free_times is null or free_times_from > ?::timestamptz or free_times_until <= ?::timestamptz as stale) kept
     where calendar_id = ? and enabled and series_id is null and date >= ? and date <= ?
     order by date`,
    [duration, range.now, range.now, calendarId, range.firstDate, range.lastDate],
  );
  return rows.flatMap((row) => {
    const starts =
      row.lanes && row.holdings
        ? (freeTimes(row.lanes, row.holdings, range.now).byDuration[duration] ?? [])
        : (row.starts ?? []);
    const timeslots = starts
      .filter(([time]) => row.date !== range.today || time >= range.timeNow)
      .map(([time, id]) => ({ id, time }));
    return timeslots.length ? [{ date: row.date, timeslots }] : [];
  });
}

export interface PublicSession {
  id: number;
  time: string;
  endTime: string;
  duration: number;
  isLocked: boolean;
  sessionDates: { date: string; time: string; duration: number }[];
  spots: number;
  deadline: string;
}

/**
 * The group sessions of a calendar still open on `today` (through their deadline) with at least `spots` left.
 * A session whose free spots are all held by people filling the form right now is locked. Its id is the first
 * lane of its first date: the lane a lock names.
 */
export async function publicSessions(
  knex: Knex,
  calendarId: number,
  { today, now, spots }: { today: string; now: string; spots: number },
): Promise<PublicSession[]> {
  const series = await knex('group_session_series')
    .where({ calendar_id: calendarId })
    .andWhere('deadline', '>=', today)
    .select<{ id: number; deadline: string; spots: number; spots_taken: number; holds: SpotHold[] }[]>(
      'id',
      'deadline',
      'spots',
      'spots_taken',
      'holds',
    );
  if (series.length === 0) return [];
  const sessions = await sessionDatesOf(
    knex,
    series.map((row) => row.id),
  );
  const firstDates = await datesWithSeries(knex)
    .whereIn(
      'd.series_id',
      series.map((row) => row.id),
    )
    .andWhere('d.enabled', true)
    .orderBy('d.date')
    .select<CalendarDateRow[]>(...dateColumns);
  return series
    .flatMap((row): PublicSession[] => {
      const dates = sessions.get(row.id) ?? [];
      const first = firstDates.find((date) => date.series_id === row.id);
      const lane = first?.lanes[0];
      const left = row.spots - row.spots_taken;
      if (!first || !lane || dates.length === 0 || dates[0]!.date < today || left < spots) return [];
      const free = freeSpots({ spots: left, holds: row.holds, registrations: [] }, now);
      const endTime = toTimeOfDay(toSeconds(lane.startTime) + dates[0]!.duration);
      return [
        {
          id: lane.id,
          time: lane.startTime,
          endTime,
          duration: dates[0]!.duration,
          isLocked: free < spots,
          sessionDates: dates,
          spots: left,
          deadline: row.deadline,
        },
      ];
    })
    .sort((a, b) => a.sessionDates[0]!.date.localeCompare(b.sessionDates[0]!.date) || a.id - b.id);
}
