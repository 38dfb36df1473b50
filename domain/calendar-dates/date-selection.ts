import { assertNever } from '../shared/decider';
import { addDays, datesFrom, daysBetween, weekdayOf } from '../shared/plain-date';

export const DATE_INTERVALS = ['daily', 'weekly', 'biweekly', 'monthly'] as const;
export type DateInterval = (typeof DATE_INTERVALS)[number];

/** 0 = Sunday ... 6 = Saturday; the default is Monday to Friday (§4.3). */
export const WEEKDAYS_DEFAULT = [1, 2, 3, 4, 5];

export interface DateSelection {
  start: string;
  end: string;
  interval: DateInterval;
  weekdays: number[];
}

const mondayOf = (date: string) => addDays(date, -((weekdayOf(date) + 6) % 7));

/**
 * The dates a selection of the dates tool (§4.3) names, in order. An end before the start selects nothing (§5: it is
 * ignored). daily and weekly: every chosen weekday (weekly reads "each week on these days"); biweekly: the chosen
 * weekdays of every other week, counted from the start's week; monthly: the chosen weekdays in the same week of
 * the month as the start (a start on the first Tuesday gives the first Tuesday of each month).
 */
export function selectDates({ start, end, interval, weekdays }: DateSelection): string[] {
  if (end < start) return [];
  const days = new Set(weekdays);
  const firstWeek = mondayOf(start);
  const weekOfMonth = (date: string) => Math.ceil(Number(date.slice(8, 10)) / 7);
  return datesFrom(start, end).filter((date) => {
    if (!days.has(weekdayOf(date))) return false;
    switch (interval) {
      case 'daily':
      case 'weekly':
        return true;
      case 'biweekly':
        return (daysBetween(firstWeek, mondayOf(date)) / 7) % 2 === 0;
      case 'monthly':
        return weekOfMonth(date) === weekOfMonth(start);
      default:
        return assertNever(interval);
    }
  });
}
