import { api } from '../../shared/api';
import type { ReportFilters, ReportResult } from './types';

/** The query string of §7 GET report (calendarIds as a comma list). */
export function reportQueryString({ calendarIds, startDate, endDate, minAgeMonths, maxAgeMonths }: ReportFilters) {
  return new URLSearchParams({
    calendarIds: calendarIds.join(','),
    startDate,
    endDate,
    minAgeMonths: String(minAgeMonths),
    maxAgeMonths: String(maxAgeMonths),
  }).toString();
}

/**
 * §2.3 /admin/report: the clients by age at their appointment date, read from the appointments read model (hence
 * its tag), and the same rows as a CSV file (its text; the column names in the screen's language).
 */
export const reportApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReport: build.query<ReportResult, ReportFilters>({
      query: (filters) => `report?${reportQueryString(filters)}`,
      providesTags: ['appointments'],
    }),
    getReportCsv: build.query<string, { filters: ReportFilters; language: 'en' | 'fr' }>({
      query: ({ filters, language }) => ({
        url: `report.csv?${reportQueryString(filters)}&language=${language}`,
        responseHandler: 'text',
      }),
      // a file to save once, not a list to keep
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetReportQuery, useLazyGetReportCsvQuery } = reportApi;
