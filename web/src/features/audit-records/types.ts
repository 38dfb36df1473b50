import type { z } from 'zod';
import type { recordAtMoment, recordDiff, recordVersions } from '../../../../api/audit-records/schemas';

/** GET /api/audit/records answers, inferred from the API's own schemas (types only). */
export type RecordAtMoment = z.infer<typeof recordAtMoment>;
export type RecordVersions = z.infer<typeof recordVersions>;
export type RecordVersion = RecordVersions['items'][number];
export type RecordDiff = z.infer<typeof recordDiff>;
export type RecordChange = RecordDiff['changes'][number];
export type RecordKind = RecordAtMoment['kind'];

export const RECORD_KINDS: readonly RecordKind[] = [
  'appointment',
  'calendarDate',
  'calendar',
  'user',
  'service',
  'series',
];

/** The record asked for: its kind, its id, and a moment (ISO instant; none: as it is now). */
export interface RecordRequest {
  kind: RecordKind;
  id: string;
  at?: string;
}
