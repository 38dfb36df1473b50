import { toTimeOfDay } from '../../../../../domain/calendars/time-of-day';

/** §9 time pickers: every 5 minutes; the choices run from 06:00 to 22:00 (and keep a lane's own times). */
export const TIME_STEP = 300;
export const FIRST_TIME = 6 * 3600;
export const LAST_TIME = 22 * 3600;

/** The times a lane's start and end may be set to ('HH:MM:SS'), in order, with `keep` among them. */
export function timeChoices(keep: readonly string[] = []): string[] {
  const times = new Set<string>();
  for (let time = FIRST_TIME; time <= LAST_TIME; time += TIME_STEP) times.add(toTimeOfDay(time));
  for (const time of keep) times.add(time);
  return [...times].sort();
}
