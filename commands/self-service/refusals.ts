import { DomainError } from '../../domain/shared/decider';
import type { SelfServiceReason } from '../../domain/self-service/policy';

/** The refusals of the client's own lookups and changes (issue 20). */

/** A wrong code and a wrong name alike: the answer never tells whether a code exists. */
export const bookingNotFound = () =>
  new DomainError('BOOKING_NOT_FOUND', 'No booking matches this confirmation code and last name.');

export const bookingLinkExpired = () =>
  new DomainError('BOOKING_LINK_EXPIRED', 'This appointment has passed; its link no longer works.');

/** Changes are closed online (switched off, or past the cut-off): the client calls the clinic. */
export const selfServiceClosed = (reason: SelfServiceReason, phone: string) =>
  new DomainError(
    'SELF_SERVICE_CLOSED',
    `This booking can no longer be changed online. Please call the clinic${phone ? ` at ${phone}` : ''}.`,
    { reason, phone },
  );

export const rescheduleNotOffered = () =>
  new DomainError('RESCHEDULE_NOT_OFFERED', 'A course registration cannot be moved online; it can be cancelled.');

export const rescheduleSlotMismatch = (field: string) =>
  new DomainError(
    'RESCHEDULE_SLOT_MISMATCH',
    'The new time must be of the same clinic and of the same length as the appointment.',
    { field },
  );
