import { HTMLTable } from '@blueprintjs/core';
import { useAdminLanguage } from '../../shared/adminLanguage';
import { cellText } from './statisticsFormat';
import type { ColumnKind, StatisticsTable } from './statisticsTables';

const numeric = (kind: ColumnKind) => kind === 'count' || kind === 'percent';

/** A chart's data as a table (what its CSV holds), formatted in the page's language. */
export function StatisticsTableView({ table, caption }: { table: StatisticsTable; caption: string }) {
  const language = useAdminLanguage();
  return (
    <HTMLTable compact striped className="statistics-table">
      <caption className="bp6-text-muted">{caption}</caption>
      <thead>
        <tr>
          {table.columns.map((column) => (
            <th key={column.label} scope="col" className={numeric(column.kind) ? 'statistics-number' : undefined}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row, rowIndex) => (
          <tr key={rowIndex}>
            {row.map((value, index) => {
              const kind = table.columns[index]!.kind;
              return (
                <td key={index} className={numeric(kind) ? 'statistics-number' : undefined}>
                  {cellText(language, kind, value)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
