/** One entry of GET /api/audit/access. */
export interface AccessLogItem {
  position: string;
  at: string;
  userId: number;
  userName: string | null;
  roles: string[];
  clientAddress: string | null;
  requestId: string | null;
  action: string;
  records: { kind: 'appointment'; id: number }[];
  details: Record<string, unknown>;
}

export interface AccessLogPage {
  items: AccessLogItem[];
  nextBefore: string | null;
}

/** The filters as the address keeps them (texts; empty: not filtered). */
export interface AccessLogFilters {
  userId: string;
  appointmentId: string;
  from: string;
  to: string;
}

export interface AccessLogRequest extends AccessLogFilters {
  before: string;
}

/** GET /api/audit/access/verification. */
export interface ChainVerification {
  ok: boolean;
  entries: number;
  firstBrokenPosition: string | null;
  reason: 'ENTRY_ALTERED' | 'LINK_BROKEN' | 'ENTRY_MISSING' | null;
  scope: 'full' | 'incremental';
  checkedAt: string;
}
