import { api } from '../../shared/api';
import type { RecordAtMoment, RecordDiff, RecordKind, RecordRequest, RecordVersions } from './types';

const recordPath = (kind: RecordKind, id: string) =>
  `audit/records/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`;

/**
 * Issue 18, records as of a moment (auditors): a record at a moment, its versions, and the difference between two.
 * They read the event log, which only grows, and the screen changes nothing: no tags.
 */
export const auditRecordsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditRecord: build.query<RecordAtMoment, RecordRequest>({
      query: ({ kind, id, at }) => `${recordPath(kind, id)}${at ? `?${new URLSearchParams({ at })}` : ''}`,
    }),
    getAuditRecordVersions: build.query<RecordVersions, { kind: RecordKind; id: string }>({
      query: ({ kind, id }) => `${recordPath(kind, id)}/versions`,
    }),
    getAuditRecordDiff: build.query<RecordDiff, { kind: RecordKind; id: string; from: number; to: number }>({
      query: ({ kind, id, from, to }) => `${recordPath(kind, id)}/diff?from=${from}&to=${to}`,
    }),
  }),
});

export const { useGetAuditRecordQuery, useGetAuditRecordVersionsQuery, useGetAuditRecordDiffQuery } = auditRecordsApi;
