import { api } from '../../shared/api';
import type { AuditEventChoices, AuditEventsPage, AuditFilters, AuditPageRequest } from './types';

/** The filters of GET /api/audit/events and its downloads; empty ones left out. */
export function filterQueryString(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of ['streamCategory', 'streamId', 'type'] as const)
    if (filters[name].trim() !== '') params.set(name, filters[name].trim());
  if (filters.actorKind !== '') params.set('actorKind', filters.actorKind);
  if (filters.actorKind === 'user' && filters.actorUserId.trim() !== '')
    params.set('actorUserId', filters.actorUserId.trim());
  for (const name of ['from', 'to'] as const) if (filters[name] !== '') params.set(name, filters[name]);
  return params;
}

function pageQueryString({ after, before, ...filters }: AuditPageRequest): string {
  const params = filterQueryString(filters);
  if (after !== undefined) params.set('after', String(after));
  if (before !== undefined) params.set('before', String(before));
  return params.toString();
}

/**
 * Issue 18, the event log (auditors): a page of the log, the filter choices, and the filtered range as a file's
 * text (CSV or JSON lines). The log only grows and this screen changes nothing: no tags, each visit reads afresh.
 */
export const auditEventsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditEvents: build.query<AuditEventsPage, AuditPageRequest>({
      query: (request) => `audit/events?${pageQueryString(request)}`,
    }),
    getAuditEventChoices: build.query<AuditEventChoices, void>({
      query: () => 'audit/events/types',
    }),
    getAuditEventsFile: build.query<string, { filters: AuditFilters; format: 'csv' | 'jsonl' }>({
      query: ({ filters, format }) => ({
        url: `audit/events.${format}?${filterQueryString(filters).toString()}`,
        // the file's text; a refusal's JSON body, so that its code (AUDIT_RANGE_TOO_LARGE) is told
        responseHandler: (response: Response) => (response.ok ? response.text() : response.json()),
      }),
      // a file to save once, not a list to keep
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAuditEventsQuery, useGetAuditEventChoicesQuery, useLazyGetAuditEventsFileQuery } = auditEventsApi;
