import { zoneParts } from './plain-date';

/** The languages dates and times are shown in. */
type Language = 'en' | 'fr';

/**
 * Date and time formatting for the screens and the e-mails, as pure functions of (language, value).
 *  - times: English 12-hour with a.m./p.m. ("2:30 p.m.", "9:00 a.m."); French Canadian 24-hour with "h"
 *    ("14 h 30"; on the hour "9 h"), joined by non-breaking spaces.
 *  - dates: long form ("Thursday, December 3, 2026" / "jeudi 3 décembre 2026", "dimanche 1er mars 2026").
 * A value is either a Date (an instant, shown as the wall clock of `timeZone`, by default the health unit's)
 * or the API's plain strings: 'HH:MM[:SS]' for a time of day, 'YYYY-MM-DD' for a date, which never shift.
 */

export const unitTimeZone = 'America/Toronto';

/** The locale of Intl's formats for a language: Canadian English or French. */
export const intlLocale = (language: Language): string => (language === 'fr' ? 'fr-CA' : 'en-CA');

interface WallTime {
  hours: number;
  minutes: number;
}

interface PlainDate {
  year: number;
  month: number;
  day: number;
}

function wallClock(instant: Date, timeZone: string): PlainDate & WallTime {
  const { year, month, day, hour, minute } = zoneParts(instant, timeZone);
  return { year, month, day, hours: hour, minutes: minute };
}

function parseTime(value: string): WallTime {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value.trim());
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  if (!match || hours > 23 || minutes > 59) throw new RangeError(`Not a time of day (HH:MM:SS): ${value}`);
  return { hours, minutes };
}

function parseDate(value: string): PlainDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  const [year, month, day] = [Number(match?.[1]), Number(match?.[2]), Number(match?.[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (!match || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`Not a date (YYYY-MM-DD): ${value}`);
  }
  return { year, month, day };
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** Non-breaking spaces, so that a time never wraps inside ("2:30 p.m.", "14 h 30"). */
const NBSP = '\u00a0';

function timeText(language: Language, { hours, minutes }: WallTime): string {
  if (language === 'fr') return minutes === 0 ? `${hours}${NBSP}h` : `${hours}${NBSP}h${NBSP}${twoDigits(minutes)}`;
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${twoDigits(minutes)}${NBSP}${hours < 12 ? 'a.m.' : 'p.m.'}`;
}

const longDateFormats = new Map<Language, Intl.DateTimeFormat>();

/** Building an Intl format costs far more than using one (a batch of reminders formats thousands of dates). */
function longDateFormat(language: Language): Intl.DateTimeFormat {
  let format = longDateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(language), {
      timeZone: 'UTC',
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    longDateFormats.set(language, format);
  }
  return format;
}

function dateText(language: Language, { year, month, day }: PlainDate): string {
  // A plain date formatted at noon UTC in UTC: the calendar day never moves.
  const noon = new Date(Date.UTC(year, month - 1, day, 12));
  const parts = longDateFormat(language).formatToParts(noon);
  // French writes the first of the month as an ordinal: "dimanche 1er mars 2026".
  return parts.map((p) => (language === 'fr' && p.type === 'day' && day === 1 ? '1er' : p.value)).join('');
}

/** "2:30 p.m." / "14 h 30"; "9:00 a.m." / "9 h". */
export function formatTime(language: Language, value: Date | string, timeZone = unitTimeZone): string {
  return timeText(language, typeof value === 'string' ? parseTime(value) : wallClock(value, timeZone));
}

/** "Thursday, December 3, 2026" / "jeudi 3 décembre 2026". */
export function formatDate(language: Language, value: Date | string, timeZone = unitTimeZone): string {
  return dateText(language, typeof value === 'string' ? parseDate(value) : wallClock(value, timeZone));
}

/** "Thursday, December 3, 2026 at 2:30 p.m." / "jeudi 3 décembre 2026 à 14 h 30". */
export function formatDateTime(language: Language, value: Date, timeZone = unitTimeZone): string {
  const clock = wallClock(value, timeZone);
  return `${dateText(language, clock)} ${language === 'fr' ? 'à' : 'at'} ${timeText(language, clock)}`;
}
