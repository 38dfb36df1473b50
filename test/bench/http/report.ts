/** The HTTP benchmark's table: each figure beside its ratio to the bare reference measured in the same run. */

export interface HttpRow {
  figure: string;
  value: number | null;
  unit: string;
  p50Ms: number | null;
  p99Ms: number | null;
  /** The figure divided by the reference's figure of the same kind (throughput by throughput, ms by ms, MB by MB). */
  ratio: number | null;
  notes: string;
}

export const formatNumber = (value: number | null) =>
  value === null || !Number.isFinite(value)
    ? '-'
    : value >= 100
      ? Math.round(value).toLocaleString('en-US')
      : value >= 10
        ? value.toFixed(1)
        : value.toFixed(2);
const ratio = (value: number | null) =>
  value === null || !Number.isFinite(value)
    ? '-'
    : value >= 10
      ? `${value.toFixed(0)}x`
      : value >= 0.1
        ? `${value.toFixed(2)}x`
        : `${value.toFixed(4)}x`;

export function formatHttpTable(rows: readonly HttpRow[], markdown = false): string {
  const header = ['figure', 'value', 'unit', 'p50 ms', 'p99 ms', 'x reference', 'notes'];
  const body = rows.map((row) => [
    row.figure,
    formatNumber(row.value),
    row.unit,
    formatNumber(row.p50Ms),
    formatNumber(row.p99Ms),
    ratio(row.ratio),
    row.notes,
  ]);
  if (markdown) {
    return [
      `| ${header.join(' | ')} |`,
      `|${header.map(() => '---').join('|')}|`,
      ...body.map((cells) => `| ${cells.join(' | ')} |`),
    ].join('\n');
  }
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => cells[column]!.length)));
  const left = new Set([0, 2, 6]);
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (left.has(column) ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(line)].join('\n');
}
