import { api } from '../../shared/api';
import type { SearchFilters, SearchResult } from './types';

/** The query string of §7 GET appointments search; empty filters are left out. */
export function searchQueryString({
  officeRegion,
  query,
  dateFrom,
  dateTo,
  calendarId,
  pageSize,
  page,
  sort,
}: SearchFilters): string {
  const params = new URLSearchParams({
    dateFrom,
    pageSize: String(pageSize),
    page: String(page),
    sortBy: JSON.stringify(sort),
  });
  if (officeRegion) params.set('officeRegion', officeRegion);
  if (query?.trim()) params.set('query', query.trim());
  if (dateTo) params.set('dateTo', dateTo);
  if (calendarId !== undefined) params.set('calendarId', String(calendarId));
  return params.toString();
}

/** §2.3 /admin/search: one page of the appointments found, with the count of pages. */
export const appointmentSearchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchAppointments: build.query<SearchResult, SearchFilters>({
      query: (filters) => `appointments?${searchQueryString(filters)}`,
      providesTags: ['appointments'],
    }),
  }),
});

export const { useSearchAppointmentsQuery } = appointmentSearchApi;
