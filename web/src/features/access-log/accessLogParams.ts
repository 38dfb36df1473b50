import { useMemo } from 'react';
import { useQueryParams } from '../../shared/routing/useQueryParams';
import type { AccessLogFilters, AccessLogRequest } from './types';

const FIELDS = ['userId', 'appointmentId', 'from', 'to'] as const;
const ID = /^\d{1,10}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Which filter holds something the API would refuse (ids are numbers; dates come from date inputs). */
export function filterProblems(filters: AccessLogFilters): Partial<Record<keyof AccessLogFilters, 'invalidId'>> {
  const problems: Partial<Record<keyof AccessLogFilters, 'invalidId'>> = {};
  for (const field of ['userId', 'appointmentId'] as const)
    if (filters[field].trim() !== '' && !ID.test(filters[field].trim())) problems[field] = 'invalidId';
  return problems;
}

/** The filters and page the address asks for (a reload or a shared link shows the same), and how to change them. */
export function useAccessLogParams() {
  const { params, update } = useQueryParams();
  const text = params.toString();
  const request = useMemo<AccessLogRequest>(() => {
    const read = new URLSearchParams(text);
    const value = (name: string, pattern: RegExp) => {
      const found = read.get(name)?.trim() ?? '';
      return pattern.test(found) ? found : '';
    };
    return {
      userId: value('userId', ID),
      appointmentId: value('appointmentId', ID),
      from: value('from', DATE),
      to: value('to', DATE),
      before: value('before', /^\d{1,19}$/),
    };
  }, [text]);
  const filter = (filters: AccessLogFilters) =>
    update({
      ...Object.fromEntries(FIELDS.map((field) => [field, filters[field].trim() || undefined])),
      before: undefined,
    });
  const page = (before: string | undefined) => update({ before });
  return { request, filter, page };
}
