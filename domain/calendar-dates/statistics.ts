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
  /** Of the lane's bookings: their clients, and the earliest and latest start (seconds; none: ±Infinity). */
  clients: number;
  firstStart: number;
  lastStart: number;
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
  const counts = { bookings, booked: 0, total: 0, clients: 0, firstStart: Infinity, lastStart: -Infinity };
  for (let index = 0; index < grid.times.length; index++) {
    const label = labelAt(grid, index);
    if (label === 'Booked') counts.booked += 1;
    if (label !== 'Break' && label !== 'Unavailable') counts.total += 1;
  }
  for (const booking of bookings) {
    const start = toSeconds(booking.startTime);
    if (start < counts.firstStart) counts.firstStart = start;
    if (start > counts.lastStart) counts.lastStart = start;
    counts.clients += Math.max(1, booking.clientCount);
  }
  slotCountsOfLanes.set(lane, counts);
  return counts;
}

/**
 * Statistics of a date from its lanes and its bookings (those on a lane it no longer has do not count). A date holds
 * an appointment once (its events replace a booking by its id), so the lanes' figures add up; each lane's are kept
 * while its bookings stay the same objects, and a batch that changes one lane of a busy date costs that lane.
 */
export function dateStatistics(lanes: DateLane[], bookings: readonly DateBooking[] = []): DateStatistics {
  const byLane = new Map<number, DateBooking[]>(lanes.map((lane) => [lane.id, []]));
  for (const booking of bookings) byLane.get(booking.laneId)?.push(booking);
  let bookedSlotCount = 0;
  let totalSlotCount = 0;
  let appointmentCount = 0;
  let clientCount = 0;
  let first = Infinity;
  let last = -Infinity;
  for (const lane of lanes) {
    const onLane = byLane.get(lane.id)!;
    const counts = laneSlotCounts(lane, onLane);
    bookedSlotCount += counts.booked;
    totalSlotCount += counts.total;
    appointmentCount += onLane.length;
    clientCount += counts.clients;
    if (counts.firstStart < first) first = counts.firstStart;
    if (counts.lastStart > last) last = counts.lastStart;
  }
  const laneStarts = lanes.map((lane) => toSeconds(lane.startTime));
  const laneEnds = lanes.map((lane) => toSeconds(lane.endTime));
  return {
    capacity: totalSlotCount === 0 ? 0 : Math.round((bookedSlotCount * 100) / totalSlotCount),
    appointmentCount,
    clientCount,
    bookedSlotCount,
    totalSlotCount,
    firstAppointmentTime: appointmentCount ? toTimeOfDay(first) : null,
    lastAppointmentTime: appointmentCount ? toTimeOfDay(last) : null,
    laneCount: lanes.length,
    minStartTime: lanes.length ? toTimeOfDay(Math.min(...laneStarts)) : null,
    maxEndTime: lanes.length ? toTimeOfDay(Math.max(...laneEnds)) : null,
  };
}
