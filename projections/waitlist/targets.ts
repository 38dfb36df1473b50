import type { Knex } from 'knex';
import { freeSpots, type SessionDate, type SpotHold } from '../../domain/group-session-series/series';
import { sessionDatesOf } from '../calendar-dates/queries';
import { publicDates } from '../public-booking/queries';

/** A course's series the public could register for but for the spots wanted: someone may wait for them. */
export interface FullSession {
  seriesId: number;
  sessionDates: SessionDate[];
  deadline: string;
}

/**
 * The series of a course calendar still open on `today` (through their deadline, their first session not passed,
 * one of their dates enabled) without `spots` free at `now`: spots held by someone filling the form, or by a waitlist
 * offer, count as taken. `seriesId` narrows the answer to that series.
 */
export async function fullSessions(
  knex: Knex,
  calendarId: number,
  { today, now, spots, seriesId }: { today: string; now: string; spots: number; seriesId?: number },
): Promise<FullSession[]> {
  const series = await knex('group_session_series as s')
    .where('s.calendar_id', calendarId)
    .andWhere('s.deadline', '>=', today)
    .modify((query) => {
      if (seriesId !== undefined) query.andWhere('s.id', seriesId);
    })
    .whereExists(knex('calendar_dates as d').whereRaw('d.series_id = s.id').andWhere('d.enabled', true))
    .select<{ id: number; deadline: string; spots: number; spots_taken: number; holds: SpotHold[] }[]>(
      's.id',
      's.deadline',
      's.spots',
      's.spots_taken',
      's.holds',
    );
  if (series.length === 0) return [];
  const sessions = await sessionDatesOf(
    knex,
    series.map((row) => row.id),
  );
  return series
    .flatMap((row): FullSession[] => {
      const dates = sessions.get(row.id) ?? [];
      if (dates.length === 0 || dates[0]!.date < today) return [];
      const free = freeSpots({ spots: row.spots - row.spots_taken, holds: row.holds, registrations: [] }, now);
      return free < spots ? [{ seriesId: row.id, sessionDates: dates, deadline: row.deadline }] : [];
    })
    .sort((a, b) => a.sessionDates[0]!.date.localeCompare(b.sessionDates[0]!.date) || a.seriesId - b.seriesId);
}

/**
 * The enabled dates of a clinic calendar from `firstDate` to `lastDate` with a lane offering `duration` but no time
 * free for all of it at `now` (on `today`, the times that have passed do not count): the dates someone may wait for.
 */
export async function fullDates(
  knex: Knex,
  calendarId: number,
  range: { firstDate: string; lastDate: string; today: string; timeNow: string; now: string; duration: number },
): Promise<string[]> {
  const existing = await knex('calendar_dates')
    .where({ calendar_id: calendarId, enabled: true })
    .whereNull('series_id')
    .andWhere('date', '>=', range.firstDate)
    .andWhere('date', '<=', range.lastDate)
    .whereRaw(
      `exists (select 1 from jsonb_array_elements(lanes) lane, jsonb_array_elements(lane -> 'durations') offered
               where (offered ->> 'value')::integer = ?)`,
      [range.duration],
    )
    .orderBy('date')
    .pluck<string[]>('date');
  if (existing.length === 0) return [];
  const free = new Set((await publicDates(knex, calendarId, range)).map((item) => item.date));
  return existing.filter((date) => !free.has(date));
}
