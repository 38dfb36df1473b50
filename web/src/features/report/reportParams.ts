import { useMemo } from 'react';
import { addDays, addMonths, isPlainDate } from '../../../../domain/shared/plain-date';
import { useQueryParams } from '../../shared/routing/useQueryParams';
import { DEFAULT_MAX_AGE_MONTHS, DEFAULT_MIN_AGE_MONTHS } from './ageChoices';
import type { ReportFilters } from './types';

/** What the form shows before a report is asked for: this month, and §9's default ages. */
export function defaultFilters(today: string): ReportFilters {
  const first = `${today.slice(0, 8)}01`;
  return {
    calendarIds: [],
    startDate: first,
    endDate: addDays(addMonths(first, 1), -1),
    minAgeMonths: DEFAULT_MIN_AGE_MONTHS,
    maxAgeMonths: DEFAULT_MAX_AGE_MONTHS,
  };
}

const months = (text: string | null, fallback: number) =>
  text !== null && /^\d{1,4}$/.test(text) ? Number(text) : fallback;

/** The report the address asks for (so a reload or a shared link shows it again), or null when it asks for none. */
export function filtersOf(params: URLSearchParams): ReportFilters | null {
  const calendarIds = (params.get('calendarIds') ?? '')
    .split(',')
    .filter((part) => /^\d{1,10}$/.test(part))
    .map(Number)
    .filter((id) => id > 0);
  const startDate = params.get('startDate') ?? '';
  const endDate = params.get('endDate') ?? '';
  if (calendarIds.length === 0 || !isPlainDate(startDate) || !isPlainDate(endDate)) return null;
  const minAgeMonths = months(params.get('minAgeMonths'), DEFAULT_MIN_AGE_MONTHS);
  const maxAgeMonths = months(params.get('maxAgeMonths'), DEFAULT_MAX_AGE_MONTHS);
  if (minAgeMonths > maxAgeMonths) return null;
  return { calendarIds, startDate, endDate, minAgeMonths, maxAgeMonths };
}

/** The report asked for, kept in the address, and how to ask for another. */
export function useReportParams() {
  const { params, update } = useQueryParams();
  const text = params.toString();
  const asked = useMemo(() => filtersOf(new URLSearchParams(text)), [text]);
  const ask = (filters: ReportFilters) =>
    update({
      calendarIds: filters.calendarIds.join(','),
      startDate: filters.startDate,
      endDate: filters.endDate,
      minAgeMonths: String(filters.minAgeMonths),
      maxAgeMonths: String(filters.maxAgeMonths),
    });
  return { asked, ask };
}
