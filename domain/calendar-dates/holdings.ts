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

/** `laneOccupations` of every lane of a date, in one pass over its holdings. */
export function occupationsByLane(holdings: DateHoldings, now: string): Map<number, Occupation[]> {
  const byLane = new Map<number, Occupation[]>();
  const add = (laneId: number, occupation: Occupation) => {
    const list = byLane.get(laneId);
    if (list) list.push(occupation);
    else byLane.set(laneId, [occupation]);
  };
  for (const booking of holdings.bookings)
    add(booking.laneId, {
      kind: 'appointment',
      startTime: booking.startTime,
      endTime: booking.endTime,
      appointmentId: booking.appointmentId,
    });
  for (const lock of holdings.locks)
    if (isLive(lock, now) && lock.appointmentId === undefined)
      add(lock.laneId, { kind: 'lock', startTime: lock.startTime, endTime: lock.endTime, token: lock.token });
  return byLane;
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
