import { assertNever } from '../../../../domain/shared/decider';
import type { ManagedBooking } from './types';

/**
 * Why a change is not offered online, as the notice to show: past the cut-off or with self-service off, call the
 * clinic (its phone when the booking's place has one); a course registration cannot be moved online.
 */
export type ClosedNotice = { kind: 'call'; phone: string } | { kind: 'callClinic' } | { kind: 'courseNotMoved' };

export function closedNotice(booking: ManagedBooking): ClosedNotice | null {
  const { reason } = booking.selfService;
  if (reason === null) return null;
  switch (reason) {
    case 'CUTOFF_PASSED':
    case 'SELF_SERVICE_OFF': {
      const phone = booking.location?.phone.trim() ?? '';
      return phone ? { kind: 'call', phone } : { kind: 'callClinic' };
    }
    case 'GROUP_SESSION':
      return { kind: 'courseNotMoved' };
    default:
      return assertNever(reason);
  }
}

/** A `tel:` address for a phone number as people write it ("613-555-0123 ext. 4" -> "tel:6135550123"). */
export function telHref(phone: string): string {
  const number = phone.split(/\s*(?:ext\.?|x|poste|#)\s*\d/i)[0] ?? phone;
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}
