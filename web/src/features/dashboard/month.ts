import { addMonths, isPlainDate } from '../../../../domain/shared/plain-date';

/** The month the Calendar Overview shows, in its address ('?month=YYYY-MM'); the grid itself is i18n/month.ts. */

/** The first day of the month in a '?month=YYYY-MM' value, or null when it is not one. */
export function monthParam(value: string | null): string | null {
  if (value === null || !/^\d{4}-\d{2}$/.test(value)) return null;
  const first = `${value}-01`;
  return isPlainDate(first) ? first : null;
}

export const monthKey = (first: string): string => first.slice(0, 7);

export const shiftMonth = (first: string, months: number): string => addMonths(first, months);
