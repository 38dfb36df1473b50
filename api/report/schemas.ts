import { z } from 'zod';
import { plainDate } from '../calendar-dates/schemas';
import { recordId } from '../shared-schemas';

/** §9 report defaults, in months. */
export const REPORT_DEFAULT_MIN_AGE_MONTHS = 2;
export const REPORT_DEFAULT_MAX_AGE_MONTHS = 780;
/** The oldest age a bound may name (125 years). */
const MAX_AGE_MONTHS = 1500;
/** At most this many calendars in one report. */
const MAX_CALENDARS = 1000;

/** `calendarIds` arrives as a comma list (`3,7,12`): each a record id, at least one, no repeats needed. */
const calendarIdList = z
  .string()
  .transform((text) => (text.trim() === '' ? [] : text.split(',').map((part) => part.trim())))
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^\d{1,10}$/, 'A calendar id')
          .transform(Number)
          .pipe(recordId),
      )
      .min(1, 'Choose at least one calendar')
      .max(MAX_CALENDARS),
  )
  .transform((ids) => [...new Set(ids)])
  .describe('Comma-separated calendar ids, at least one (unknown ids match nothing)');

const ageMonths = (fallback: number) =>
  z
    .string()
    .regex(/^\d{1,4}$/, 'A whole number of months')
    .transform(Number)
    .pipe(z.number().int().min(0).max(MAX_AGE_MONTHS))
    .default(fallback)
    .describe(`Age bound in whole months at the appointment date, included (default ${fallback})`);

const reportFields = {
  calendarIds: calendarIdList,
  startDate: plainDate.describe('First appointment date, included (after endDate: the two are swapped)'),
  endDate: plainDate.describe('Last appointment date, included'),
  minAgeMonths: ageMonths(REPORT_DEFAULT_MIN_AGE_MONTHS),
  maxAgeMonths: ageMonths(REPORT_DEFAULT_MAX_AGE_MONTHS),
};

/** §5: the minimum age cannot exceed the maximum (a 400 naming minAgeMonths); start after end is not an error. */
const ageRangeHolds = (query: { minAgeMonths: number; maxAgeMonths: number }, context: z.RefinementCtx) => {
  if (query.minAgeMonths > query.maxAgeMonths) {
    context.addIssue({ code: 'custom', path: ['minAgeMonths'], message: 'Must not be above maxAgeMonths' });
  }
};

/** §7 GET report?calendarIds&startDate&endDate&minAgeMonths&maxAgeMonths. */
export const reportQuery = z.strictObject(reportFields).superRefine(ageRangeHolds);
export type ReportQuery = z.output<typeof reportQuery>;

/** The same report as a CSV file; `language` names its columns (English by default). */
export const reportCsvQuery = z
  .strictObject({
    ...reportFields,
    language: z.enum(['en', 'fr']).default('en').describe('Language of the column names'),
  })
  .superRefine(ageRangeHolds);

export const reportResult = z.object({
  items: z.array(
    z.object({
      calendarId: z.number().int(),
      name: z.string().describe("The calendar's name"),
      date: plainDate.describe('Appointment date'),
      dob: plainDate.describe("The client's date of birth"),
    }),
  ),
});
export type ReportResult = z.output<typeof reportResult>;

export const reportCsv = z
  .string()
  .describe('UTF-8 CSV with a byte order mark: calendar, appointment date, date of birth');
