import { defaultServiceFields } from '../services/service';

/** Why the public may not change its booking online now (issue 20). */
export type SelfServiceReason = 'SELF_SERVICE_OFF' | 'CUTOFF_PASSED' | 'GROUP_SESSION';

/** The settings of the service that governs a booking, and whether it offers the booking's calendar (to rebook). */
export interface GoverningSettings {
  selfServiceEnabled: boolean;
  selfServiceCutoffHours: number;
  offersCalendar: boolean;
}

export interface SelfServiceFacts {
  /** When the appointment starts (a course: its first session), ISO UTC. */
  startsAt: string;
  now: string;
  groupSession: boolean;
  /** Null when no public service governs the booking. */
  service: GoverningSettings | null;
}

export interface SelfServicePolicy {
  canCancel: boolean;
  canReschedule: boolean;
  /** Why not: of the cancel, or of the reschedule when only it is closed; null when both are open. */
  reason: SelfServiceReason | null;
  cutoffHours: number;
  /** The last moment a change is taken online, ISO UTC. */
  cutoffAt: string;
}

const HOUR_MS = 3_600_000;

/**
 * What the client may do online with a booking: cancel and reschedule until the service's cut-off before the start,
 * unless the service turned self-service off (or none governs the booking). A course is cancelled but never moved
 * online; a booking is moved only through a service that still offers its calendar.
 */
export function selfServicePolicy({ startsAt, now, groupSession, service }: SelfServiceFacts): SelfServicePolicy {
  const cutoffHours = service?.selfServiceCutoffHours ?? defaultServiceFields.selfServiceCutoffHours;
  const cutoffAt = new Date(Date.parse(startsAt) - cutoffHours * HOUR_MS).toISOString();
  const closed = (reason: SelfServiceReason): SelfServicePolicy => ({
    canCancel: false,
    canReschedule: false,
    reason,
    cutoffHours,
    cutoffAt,
  });
  if (!service?.selfServiceEnabled) return closed('SELF_SERVICE_OFF');
  if (Date.parse(now) >= Date.parse(cutoffAt)) return closed('CUTOFF_PASSED');
  const open = { canCancel: true, cutoffHours, cutoffAt };
  if (groupSession) return { ...open, canReschedule: false, reason: 'GROUP_SESSION' };
  if (!service.offersCalendar) return { ...open, canReschedule: false, reason: 'SELF_SERVICE_OFF' };
  return { ...open, canReschedule: true, reason: null };
}
