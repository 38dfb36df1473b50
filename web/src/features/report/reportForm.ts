import { isPlainDate } from '../../../../domain/shared/plain-date';
import type { ReportFilters } from './types';

export type ReportProblem = 'calendarsRequired' | 'dateRequired' | 'ageRange';
export type ReportProblems = Partial<Record<'calendarIds' | 'startDate' | 'endDate' | 'minAgeMonths', ReportProblem>>;

/** §5: calendars, dates, minimum and maximum age required; the minimum cannot exceed the maximum (start after end is fine). */
export function reportProblems(filters: ReportFilters): ReportProblems {
  const problems: ReportProblems = {};
  if (filters.calendarIds.length === 0) problems.calendarIds = 'calendarsRequired';
  if (!isPlainDate(filters.startDate)) problems.startDate = 'dateRequired';
  if (!isPlainDate(filters.endDate)) problems.endDate = 'dateRequired';
  if (filters.minAgeMonths > filters.maxAgeMonths) problems.minAgeMonths = 'ageRange';
  return problems;
}
