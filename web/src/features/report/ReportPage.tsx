import { H1 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { ListState } from '../../shared/states/ListState';
import { useToday } from '../../shared/useToday';
import { saveCsv } from '../../shared/saveCsv';
import { useGetReportQuery, useLazyGetReportCsvQuery, reportQueryString } from './reportApi';
import { ReportForm } from './ReportForm';
import { defaultFilters, useReportParams } from './reportParams';
import { ReportResults } from './ReportResults';
import type { ReportFilters } from './types';
import './report.css';

/**
 * §2.3 /admin/report (administrators): the clients whose age at their appointment date lies between two bounds,
 * on the chosen calendars between two dates; the count of records found, the table, and the same rows as a CSV
 * file. The report asked for lives in the address.
 */
export function ReportPage() {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const today = useToday();
  const { asked, ask } = useReportParams();
  const query = useGetReportQuery(asked ?? defaultFilters(today), { skip: asked === null });
  const [fetchCsv, csv] = useLazyGetReportCsvQuery();
  const items = query.currentData?.items ?? [];

  const submit = (filters: ReportFilters) => {
    // the same report again: fetch it afresh (appointments may have changed since)
    if (asked && reportQueryString(filters) === reportQueryString(asked)) void query.refetch();
    else ask(filters);
  };
  const download = async () => {
    if (!asked) return;
    const answer = await fetchCsv({ filters: asked, language });
    if (answer.data === undefined) return; // the results say so
    const [first, last] = [asked.startDate, asked.endDate].sort();
    saveCsv(`report-${first}-${last}.csv`, answer.data);
  };

  return (
    <>
      <div className="page-heading">
        <H1 className="page-title">{t('report.title')}</H1>
      </div>
      <p className="report-intro">{t('report.intro')}</p>
      {/* a new address (Back, a link) shows its report's settings */}
      <ReportForm
        key={asked ? reportQueryString(asked) : ''}
        initial={asked ?? defaultFilters(today)}
        onSubmit={submit}
      />
      {asked && (
        <ListState
          query={{ ...query, isLoading: query.isLoading || (query.isFetching && !query.currentData) }}
          isEmpty={items.length === 0}
          emptyIcon="chart"
          emptyTitle={t('report.empty')}
        >
          <ReportResults
            items={items}
            onDownload={() => void download()}
            downloading={csv.isFetching}
            downloadFailed={csv.isError && !csv.isFetching}
          />
        </ListState>
      )}
    </>
  );
}
