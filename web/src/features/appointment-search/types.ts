import type { z } from 'zod';
import type { appointmentSearchResult, SearchSort, SearchSortField } from '../../../../api/appointments/schemas';

/** Answers of the search call, inferred from the API's own schemas (types only). */
export type SearchResult = z.infer<typeof appointmentSearchResult>;
export type FoundAppointment = SearchResult['items'][number];
export type { SearchSort, SearchSortField };

/** The filters of §2.3 /admin/search as the page sends them. */
export interface SearchFilters {
  officeRegion?: string;
  query?: string;
  dateFrom: string;
  dateTo?: string;
  calendarId?: number;
  pageSize: number;
  page: number;
  sort: SearchSort;
}
