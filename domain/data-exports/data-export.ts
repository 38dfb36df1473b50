import { addMonths } from '../shared/plain-date';
import { DomainError } from '../shared/decider';
import type { ErrorCode } from '../shared/error-codes';

/**
 * §2.3 Data Exporter: a System Administrator takes the unit's records of a range of dates (both included) as an
 * archive of CSV files. The range runs at most one year from its start date (2026-01-01 to 2027-01-01 at most), so
 * that one export stays within the time and memory the exporter is measured for.
 */
export const MAX_EXPORT_MONTHS = 12;

/** A file of the archive and the data rows it holds (its header line not counted). */
export interface ExportedFile {
  name: string;
  rows: number;
}

export const dataExportStream = (exportId: string): string => `dataExport-${exportId}`;

/** The last end date a range starting on `startDate` may have. */
export const latestExportEnd = (startDate: string): string => addMonths(startDate, MAX_EXPORT_MONTHS);

const refusal = (code: ErrorCode, message: string) =>
  new DomainError(code, message, { field: 'endDate', issues: [{ path: ['endDate'], message, code }] });

/** The §5 rule of the range (both dates are required and well formed before this): the end date is the one named. */
export function assertExportRange(startDate: string, endDate: string): void {
  if (endDate < startDate) throw refusal('EXPORT_RANGE_REVERSED', 'The end date is not before the start date.');
  if (endDate > latestExportEnd(startDate))
    throw refusal('EXPORT_RANGE_TOO_LONG', 'An export covers at most one year from its start date.');
}
