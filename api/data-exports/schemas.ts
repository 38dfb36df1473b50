import { z } from 'zod';
import { plainDate } from '../calendar-dates/schemas';

/** §7 POST export: both dates are required (§5), YYYY-MM-DD, the end not before the start, at most a year apart. */
export const dataExportBody = z.strictObject({
  startDate: plainDate.describe('First date of the range, YYYY-MM-DD'),
  endDate: plainDate.describe(
    'Last date of the range (included), YYYY-MM-DD: not before startDate, at most a year after',
  ),
});

const exportedFile = z.object({
  name: z.string(),
  rows: z.number().int().min(0).describe('Data rows, the header line not counted'),
});

/** The archive as §7 hands it to the browser: a zip in base64, with the name to save it under. */
export const dataExportResponse = z.object({
  exportId: z.uuid().describe('The export as recorded in the event log (DataExportGenerated)'),
  fileName: z.string().describe('export-<startDate>-<endDate>.zip'),
  archive: z
    .string()
    .describe(
      'The zip, base64: appointments.csv, registrations.csv, calendars.csv, dates.csv (UTF-8 with a byte-order mark) and README.txt',
    ),
  files: z.array(exportedFile),
});
