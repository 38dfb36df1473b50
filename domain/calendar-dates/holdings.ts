import type { DateBooking, DateHoldings, SlotLock } from './calendar-date';
import type { Occupation } from './timeslots';

export const isLive = (lock: SlotLock, now: string): boolean => lock.expiresAt > now;

/** Holdings a check leaves out: the caller's own lock, or the appointment being moved or changed. */
export interface Ignoring {
  token?: string | null;
  appointmentId?: number;
}

/**
 * Whether two lists hold the same objects in the same order: what is kept from a lane's holdings stands while they
 * do, since a lock or booking is never changed in place (a changed one is a new object).
 */
export const sameObjects = <T>(a: readonly T[], b: readonly T[]): boolean =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/** A lock that takes lane time at `now`: live, and not an edit hold. */
export const takesTime = (lock: SlotLock, now: string): boolean =>
  isLive(lock, now) && lock.appointmentId === undefined;

export const bookingOccupation = (booking: DateBooking): Occupation => ({
  kind: 'appointment',
  startTime: booking.startTime,
  endTime: booking.endTime,
  appointmentId: booking.appointmentId,
});

export const lockOccupation = (lock: SlotLock): Occupation => ({
  kind: 'lock',
  startTime: lock.startTime,
  endTime: lock.endTime,
  token: lock.token,
});

/**
 * What takes up a lane at `now`: its bookings and the locks not yet expired (an edit hold takes nothing more). One
 * pass over each list: every lock decision reads a date's holdings this way.
 */
export function laneOccupations(
  holdings: DateHoldings,
  laneId: number,
  now: string,
  ignoring: Ignoring = {},
): Occupation[] {
  const occupations: Occupation[] = [];
  for (const booking of holdings.bookings)
    if (booking.laneId === laneId && booking.appointmentId !== ignoring.appointmentId)
      occupations.push(bookingOccupation(booking));
  for (const lock of holdings.locks)
    if (lock.laneId === laneId && takesTime(lock, now) && lock.token !== ignoring.token)
      occupations.push(lockOccupation(lock));
  return occupations;
}
