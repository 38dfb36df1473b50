import type { DomainCommand } from '../shared/decider';
import type { ExportedFile } from './data-export';

/** Records an archive built of the range's records: its files and rows. `at` is when it was generated. */
export type GenerateDataExport = DomainCommand<
  'GenerateDataExport',
  { exportId: string; startDate: string; endDate: string; at: string; files: ExportedFile[] }
>;

export type DataExportCommand = GenerateDataExport;
