import { OFFICE_REGIONS } from '../../../../domain/locations/location';
import { isPlainDate } from '../../../../domain/shared/plain-date';
import type { SEARCH_PAGE_SIZES, SEARCH_SORT_FIELDS } from '../../../../api/appointments/schemas';
import { parseId } from '../../shared/routing/parseId';
import { useQueryParams } from '../../shared/routing/useQueryParams';
import type { SearchFilters, SearchSortField } from './types';

/** §9 page sizes and the sortable columns, as the API's schema has them (checked by tsc). */
export const PAGE_SIZES: readonly number[] = [25, 50, 75, 100] as const satisfies typeof SEARCH_PAGE_SIZES;
export const DEFAULT_PAGE_SIZE = 50;
export const SORT_FIELDS: readonly SearchSortField[] = [
  'date',
  'time',
  'confirmationCode',
  'calendar',
  'location',
  'officeRegion',
] as const satisfies typeof SEARCH_SORT_FIELDS;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

/** The filters of the page read from its address, anything unknown or malformed replaced by its default. */
export function filtersFrom(params: URLSearchParams, today: string): SearchFilters {
  const date = (name: string) => {
    const value = params.get(name);
    return value !== null && isPlainDate(value) ? value : undefined;
  };
  const pageSize = Number(params.get('pageSize'));
  const page = Number(params.get('page'));
  return {
    officeRegion: oneOf(OFFICE_REGIONS, params.get('officeRegion')),
    query: params.get('query')?.slice(0, 100) || undefined,
    dateFrom: date('dateFrom') ?? today,
    dateTo: date('dateTo'),
    calendarId: parseId(params.get('calendarId') ?? undefined),
    pageSize: PAGE_SIZES.includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sort: {
      field: oneOf(SORT_FIELDS, params.get('sort')) ?? 'date',
      direction: params.get('direction') === 'desc' ? 'desc' : 'asc',
    },
  };
}

/**
 * The filters live in the address (§2.3 /admin/search), so that Back from the booking screen and a reload show the
 * same search. A change of filter goes back to the first page.
 */
export function useSearchFilters(today: string) {
  const { params, update } = useQueryParams();
  const filters = filtersFrom(params, today);
  return {
    filters,
    setFilter: (changes: Record<string, string | undefined>) => update({ ...changes, page: undefined }),
    setPage: (page: number) => update({ page: page === 1 ? undefined : String(page) }),
    toggleSort: (field: SearchSortField) =>
      update({
        sort: field,
        direction: filters.sort.field === field && filters.sort.direction === 'asc' ? 'desc' : 'asc',
        page: undefined,
      }),
  };
}
