import { stringify } from 'csv-stringify/sync';
import { Zip, ZipDeflate } from 'fflate';
import type { Knex } from 'knex';
import type { ExportedFile } from '../../domain/data-exports/data-export';
import {
  appointmentColumns,
  calendarFileColumns,
  dateColumns,
  registrationColumns,
  type ExportColumn,
} from './columns';
import { readme } from './readme';
import { appointmentRows, calendarRows, dateRows, registrationRows, type Cell, type ExportRange } from './sources';
import { CSV_BOM, spreadsheetCsvOptions } from '../shared/spreadsheet-csv';

/** The files of the archive, in its order (README.txt comes last: it counts their rows). */
export const EXPORT_FILES: {
  name: string;
  columns: ExportColumn[];
  rows: (knex: Knex, range: ExportRange) => AsyncIterable<Cell[][]>;
}[] = [
  { name: 'appointments.csv', columns: appointmentColumns, rows: appointmentRows },
  { name: 'registrations.csv', columns: registrationColumns, rows: registrationRows },
  { name: 'calendars.csv', columns: calendarFileColumns, rows: calendarRows },
  { name: 'dates.csv', columns: dateColumns, rows: dateRows },
];

export interface ExportArchive {
  fileName: string;
  archive: Uint8Array;
  files: ExportedFile[];
}

const utf8 = (text: string) => Buffer.from(text, 'utf8');

/**
 * The archive of a range (§2.3 Data Exporter): one CSV file per kind of record plus a README describing their
 * columns, zipped. Rows stream from the read models a page at a time, each page written to CSV and compressed
 * before the next is read, so memory holds one page and the compressed archive, whatever the range's size.
 */
export async function buildExportArchive(knex: Knex, range: ExportRange, generatedAt: Date): Promise<ExportArchive> {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else chunks.push(chunk);
  });
  const add = (name: string) => {
    const file = new ZipDeflate(name, { level: 6 });
    file.mtime = generatedAt;
    zip.add(file);
    return file;
  };
  const files: ExportedFile[] = [];
  for (const { name, columns, rows } of EXPORT_FILES) {
    const file = add(name);
    file.push(utf8(CSV_BOM + stringify([columns.map((column) => column.name)], spreadsheetCsvOptions)));
    let count = 0;
    for await (const page of rows(knex, range)) {
      if (page.length === 0) continue;
      file.push(utf8(stringify(page, spreadsheetCsvOptions)));
      count += page.length;
    }
    file.push(new Uint8Array(0), true);
    files.push({ name, rows: count });
  }
  const described = files.map((file, index) => ({ ...file, columns: EXPORT_FILES[index]!.columns }));
  add('README.txt').push(utf8(CSV_BOM + readme(range, generatedAt, described)), true);
  zip.end();
  if (failure) throw failure;
  return { fileName: `export-${range.startDate}-${range.endDate}.zip`, archive: concat(chunks), files };
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const archive = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    archive.set(chunk, offset);
    offset += chunk.length;
  }
  return archive;
}
