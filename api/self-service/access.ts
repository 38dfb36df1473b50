import { DomainError } from '../../domain/shared/decider';
import { recordPublicAccess, type AccessOf } from '../access-log/record';

type PublicAction = 'public.lookup' | 'public.view' | 'public.cancel' | 'public.reschedule';

/**
 * Runs a client's own lookup, view or change and records it in the access log whatever its outcome (issue 20):
 * details `{outcome}`, which is `done` ('found', 'shown', 'cancelled', 'rescheduled') on success, else the refusal's
 * code (BOOKING_NOT_FOUND, RATE_LIMITED, SELF_SERVICE_CLOSED ...; 'ERROR' for a failure). The entry names the
 * booking once `identified` was called with it.
 */
export async function recordedAs<T>(
  access: Omit<AccessOf, 'viewer'>,
  action: PublicAction,
  done: string,
  work: (identified: (appointmentId: number) => void) => Promise<T>,
): Promise<T> {
  const ids: number[] = [];
  try {
    const answer = await work((appointmentId) => ids.push(appointmentId));
    recordPublicAccess(access, action, ids, { outcome: done });
    return answer;
  } catch (error) {
    recordPublicAccess(access, action, ids, { outcome: error instanceof DomainError ? error.code : 'ERROR' });
    throw error;
  }
}
