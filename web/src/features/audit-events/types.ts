import type { z } from 'zod';
import type { auditEventChoices, auditEventsPage } from '../../../../api/audit-events/schemas';

/** GET /api/audit/events and /types answers, inferred from the API's own schemas (types only). */
export type AuditEventsPage = z.output<typeof auditEventsPage>;
export type AuditEvent = AuditEventsPage['items'][number];
export type AuditEventChoices = z.output<typeof auditEventChoices>;

export type ActorChoice = '' | 'user' | 'public' | 'system';

/** The filters as the address holds them: every value a string, empty when not set. */
export interface AuditFilters {
  streamCategory: string;
  streamId: string;
  type: string;
  actorKind: ActorChoice;
  actorUserId: string;
  /** ISO instants. */
  from: string;
  to: string;
}

/** A page of the log: the filters and the cursor. */
export interface AuditPageRequest extends AuditFilters {
  after?: number;
  before?: number;
}
