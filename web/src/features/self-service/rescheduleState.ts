import { toSeconds, toTimeOfDay } from '../../../../domain/calendars/time-of-day';
import type { LockRequest, WizardAction, WizardState } from '../public-booking';
import type { ManagedBooking } from './types';

/**
 * A reschedule runs the wizard's own steps and reducer (public-booking/wizardState.ts) from its date step, on the
 * booking's calendar: date, time, then its 'appointment' step, which here is "move my appointment?" with the new
 * time locked. Back from the date step leaves the reschedule.
 */
export const rescheduleStart = (initial: WizardState, booking: ManagedBooking): WizardState => ({
  ...initial,
  step: 'date',
  moves: 1, // the date step's heading takes the focus
  calendarId: booking.calendarId,
});

export const leavesReschedule = (state: WizardState, action: WizardAction): boolean =>
  action.type === 'back' && state.step === 'date';

/** The public lock on a new time: the booking's service, and the same length as the booking. */
export function rescheduleLock(booking: ManagedBooking, timeslot: { id: number; time: string }): LockRequest | null {
  if (!booking.service) return null;
  const end = Math.min(toSeconds(timeslot.time) + booking.duration, 24 * 3600 - 1); // a slot never runs past midnight
  return {
    serviceId: booking.service.id,
    calendarDateLaneId: timeslot.id,
    startTime: timeslot.time,
    endTime: toTimeOfDay(end),
  };
}

/** What a refused move does: choose a time again (the time is gone or does not fit), or leave the reschedule. */
export function refusedMoveOutcome(code: string): 'chooseAgain' | 'leave' | 'stay' {
  switch (code) {
    case 'SLOT_UNAVAILABLE':
    case 'LOCK_NOT_FOUND':
    case 'RESCHEDULE_SLOT_MISMATCH':
      return 'chooseAgain';
    case 'SELF_SERVICE_CLOSED':
    case 'RESCHEDULE_NOT_OFFERED':
    case 'BOOKING_NOT_FOUND':
    case 'BOOKING_LINK_EXPIRED':
      return 'leave';
    default:
      return 'stay';
  }
}
