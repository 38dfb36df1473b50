import type { Knex } from 'knex';
import { addDays, datesFrom, weekdayOf } from '../../domain/shared/plain-date';
import { LEAD_TIME_BANDS, type LeadTimeBand } from './de-identify';

/**
 * The Statistics screen's figures (issue 17 item 4), read only from the de-identified `analytics` schema, so that
 * the screen shows what an analyst's BI tool sees.
 */

export interface StatisticsFilter {
  startDate: string;
  endDate: string;
  region?: string | undefined;
  categoryId?: number | undefined;
  /** The unit's date and time now: attendance counts appointments already begun. */
  today: string;
  timeNow: string;
}

/** 0..1, or null when there is nothing to divide by (more registered than a course's spots, after a cut, shows as full). */
const rate = (part: number, whole: number): number | null => (whole === 0 ? null : Math.min(1, part / whole));
const count = (value: unknown): number => Number(value ?? 0);

/** Monday of the ISO week of `date`. */
export const weekStartOf = (date: string): string => addDays(date, -((weekdayOf(date) + 6) % 7));

function filtered(query: Knex.QueryBuilder, filter: StatisticsFilter, dateColumn = 'date'): Knex.QueryBuilder {
  query.whereBetween(dateColumn, [filter.startDate, filter.endDate]);
  if (filter.region !== undefined) query.where('region', filter.region);
  if (filter.categoryId !== undefined) query.where('category_id', filter.categoryId);
  return query;
}

async function bookingsPerDay(knex: Knex, filter: StatisticsFilter) {
  const rows = await filtered(knex('analytics.bookings_per_day'), filter)
    .groupBy('date')
    .select<{ date: string; bookings: string; moves: string; cancellations: string }[]>(
      knex.raw('date::text as date'),
      knex.raw('sum(bookings) as bookings'),
      knex.raw('sum(moves) as moves'),
      knex.raw('sum(cancellations) as cancellations'),
    );
  const byDate = new Map(rows.map((row) => [row.date, row]));
  return datesFrom(filter.startDate, filter.endDate).map((date) => {
    const row = byDate.get(date);
    return {
      date,
      bookings: count(row?.bookings),
      moves: count(row?.moves),
      cancellations: count(row?.cancellations),
    };
  });
}

function bookingsPerWeek(days: { date: string; bookings: number }[]) {
  const weeks = new Map<string, number>();
  for (const day of days) {
    const weekStart = weekStartOf(day.date);
    weeks.set(weekStart, (weeks.get(weekStart) ?? 0) + day.bookings);
  }
  return [...weeks].map(([weekStart, bookings]) => ({ weekStart, bookings }));
}

async function utilisation(knex: Knex, filter: StatisticsFilter) {
  const rows = await filtered(knex('analytics.utilisation'), filter)
    .groupBy('date')
    .orderBy('date')
    .select<{ date: string; total: string; booked: string }[]>(
      knex.raw('date::text as date'),
      knex.raw('sum(total_slots) as total'),
      knex.raw('sum(booked_slots) as booked'),
    );
  return rows.map((row) => ({
    date: row.date,
    totalSlots: count(row.total),
    bookedSlots: count(row.booked),
    utilisation: rate(count(row.booked), count(row.total)),
  }));
}

async function attendance(knex: Knex, filter: StatisticsFilter) {
  const query = knex('analytics.appointments as a')
    .join('analytics.calendar_dimensions as d', 'd.calendar_id', 'a.calendar_id')
    .where('a.status', 'booked')
    .where((begun) =>
      begun
        .where('a.date', '<', filter.today)
        .orWhere((today) => today.where('a.date', filter.today).where('a.start_time', '<=', filter.timeNow)),
    );
  const row = await filtered(query, filter, 'a.date').first<{
    appointments: string;
    recorded: string;
    arrived: string;
    no_shows: string;
  }>(
    knex.raw('count(*) as appointments'),
    knex.raw('count(a.attendance) as recorded'),
    knex.raw(`count(*) filter (where a.attendance in ('arrived', 'mixed')) as arrived`),
    knex.raw(`count(*) filter (where a.attendance = 'noshow') as no_shows`),
  );
  const recorded = count(row?.recorded);
  const arrived = count(row?.arrived);
  const noShows = count(row?.no_shows);
  return {
    appointments: count(row?.appointments),
    recorded,
    arrived,
    noShows,
    arrivalRate: rate(arrived, recorded),
    noShowRate: rate(noShows, recorded),
  };
}

async function leadTime(knex: Knex, filter: StatisticsFilter) {
  const rows = await filtered(knex('analytics.lead_times'), filter)
    .groupBy('lead_time_band')
    .select<{ band: LeadTimeBand; bookings: string }[]>(
      knex.raw('lead_time_band as band'),
      knex.raw('sum(bookings) as bookings'),
    );
  const byBand = new Map(rows.map((row) => [row.band, count(row.bookings)]));
  return LEAD_TIME_BANDS.map((band) => ({ band, bookings: byBand.get(band) ?? 0 }));
}

async function courseFill(knex: Knex, filter: StatisticsFilter) {
  const rows = await filtered(knex('analytics.course_fill'), filter, 'first_date')
    .orderBy([{ column: 'first_date' }, { column: 'series_id' }])
    .select<
      {
        series_id: number;
        calendar_id: number;
        calendar_name: string;
        first_date: string | null;
        capacity: number;
        registered: number;
      }[]
    >(
      'series_id',
      'calendar_id',
      'calendar_name',
      knex.raw('first_date::text as first_date'),
      'capacity',
      'registered',
    );
  return rows.map((row) => ({
    seriesId: row.series_id,
    calendarId: row.calendar_id,
    calendarName: row.calendar_name,
    firstDate: row.first_date,
    capacity: row.capacity,
    registered: row.registered,
    fillRate: rate(row.registered, row.capacity),
  }));
}

export async function statistics(knex: Knex, filter: StatisticsFilter) {
  const [perDay, slots, attended, leadTimes, courses] = await Promise.all([
    bookingsPerDay(knex, filter),
    utilisation(knex, filter),
    attendance(knex, filter),
    leadTime(knex, filter),
    courseFill(knex, filter),
  ]);
  return {
    startDate: filter.startDate,
    endDate: filter.endDate,
    bookingsPerDay: perDay,
    bookingsPerWeek: bookingsPerWeek(perDay),
    utilisation: slots,
    attendance: attended,
    leadTime: leadTimes,
    courseFill: courses,
  };
}
