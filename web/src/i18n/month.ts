import { addDays, addMonths } from '../../../domain/shared/plain-date';
import { intlLocale } from './format';
import type { Language } from './languages';

/**
 * Months on plain dates ('YYYY-MM-DD'): a month is named by its first day; weeks start on Sunday, as Canadian wall
 * calendars do; the names of months and weekdays are per language. Plain dates are read at noon UTC in UTC, so that
 * the day never moves. The weeks of a month grid are shared/month-grid.
 */

/** The weekdays in the order of a grid's columns: 0 = Sunday ... 6 = Saturday. */
export const WEEK_ORDER = [0, 1, 2, 3, 4, 5, 6] as const;

export const firstOfMonth = (date: string): string => `${date.slice(0, 7)}-01`;
export const lastDayOfMonth = (first: string): string => addDays(addMonths(first, 1), -1);
export const sameMonth = (date: string, first: string): boolean => date.slice(0, 7) === first.slice(0, 7);
/** The day of the month, as a grid shows it ("1" to "31"). */
export const dayOfMonth = (date: string): string => String(Number(date.slice(8, 10)));

const noon = (date: string) => new Date(`${date}T12:00:00Z`);

/** "May 2026" / "Mai 2026". */
export function monthTitle(language: Language, first: string): string {
  const text = new Intl.DateTimeFormat(intlLocale(language), {
    timeZone: 'UTC',
    month: 'long',
    year: 'numeric',
  }).format(noon(first));
  return text.charAt(0).toLocaleUpperCase(intlLocale(language)) + text.slice(1);
}

/** A weekday (0 = Sunday) as a short or a long name: "Sun" or "Sunday" / "dim." or "dimanche". */
export function weekdayName(language: Language, weekday: number, width: 'short' | 'long'): string {
  // 2026-03-01 is a Sunday.
  return new Intl.DateTimeFormat(intlLocale(language), { timeZone: 'UTC', weekday: width }).format(
    noon(addDays('2026-03-01', weekday)),
  );
}

/** The names of the seven weekdays in WEEK_ORDER. */
export const weekdayNames = (language: Language, width: 'short' | 'long'): string[] =>
  WEEK_ORDER.map((weekday) => weekdayName(language, weekday, width));
