import type { Cell, Column, ColumnKind, StatisticsTable } from './statisticsTables';

/** A byte-order mark, so that spreadsheet programs read the file as UTF-8 (accents in French names and labels). */
const BOM = '\uFEFF';

/**
 * One cell as a spreadsheet reads it: dates as YYYY-MM-DD, counts as integers, rates as percentages with one
 * decimal and a point ("45.5"), nothing for a missing value. Text that a spreadsheet would take for a formula
 * (=, +, -, @) is prefixed with an apostrophe.
 */
export function csvValue(kind: ColumnKind, value: Cell): string {
  if (value === null) return '';
  if (kind === 'percent' && typeof value === 'number') return String(Math.round(value * 1000) / 10);
  const text = String(value);
  return kind === 'text' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const quoted = (text: string): string => (/[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** A column's header: a rate's says that its values are percentages. */
const header = ({ label, kind }: Column): string => (kind === 'percent' ? `${label} (%)` : label);

/** The table as CSV (RFC 4180: commas, CRLF, double quotes), headers first, with a UTF-8 byte-order mark. */
export function toCsv({ columns, rows }: StatisticsTable): string {
  const lines = [
    columns.map((column) => quoted(header(column))),
    ...rows.map((row) => row.map((value, index) => quoted(csvValue(columns[index]!.kind, value)))),
  ];
  return `${BOM}${lines.map((line) => line.join(',')).join('\r\n')}\r\n`;
}
