import { addDays, weekdayOf } from '../../../../domain/shared/plain-date';

/**
 * The weeks of a month grid (the Calendar Overview, the dates tool, the month sidebar of Manage Appointments), on
 * plain dates ('YYYY-MM-DD'): a month is named by its first day and weeks start on Sunday, as Canadian wall
 * calendars do. The names of months and weekdays are i18n/month.ts.
 */
export const DAYS_PER_WEEK = 7;
/** §9: the Calendar Overview shows 6 weeks. */
export const GRID_WEEKS = 6;

/** A day of a month's grid; the days of the months before and after it are not `inMonth`. */
export interface GridDay {
  date: string;
  inMonth: boolean;
}

/**
 * How many weeks a grid has: 'six', the 6 weeks from the Sunday on or before the 1st (§9); 'fit', only the weeks
 * that hold a day of the month.
 */
export type GridWeeks = 'six' | 'fit';

/** The first day of a month's grid: the Sunday on or before the first of the month. */
export const gridStart = (first: string): string => addDays(first, -weekdayOf(first));

/** A month as the weeks of its grid, Sunday first, days of the months around it included (not `inMonth`). */
export function monthWeeks(first: string, weeks: GridWeeks): GridDay[][] {
  const start = gridStart(first);
  const month = first.slice(0, 7);
  const all = Array.from({ length: GRID_WEEKS }, (_, week) =>
    Array.from({ length: DAYS_PER_WEEK }, (_, day) => {
      const date = addDays(start, week * DAYS_PER_WEEK + day);
      return { date, inMonth: date.slice(0, 7) === month };
    }),
  );
  return weeks === 'six' ? all : all.filter((week) => week.some((day) => day.inMonth));
}
