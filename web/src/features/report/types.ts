import type { z } from 'zod';
import type { reportResult } from '../../../../api/report/schemas';

/** §7 GET report, inferred from the API's own schema (types only). */
export type ReportResult = z.infer<typeof reportResult>;
export type ReportItem = ReportResult['items'][number];

/** What a report asks for: the query of GET report. */
export interface ReportFilters {
  calendarIds: number[];
  startDate: string;
  endDate: string;
  minAgeMonths: number;
  maxAgeMonths: number;
}
