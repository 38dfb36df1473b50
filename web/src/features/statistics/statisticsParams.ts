import { OFFICE_REGIONS } from '../../../../domain/locations/location';
import { addDays, daysBetween, isPlainDate } from '../../../../domain/shared/plain-date';
import { parseId } from '../../shared/routing/parseId';
import { useQueryParams } from '../../shared/routing/useQueryParams';
import type { StatisticsQuery } from './types';

/**
 * The default period: the 30 days up to today. A rolling window always holds a month of figures (on the 2nd of a
 * month "this month" would hold one day), and it is the past that has attendance and no-shows to show.
 */
export const DEFAULT_DAYS = 30;
export const defaultStart = (today: string): string => addDays(today, -(DEFAULT_DAYS - 1));

/** The longest period the API answers for (MAX_STATISTICS_DAYS of api/statistics/routes.ts): a year, leap day included. */
export const MAX_DAYS = 366;
export const isTooLong = ({ startDate, endDate }: StatisticsQuery): boolean =>
  daysBetween(startDate, endDate) + 1 > MAX_DAYS;

/** The filters read from the page's address, anything missing or malformed replaced by its default. */
export function filtersFrom(params: URLSearchParams, today: string): StatisticsQuery {
  const date = (name: string) => {
    const value = params.get(name);
    return value !== null && isPlainDate(value) ? value : undefined;
  };
  const region = OFFICE_REGIONS.find((candidate) => candidate === params.get('region'));
  const categoryId = parseId(params.get('categoryId') ?? undefined);
  let startDate = date('startDate') ?? defaultStart(today);
  let endDate = date('endDate') ?? today;
  // a period typed backwards is the same period
  if (endDate < startDate) [startDate, endDate] = [endDate, startDate];
  return { startDate, endDate, ...(region ? { region } : {}), ...(categoryId !== undefined ? { categoryId } : {}) };
}

/** The filters live in the address, so that a reload or a shared link shows the same statistics. */
export function useStatisticsFilters(today: string) {
  const { params, update } = useQueryParams();
  return { filters: filtersFrom(params, today), setFilter: update };
}
