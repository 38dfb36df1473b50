import { Button, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { OFFICE_REGIONS, type OfficeRegion } from '../../../../domain/locations/location';
import { assertNever } from '../../../../domain/shared/decider';
import { RouterAnchorButton } from '../../shared/routing/RouterLinks';
import { formatDate, formatTime } from '../../i18n/format';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { SORT_FIELDS } from './searchParams';
import type { FoundAppointment, SearchSort, SearchSortField } from './types';

/** A column header that sorts by its column: a click sorts ascending, a second click descending. */
function SortHeader({
  field,
  sort,
  onSort,
}: {
  field: SearchSortField;
  sort: SearchSort;
  onSort: (field: SearchSortField) => void;
}) {
  const { t } = useTranslation();
  const active = sort.field === field;
  const icon = !active ? 'double-caret-vertical' : sort.direction === 'asc' ? 'caret-up' : 'caret-down';
  return (
    <th scope="col" aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <Button
        variant="minimal"
        size="small"
        endIcon={icon}
        text={t(`appointmentSearch.columns.${field}`)}
        onClick={() => onSort(field)}
      />
    </th>
  );
}

/** The text of one sortable column of a row; office regions by their translated names. */
function cellOf(
  field: SearchSortField,
  item: FoundAppointment,
  language: 'en' | 'fr',
  regionName: (region: OfficeRegion) => string,
): string {
  switch (field) {
    case 'date':
      return formatDate(language, item.date);
    case 'time':
      return formatTime(language, item.startTime);
    case 'confirmationCode':
      return item.confirmationCode;
    case 'calendar':
      return item.calendar.name;
    case 'location':
      return item.location
        ? language === 'fr' && item.location.nameFr
          ? item.location.nameFr
          : item.location.name
        : '—';
    case 'officeRegion':
      return item.officeRegion === null
        ? '—'
        : isOfficeRegion(item.officeRegion)
          ? regionName(item.officeRegion)
          : item.officeRegion;
    default:
      return assertNever(field);
  }
}

const isOfficeRegion = (value: string): value is OfficeRegion => (OFFICE_REGIONS as readonly string[]).includes(value);

const bookingLink = (item: FoundAppointment) =>
  `/admin/booking?${new URLSearchParams({ id: String(item.calendar.id), date: item.date, appointmentId: String(item.id) })}`;

/** §2.3 /admin/search results: date, time, code, clients, calendar, location, office region, and View. */
export function ResultsTable({
  items,
  sort,
  onSort,
}: {
  items: FoundAppointment[];
  sort: SearchSort;
  onSort: (field: SearchSortField) => void;
}) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const regionName = (region: OfficeRegion) => t(`locations.regions.${region}`);
  const [date, time, code, ...place] = SORT_FIELDS;
  const header = (field: SearchSortField | undefined) =>
    field && <SortHeader key={field} field={field} sort={sort} onSort={onSort} />;
  return (
    <HTMLTable className="admin-table responsive-table search-results" striped>
      <thead>
        <tr>
          {[date, time, code].map(header)}
          <th scope="col">{t('appointmentSearch.columns.clients')}</th>
          {place.map(header)}
          <th scope="col">
            <span className="visually-hidden">{t('appointmentSearch.columns.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => {
          const clients = item.clients.map((client) => `${client.firstName} ${client.lastName}`).join(', ');
          return (
            <tr key={item.id}>
              {(['date', 'time', 'confirmationCode'] as const).map((field) => (
                <td key={field} data-label={t(`appointmentSearch.columns.${field}`)}>
                  {cellOf(field, item, language, regionName)}
                </td>
              ))}
              <td data-label={t('appointmentSearch.columns.clients')}>{clients}</td>
              {(['calendar', 'location', 'officeRegion'] as const).map((field) => (
                <td key={field} data-label={t(`appointmentSearch.columns.${field}`)}>
                  {cellOf(field, item, language, regionName)}
                </td>
              ))}
              <td className="table-actions">
                <RouterAnchorButton
                  to={bookingLink(item)}
                  icon="eye-open"
                  size="small"
                  variant="outlined"
                  aria-label={t('appointmentSearch.viewNamed', { code: item.confirmationCode })}
                >
                  {t('appointmentSearch.view')}
                </RouterAnchorButton>
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
