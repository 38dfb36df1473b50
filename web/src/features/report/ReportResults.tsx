import { Button, Callout, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { shortDate } from '../../shared/dateText';
import { birthDate } from './reportDates';
import type { ReportItem } from './types';

/** Rows the table shows at most (a year of a busy unit has tens of thousands): the CSV file has them all. */
export const TABLE_ROWS_SHOWN = 1000;

interface Props {
  items: readonly ReportItem[];
  onDownload: () => void;
  downloading: boolean;
  downloadFailed: boolean;
}

/** The count of records found, Download CSV, and the table of calendar, appointment date and date of birth. */
export function ReportResults({ items, onDownload, downloading, downloadFailed }: Props) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const shown = items.slice(0, TABLE_ROWS_SHOWN);
  return (
    <section className="report-results" aria-label={t('report.title')}>
      <div className="report-summary">
        <p className="report-count" role="status">
          {t('report.found', { count: items.length })}
          {items.length > shown.length && ` ${t('report.shownFirst', { shown: shown.length })}`}
        </p>
        <Button icon="download" loading={downloading} onClick={onDownload} text={t('report.downloadCsv')} />
      </div>
      {downloadFailed && (
        <Callout intent="danger" role="alert" className="report-download-failed">
          {t('report.downloadFailed')}
        </Callout>
      )}
      <HTMLTable className="admin-table report-table" striped compact>
        <thead>
          <tr>
            <th scope="col">{t('report.columns.calendar')}</th>
            <th scope="col">{t('report.columns.date')}</th>
            <th scope="col">{t('report.columns.dob')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((item, index) => (
            <tr key={index}>
              <td>{item.name}</td>
              <td>{shortDate(language, item.date)}</td>
              <td>{birthDate(language, item.dob)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </section>
  );
}
