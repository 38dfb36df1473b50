import { FormGroup, H1, HTMLSelect } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useToday } from '../../shared/useToday';
import { ListState } from '../../shared/states/ListState';
import { useSearchAppointmentsQuery } from './appointmentSearchApi';
import { Pagination } from './Pagination';
import { ResultsTable } from './ResultsTable';
import { SearchFiltersBar } from './SearchFiltersBar';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, useSearchFilters } from './searchParams';
import './appointmentSearch.css';

/**
 * §2.3 /admin/search: appointments found by office region, client name, code or phone, and dates (from today by
 * default), sortable by column, paged (§9), each with View to open it on the booking screen. The filters live in
 * the address.
 */
export function AppointmentSearchPage() {
  const { t } = useTranslation();
  const today = useToday();
  const { filters, setFilter, setPage, toggleSort } = useSearchFilters(today);
  const query = useSearchAppointmentsQuery(filters);
  const items = query.data?.items ?? [];
  const pages = query.data?.pages ?? 0;
  // An address kept from before (a bookmark, Back after deletions) may ask for a page past the last: show the last.
  const pastTheLast = query.isSuccess && !query.isFetching && pages > 0 && filters.page > pages;
  useEffect(() => {
    if (pastTheLast) setPage(pages);
  }, [pastTheLast, pages, setPage]);
  return (
    <>
      <div className="page-heading">
        <H1 className="page-title">{t('appointmentSearch.title')}</H1>
      </div>
      <SearchFiltersBar filters={filters} today={today} onChange={setFilter} />
      <ListState
        query={query}
        isEmpty={items.length === 0}
        emptyIcon="search"
        emptyTitle={t('appointmentSearch.empty')}
      >
        <ResultsTable items={items} sort={filters.sort} onSort={toggleSort} />
      </ListState>
      <div className="search-paging">
        <FormGroup inline label={t('appointmentSearch.pageSize')} labelFor="search-page-size">
          <HTMLSelect
            id="search-page-size"
            value={filters.pageSize}
            onChange={(event) =>
              setFilter({
                pageSize:
                  event.currentTarget.value === String(DEFAULT_PAGE_SIZE) ? undefined : event.currentTarget.value,
              })
            }
            options={PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
          />
        </FormGroup>
        <Pagination page={filters.page} pages={pages} onPage={setPage} />
      </div>
    </>
  );
}
