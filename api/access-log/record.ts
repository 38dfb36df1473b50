import type { Context } from 'koa';
import type { AppDependencies } from '../dependencies';
import type { Viewer } from '../routing';

/** The access log's actions: what a staff member did that showed them personal health information. */
export type AccessAction =
  | 'appointment.create'
  | 'appointment.read'
  | 'appointment.update'
  | 'appointment.delete'
  | 'appointment.history'
  | 'dayView'
  | 'search'
  | 'seriesRegistrations'
  | 'seriesRegistration.delete'
  | 'waitlist'
  | 'report'
  | 'report.csv'
  | 'export'
  | 'audit.events'
  | 'audit.eventsDownload'
  | 'audit.record'
  | 'messages'
  | 'message.retry'
  | 'public.lookup'
  | 'public.view'
  | 'public.cancel'
  | 'public.reschedule';

export interface AccessOf {
  viewer: Viewer;
  ctx: Context;
  dependencies: AppDependencies;
}

/**
 * Records that the caller was shown the appointments named (issue 18 item 4), once the answer is known. A read that
 * showed no appointment is not recorded; a report or an export (which name a range, not appointments) pass
 * `always` when they answered rows. Returns at once: the entry is written with the next batch.
 */
export function recordAccess(
  { viewer, ctx, dependencies }: AccessOf,
  action: AccessAction,
  appointmentIds: Iterable<number>,
  details: Record<string, unknown> = {},
  { always = false }: { always?: boolean } = {},
): void {
  const ids = [...new Set(appointmentIds)];
  if (ids.length === 0 && !always) return;
  dependencies.accessLog.record({
    at: dependencies.now().toISOString(),
    userId: viewer.userId,
    roles: viewer.roles,
    clientAddress: ctx.ip || null,
    requestId: typeof ctx.state.requestId === 'string' ? ctx.state.requestId : null,
    action,
    records: ids.map((id) => ({ kind: 'appointment' as const, id })),
    details,
  });
}

/** The author of the public's entries (issue 20): no account, so user 0, with the role PUBLIC. */
export const PUBLIC_ACCESSOR = { userId: 0, roles: ['PUBLIC'] } as const;

/**
 * Records a client's own lookup, view or change of a booking online (issue 20), found or not: `appointmentIds` is
 * the booking when one was identified, `details` the outcome, never what was typed.
 */
export function recordPublicAccess(
  { ctx, dependencies }: Omit<AccessOf, 'viewer'>,
  action: Extract<AccessAction, `public.${string}`>,
  appointmentIds: Iterable<number>,
  details: Record<string, unknown>,
): void {
  dependencies.accessLog.record({
    at: dependencies.now().toISOString(),
    userId: PUBLIC_ACCESSOR.userId,
    roles: PUBLIC_ACCESSOR.roles,
    clientAddress: ctx.ip || null,
    requestId: typeof ctx.state.requestId === 'string' ? ctx.state.requestId : null,
    action,
    records: [...new Set(appointmentIds)].map((id) => ({ kind: 'appointment' as const, id })),
    details,
  });
}
