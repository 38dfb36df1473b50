import type { DomainEvent } from '../shared/decider';
import type { ExportedFile } from './data-export';

/**
 * An archive of the range's records was generated and handed to the caller. Who asked is the event's actor; the
 * records themselves are not in the event (it is the audit of who took which data, not a copy of it).
 */
export type DataExportGenerated = DomainEvent<
  'DataExportGenerated',
  { exportId: string; startDate: string; endDate: string; at: string; files: ExportedFile[] }
>;

export type DataExportEvent = DataExportGenerated;
export const dataExportEventTypes: DataExportEvent['type'][] = ['DataExportGenerated'];
