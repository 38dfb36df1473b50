import { Button, Card, Collapse, H2 } from '@blueprintjs/core';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { saveCsv } from '../../shared/saveCsv';
import { toCsv } from './csv';
import { StatisticsTableView } from './StatisticsTableView';
import type { StatisticsTable } from './statisticsTables';

interface Props {
  title: string;
  /** What the chart shows, in words: shown under the title and read out in place of the drawing. */
  summary: string;
  table: StatisticsTable;
  /** The CSV's name, without ".csv". */
  fileName: string;
  /** The drawing; left out when there is nothing to draw. */
  children?: ReactNode;
}

/**
 * One chart of the Statistics screen: its title, a summary in words, the drawing (hidden from screen readers, which
 * read the summary and the table), its data as a table on demand, and Download CSV of exactly that data.
 */
export function ChartSection({ title, summary, table, fileName, children }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const tableId = useId();
  const [showTable, setShowTable] = useState(false);
  return (
    <Card className="statistics-chart" role="region" aria-labelledby={titleId}>
      <div className="statistics-chart-heading">
        <H2 id={titleId}>{title}</H2>
        <Button
          icon="download"
          variant="outlined"
          text={t('statistics.downloadCsv')}
          aria-label={t('statistics.downloadCsvOf', { title })}
          onClick={() => saveCsv(`${fileName}.csv`, toCsv(table))}
        />
      </div>
      <p className="statistics-summary">{summary}</p>
      {children && (
        <div className="statistics-drawing" aria-hidden="true">
          {children}
        </div>
      )}
      <Button
        variant="minimal"
        size="small"
        icon={showTable ? 'chevron-up' : 'chevron-down'}
        aria-expanded={showTable}
        aria-controls={tableId}
        text={t(showTable ? 'statistics.hideTable' : 'statistics.showTable')}
        onClick={() => setShowTable((shown) => !shown)}
      />
      <Collapse isOpen={showTable}>
        <div id={tableId}>
          <StatisticsTableView table={table} caption={title} />
        </div>
      </Collapse>
    </Card>
  );
}
