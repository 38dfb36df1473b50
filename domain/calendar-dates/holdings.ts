import type { DateBooking, DateHoldings, SlotLock } from './calendar-date';
import type { Occupation } from './timeslots';

export const isLive = (lock: SlotLock, now: string): boolean => lock.expiresAt > now;

/** Holdings a check leaves out: the caller's own lock, or the appointment being moved or changed. */
export interface Ignoring {
  token?: string | null;
  appointmentId?: number;
}

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
      occupations.push({
        kind: 'appointment',
        startTime: booking.startTime,
        endTime: booking.endTime,
        appointmentId: booking.appointmentId,
      });
  for (const lock of holdings.locks)
    if (
      lock.laneId === laneId &&
      isLive(lock, now) &&
      lock.appointmentId === undefined &&
      lock.token !== ignoring.token
    )
      occupations.push({ kind: 'lock', startTime: lock.startTime, endTime: lock.endTime, token: lock.token });
  return occupations;
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
