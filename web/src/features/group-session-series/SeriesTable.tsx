import { HTMLTable } from '@blueprintjs/core';
import { ColumnHeads } from '../../shared/tables/ColumnHeads';
import { useTranslation } from 'react-i18next';
import { RouterAnchorButton, RouterLink } from '../../shared/routing/RouterLinks';
import { formatDate } from '../../i18n/format';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { seriesDetailPath } from './parts';
import type { Series } from './types';

const columnKeys = ['startDate', 'endDate', 'deadline', 'spots', 'spotsAvailable', 'registrationCount'] as const;

/** §2.3 the series of a calendar: name, start date, end date, deadline, spots, spots available, registrations. */
export function SeriesTable({ calendarName, series }: { calendarName: string; series: Series[] }) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const label = (key: (typeof columnKeys)[number] | 'name' | 'actions') => t(`groupSessionSeries.list.columns.${key}`);
  const values = (item: Series): Record<(typeof columnKeys)[number], string> => ({
    startDate: formatDate(language, item.startDate),
    endDate: formatDate(language, item.endDate),
    deadline: formatDate(language, item.deadline),
    spots: String(item.spots),
    spotsAvailable: String(item.spotsAvailable),
    registrationCount: String(item.registrationCount),
  });
  return (
    <HTMLTable className="admin-table responsive-table gss-table">
      <caption className="visually-hidden">{t('groupSessionSeries.list.caption', { name: calendarName })}</caption>
      <ColumnHeads columns={['name', ...columnKeys]} label={label} actions />
      <tbody>
        {series.map((item) => {
          const path = seriesDetailPath(item.calendarId, item.id);
          const shown = values(item);
          return (
            <tr key={item.id}>
              <th scope="row" data-label={label('name')}>
                <RouterLink to={path}>{item.name}</RouterLink>
              </th>
              {columnKeys.map((key) => (
                <td key={key} data-label={label(key)}>
                  {shown[key]}
                </td>
              ))}
              <td className="gss-row-actions">
                <RouterAnchorButton
                  to={path}
                  icon="people"
                  size="small"
                  variant="outlined"
                  aria-label={t('groupSessionSeries.list.viewNamed', { name: item.name })}
                >
                  {t('groupSessionSeries.list.view')}
                </RouterAnchorButton>
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
