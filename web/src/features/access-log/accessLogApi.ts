import { api } from '../../shared/api';
import type { AccessLogPage, AccessLogRequest, ChainVerification } from './types';

/** The query string of GET /api/audit/access: only the filters given. */
export function accessLogQueryString(request: AccessLogRequest): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(request)) if (value.trim() !== '') params.set(name, value.trim());
  return params.toString();
}

/**
 * Issue 18 item 4 (auditors): the access log, newest first, and the state of its hash chain. Both are read fresh
 * each time the screen asks (nothing the app does invalidates them, and new entries arrive all the time).
 */
export const accessLogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccessLog: build.query<AccessLogPage, AccessLogRequest>({
      query: (request) => `audit/access?${accessLogQueryString(request)}`,
      keepUnusedDataFor: 0,
    }),
    getAccessLogVerification: build.query<ChainVerification, { full: boolean }>({
      query: ({ full }) => `audit/access/verification${full ? '?full=1' : ''}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAccessLogQuery, useGetAccessLogVerificationQuery } = accessLogApi;
