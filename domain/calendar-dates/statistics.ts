import { toSeconds, toTimeOfDay } from '../calendars/time-of-day';
import type { DateBooking, DateLane } from './calendar-date';
import { bookingOccupation, sameObjects } from './holdings';
import { labelAt, laneGrid } from './timeslots';

/** §3 Calendar date statistics, as the overview and the dates list show them. */
export interface DateStatistics {
  /** Booked slots as a percentage of the slots that can be booked, rounded. */
  capacity: number;
  appointmentCount: number;
  clientCount: number;
  bookedSlotCount: number;
  totalSlotCount: number;
  firstAppointmentTime: string | null;
  lastAppointmentTime: string | null;
  laneCount: number;
  minStartTime: string | null;
  maxEndTime: string | null;
}

interface LaneSlotCounts {
  bookings: readonly DateBooking[];
  booked: number;
  total: number;
}

/**
 * By lane object, with the bookings they were counted with: an event changes one lane of a date, and the projector
 * recomputes the date's statistics on each batch that changes it (bookings are never changed in place).
 */
const slotCountsOfLanes = new WeakMap<DateLane, LaneSlotCounts>();

function laneSlotCounts(lane: DateLane, bookings: readonly DateBooking[]): LaneSlotCounts {
  const kept = slotCountsOfLanes.get(lane);
  if (kept && sameObjects(kept.bookings, bookings)) return kept;
  const grid = laneGrid(lane, bookings.map(bookingOccupation));
  const counts = { bookings, booked: 0, total: 0 };
  for (let index = 0; index < grid.times.length; index++) {
    const label = labelAt(grid, index);
    if (label === 'Booked') counts.booked += 1;
    if (label !== 'Break' && label !== 'Unavailable') counts.total += 1;
  }
  slotCountsOfLanes.set(lane, counts);
  return counts;
}

/** Statistics of a date from its lanes and its bookings (those on a lane it no longer has do not count). */
export function dateStatistics(lanes: DateLane[], bookings: readonly DateBooking[] = []): DateStatistics {
  const byLane = new Map<number, DateBooking[]>(lanes.map((lane) => [lane.id, []]));
  for (const booking of bookings) byLane.get(booking.laneId)?.push(booking);
  let bookedSlotCount = 0;
  let totalSlotCount = 0;
  const appointments = new Map<number, DateBooking>();
  for (const lane of lanes) {
    const onLane = byLane.get(lane.id)!;
    const counts = laneSlotCounts(lane, onLane);
    bookedSlotCount += counts.booked;
    totalSlotCount += counts.total;
    for (const booking of onLane) appointments.set(booking.appointmentId, booking);
  }
  // One pass: the earliest and latest start, the clients.
  let first = Infinity;
  let last = -Infinity;
  let clientCount = 0;
  for (const appointment of appointments.values()) {
    const start = toSeconds(appointment.startTime);
    if (start < first) first = start;
    if (start > last) last = start;
    clientCount += Math.max(1, appointment.clientCount);
  }
  const laneStarts = lanes.map((lane) => toSeconds(lane.startTime));
  const laneEnds = lanes.map((lane) => toSeconds(lane.endTime));
  return {
    capacity: totalSlotCount === 0 ? 0 : Math.round((bookedSlotCount * 100) / totalSlotCount),
    appointmentCount: appointments.size,
    clientCount,
    bookedSlotCount,
    totalSlotCount,
    firstAppointmentTime: appointments.size ? toTimeOfDay(first) : null,
    lastAppointmentTime: appointments.size ? toTimeOfDay(last) : null,
    laneCount: lanes.length,
    minStartTime: lanes.length ? toTimeOfDay(Math.min(...laneStarts)) : null,
    maxEndTime: lanes.length ? toTimeOfDay(Math.max(...laneEnds)) : null,
  };
}
