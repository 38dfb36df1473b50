import { stringify } from 'csv-stringify/sync';
import { CSV_BOM, spreadsheetCsvOptions } from '../../projections/shared/spreadsheet-csv';
import { clientsByAge, type ReportItem } from '../../projections/appointments/report';
import { ADMINISTRATORS } from '../access-groups';
import type { AppDependencies } from '../dependencies';
import { defineRoute } from '../routing';
import { reportCsv, reportCsvQuery, reportQuery, reportResult, type ReportQuery } from './schemas';

/** §5: a start after the end is ignored, that is the two dates are taken in order. */
function runReport(dependencies: AppDependencies, query: ReportQuery): Promise<ReportItem[]> {
  const [startDate, endDate] = [query.startDate, query.endDate].sort() as [string, string];
  return clientsByAge(dependencies.knex, { ...query, startDate, endDate });
}

const CSV_COLUMNS = {
  en: ['Calendar', 'Appointment date', 'Date of birth'],
  fr: ['Calendrier', 'Date du rendez-vous', 'Date de naissance'],
} as const;

/** The report's rows as CSV: UTF-8 with a byte order mark (so a spreadsheet reads accents right), CRLF lines. */
export function reportAsCsv(items: readonly ReportItem[], language: 'en' | 'fr'): string {
  const rows = items.map((item) => [item.name, item.date, item.dob]);
  return `${CSV_BOM}${stringify([[...CSV_COLUMNS[language]], ...rows], spreadsheetCsvOptions)}`;
}

/** §2.3 /admin/report and §7 GET report (administrators): clients by age at their appointment date. */
export const reportRoutes = [
  defineRoute({
    method: 'get',
    path: '/report',
    summary:
      "Clients whose age in whole months at their appointment's date lies between the bounds: calendar, date, date of birth",
    tag: 'report',
    access: ADMINISTRATORS,
    query: reportQuery,
    response: reportResult,
    async handler({ query, dependencies }) {
      return { items: await runReport(dependencies, query) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/report.csv',
    summary: 'The same report as a CSV file (UTF-8 with a byte order mark)',
    tag: 'report',
    access: ADMINISTRATORS,
    query: reportCsvQuery,
    response: reportCsv,
    responseMediaType: 'text/csv; charset=utf-8',
    async handler({ query, dependencies, ctx }) {
      const { language, ...report } = query;
      const [first, last] = [report.startDate, report.endDate].sort();
      ctx.attachment(`report-${first}-${last}.csv`);
      return reportAsCsv(await runReport(dependencies, report), language);
    },
  }),
];
