import type { DateBooking, DateHoldings, SlotLock } from './calendar-date';
import type { Occupation } from './timeslots';

export const isLive = (lock: SlotLock, now: string): boolean => lock.expiresAt > now;

/** What takes up a lane at `now`: its bookings and the locks not yet expired (an edit hold takes nothing more). */
export function laneOccupations(holdings: DateHoldings, laneId: number, now: string): Occupation[] {
  const bookings = holdings.bookings
    .filter((booking) => booking.laneId === laneId)
    .map((booking): Occupation => ({
      kind: 'appointment',
      startTime: booking.startTime,
      endTime: booking.endTime,
      appointmentId: booking.appointmentId,
    }));
  const locks = holdings.locks
    .filter((lock) => lock.laneId === laneId && isLive(lock, now) && lock.appointmentId === undefined)
    .map((lock): Occupation => ({ kind: 'lock', startTime: lock.startTime, endTime: lock.endTime, token: lock.token }));
  return [...bookings, ...locks];
}

/** Bookings by lane, for the statistics of a date. */
export function bookingsByLane(bookings: DateBooking[]): Map<number, Occupation[]> {
  const byLane = new Map<number, Occupation[]>();
  for (const booking of bookings) {
    const list = byLane.get(booking.laneId) ?? [];
    list.push({
      kind: 'appointment',
      startTime: booking.startTime,
      endTime: booking.endTime,
      appointmentId: booking.appointmentId,
      clientCount: booking.clientCount,
    });
    byLane.set(booking.laneId, list);
  }
  return byLane;
}
