import { Callout, H1 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../shared/states/ListState';
import { useToday } from '../../shared/useToday';
import { StatisticsCharts, hasData } from './StatisticsCharts';
import { StatisticsFiltersBar } from './StatisticsFiltersBar';
import { useGetStatisticsQuery } from './statisticsApi';
import { isTooLong, MAX_DAYS, useStatisticsFilters } from './statisticsParams';
import './statistics.css';

/**
 * Issue 17 item 4, /admin/statistics (administrators): bookings per day and week, utilisation, attendance, lead
 * time and course fill over a period (the last 30 days by default), for one office region and category or all,
 * each chart with its data as CSV. The filters live in the address. The charts (recharts) load with this screen only.
 */
export function StatisticsPage() {
  const { t } = useTranslation();
  const today = useToday();
  const { filters, setFilter } = useStatisticsFilters(today);
  const tooLong = isTooLong(filters);
  // figures change with every booking: read them afresh each time the screen opens
  const query = useGetStatisticsQuery(filters, { refetchOnMountOrArgChange: true, skip: tooLong });
  const statistics = query.data;
  return (
    <>
      <div className="page-heading">
        <H1 className="page-title">{t('menu.statistics')}</H1>
      </div>
      <StatisticsFiltersBar filters={filters} onChange={setFilter} />
      {tooLong ? (
        <Callout intent="warning" role="alert">
          {t('statistics.tooLong', { days: MAX_DAYS })}
        </Callout>
      ) : (
        <ListState
          query={query}
          isEmpty={statistics === undefined || !hasData(statistics)}
          emptyIcon="timeline-bar-chart"
          emptyTitle={t('statistics.empty')}
        >
          {/* the previous period's charts stay on screen while the next one loads */}
          <div aria-busy={query.isFetching}>{statistics && <StatisticsCharts statistics={statistics} />}</div>
        </ListState>
      )}
    </>
  );
}
