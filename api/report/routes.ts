import { stringify } from 'csv-stringify/sync';
import { CSV_BOM, spreadsheetCsvOptions } from '../../projections/shared/spreadsheet-csv';
import { clientsByAge, type ReportItem } from '../../projections/appointments/report';
import { ADMINISTRATORS } from '../access-groups';
import { recordAccess, type AccessOf } from '../access-log/record';
import { defineRoute } from '../routing';
import { reportCsv, reportCsvQuery, reportQuery, reportResult, type ReportQuery } from './schemas';

/** §5: a start after the end is ignored, that is the two dates are taken in order. */
async function runReport(access: AccessOf, query: ReportQuery, action: 'report' | 'report.csv'): Promise<ReportItem[]> {
  const [startDate, endDate] = [query.startDate, query.endDate].sort() as [string, string];
  const items = await clientsByAge(access.dependencies.knex, { ...query, startDate, endDate });
  // The rows name no appointment: the access log keeps the report's parameters (its range and calendars).
  if (items.length > 0)
    recordAccess(access, action, [], { ...query, startDate, endDate, rows: items.length }, { always: true });
  return items;
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
    async handler({ query, viewer, ctx, dependencies }) {
      return { items: await runReport({ viewer, ctx, dependencies }, query, 'report') };
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
    async handler({ query, viewer, dependencies, ctx }) {
      const { language, ...report } = query;
      const [first, last] = [report.startDate, report.endDate].sort();
      ctx.attachment(`report-${first}-${last}.csv`);
      return reportAsCsv(await runReport({ viewer, ctx, dependencies }, report, 'report.csv'), language);
    },
  }),
];
