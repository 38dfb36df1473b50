import { toSeconds, toTimeOfDay } from '../calendars/time-of-day';
import { instantOf } from '../shared/plain-date';

/** One sitting of a booking: an appointment's, or one session of a course. */
export interface BookedSession {
  date: string;
  startTime: string;
  endTime: string;
}

/** A course's sessions (date, start and length) as sittings with an end time. */
export const sessionsOfSeries = (dates: readonly { date: string; time: string; duration: number }[]): BookedSession[] =>
  dates.map(({ date, time, duration }) => ({
    date,
    startTime: time,
    endTime: toTimeOfDay(toSeconds(time) + duration),
  }));

/**
 * When a booking starts (its first sitting) and ends (its last), as instants of the unit's wall clock; null when it
 * has no sitting left. The end is the lapse of its manage-link tokens.
 */
export function bookingTimes(
  sessions: readonly BookedSession[],
  timeZone: string,
): { startsAt: Date; endsAt: Date } | null {
  if (sessions.length === 0) return null;
  const starts = sessions.map((session) => instantOf(session.date, session.startTime, timeZone).getTime());
  const ends = sessions.map((session) => instantOf(session.date, session.endTime, timeZone).getTime());
  return { startsAt: new Date(Math.min(...starts)), endsAt: new Date(Math.max(...ends)) };
}
