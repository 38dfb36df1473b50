/**
 * Plain calendar dates ('YYYY-MM-DD') and wall-clock instants in the health unit's time zone. Dates never shift:
 * arithmetic runs on UTC midnights, and only `todayIn` and `instantOf` look at a time zone.
 */

export const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isPlainDate(value: string): boolean {
  if (!PLAIN_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const toUtc = (date: string) => new Date(`${date}T00:00:00Z`);
const fromUtc = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  const value = toUtc(date);
  value.setUTCDate(value.getUTCDate() + days);
  return fromUtc(value);
}

/** Adds months, keeping the day where the month has it and else the month's last day (Jan 31 + 1 = Feb 28). */
export function addMonths(date: string, months: number): string {
  const value = toUtc(date);
  const day = value.getUTCDate();
  value.setUTCDate(1);
  value.setUTCMonth(value.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(value.getUTCFullYear(), value.getUTCMonth() + 1, 0)).getUTCDate();
  value.setUTCDate(Math.min(day, lastDay));
  return fromUtc(value);
}

/** 0 = Sunday ... 6 = Saturday. */
export const weekdayOf = (date: string): number => toUtc(date).getUTCDay();

export const daysBetween = (from: string, to: string): number =>
  Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);

/** Every date from `start` to `end`, both included. */
export function datesFrom(start: string, end: string): string[] {
  const dates: string[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** The wall-clock fields at `instant` in `timeZone` (hour 0-23). */
/** Building a formatter costs far more than using one (a profile of public availability showed it), so keep one a zone. */
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneFormatters.set(timeZone, formatter);
  }
  return formatter;
}

type ZoneParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The last answer, by time zone: a request asks the date and the time of the same second several times. */
const lastParts = new Map<string, { second: number; parts: ZoneParts }>();

export function zoneParts(instant: Date, timeZone: string): ZoneParts {
  const second = Math.floor(instant.getTime() / 1000);
  const last = lastParts.get(timeZone);
  if (last?.second === second) return last.parts;
  const formatted = zoneFormatter(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(formatted.find((p) => p.type === type)?.value);
  const parts = {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour') % 24,
    minute: part('minute'),
    second: part('second'),
  };
  lastParts.set(timeZone, { second, parts });
  return parts;
}

/** The date it is at `instant` on the wall clocks of `timeZone`. */
export function todayIn(timeZone: string, instant: Date): string {
  const { year, month, day } = zoneParts(instant, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The wall-clock time ('HH:MM:SS') at `instant` in `timeZone`. */
export function timeOfDayIn(timeZone: string, instant: Date): string {
  const { hour, minute, second } = zoneParts(instant, timeZone);
  return [hour, minute, second].map((value) => String(value).padStart(2, '0')).join(':');
}

/**
 * The instant a wall-clock time of a date happens in `timeZone` (e.g. 08:45 in Toronto is 13:45Z in winter and
 * 12:45Z in summer). A time that does not exist (skipped when clocks go forward) maps to the instant an hour later
 * on the wall clock; an ambiguous one (clocks going back) to its first occurrence.
 */
export function instantOf(date: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T${time}Z`);
  let guess = wall;
  for (let i = 0; i < 3; i++) {
    const seen = zoneParts(new Date(guess), timeZone);
    const seenWall = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second);
    const next = guess + (wall - seenWall);
    if (next === guess) break;
    guess = next;
  }
  return new Date(guess);
}
