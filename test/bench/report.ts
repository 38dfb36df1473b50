/** Latency percentiles and the plain-text results table of the benchmark. */

export interface Row {
  measurement: string;
  eventsPerSecond: number | null;
  appendsPerSecond: number | null;
  p50Ms: number | null;
  p99Ms: number | null;
  notes: string;
}

/** Nearest-rank percentile (p in 0..100) of unsorted samples; null when there are none. */
export function percentile(samples: readonly number[], p: number): number | null {
  if (samples.length === 0) return null;
  const sorted = Float64Array.from(samples).sort();
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

const rate = (value: number | null) => (value === null ? '-' : Math.round(value).toLocaleString('en-US'));
const millis = (value: number | null) => (value === null ? '-' : value < 10 ? value.toFixed(2) : value.toFixed(1));

export function formatTable(rows: readonly Row[]): string {
  const header = ['measurement', 'events/s', 'appends/s', 'p50 ms', 'p99 ms', 'notes'];
  const body = rows.map((row) => [
    row.measurement,
    rate(row.eventsPerSecond),
    rate(row.appendsPerSecond),
    millis(row.p50Ms),
    millis(row.p99Ms),
    row.notes,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => cells[column]!.length)));
  // Text columns (first and last) align left, numbers right.
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 || column === cells.length - 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(header), rule, ...body.map(line)].join('\n');
}
