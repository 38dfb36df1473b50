import type { DateBooking, DateHoldings, DateLane, SlotLock } from './calendar-date';
import { bookingOccupation, lockOccupation, sameObjects, takesTime } from './holdings';
import { toTimeOfDay } from '../calendars/time-of-day';
import { fitsAt, labelAt, laneGrid } from './timeslots';

/** A free start time and the first lane (in the date's lane order) that has it free. */
export type FreeStart = [time: string, laneId: number];

/**
 * What the public can book on a date, by duration (seconds, as a string key): each start time free for the whole
 * duration, once, in time order. It holds from `validFrom` until `validUntil`, when the first lock counted in it
 * lapses (null: no lock counts, it holds until the date changes).
 */
export interface FreeTimes {
  byDuration: Record<string, FreeStart[]>;
  validFrom: string;
  validUntil: string | null;
}

/** What takes up a lane's time: its bookings, then its locks that take time, in their order. */
interface LaneHoldings {
  bookings: DateBooking[];
  locks: SlotLock[];
}

/** A lane's free start times by duration (in time order), and the holdings they were found with. */
interface LaneFreeStarts {
  holdings: LaneHoldings;
  byDuration: ReadonlyMap<number, readonly number[]>;
}

/**
 * By lane object. An event changes one lane of a date, and the projector recomputes the date's free times on each
 * batch that changes it: the other lanes' free starts stand while their holdings are the same objects (a lock or a
 * booking is never changed in place; a changed one is a new object, and lanes are never changed in place either).
 */
const freeStartsOfLanes = new WeakMap<DateLane, LaneFreeStarts>();

function holdingsByLane(holdings: DateHoldings, now: string): Map<number, LaneHoldings> {
  const byLane = new Map<number, LaneHoldings>();
  const of = (laneId: number) => {
    let lane = byLane.get(laneId);
    if (!lane) byLane.set(laneId, (lane = { bookings: [], locks: [] }));
    return lane;
  };
  for (const booking of holdings.bookings) of(booking.laneId).bookings.push(booking);
  for (const lock of holdings.locks) if (takesTime(lock, now)) of(lock.laneId).locks.push(lock);
  return byLane;
}

function laneFreeStarts(lane: DateLane, holdings: LaneHoldings): ReadonlyMap<number, readonly number[]> {
  const kept = freeStartsOfLanes.get(lane);
  if (
    kept &&
    sameObjects(kept.holdings.bookings, holdings.bookings) &&
    sameObjects(kept.holdings.locks, holdings.locks)
  )
    return kept.byDuration;
  const grid = laneGrid(lane, [...holdings.bookings.map(bookingOccupation), ...holdings.locks.map(lockOccupation)]);
  const byDuration = new Map<number, number[]>();
  for (let index = 0; index < grid.times.length; index++) {
    if (labelAt(grid, index) !== 'Available') continue;
    for (const duration of grid.durations) {
      if (!fitsAt(grid, index, duration)) continue;
      const starts = byDuration.get(duration);
      if (starts) starts.push(grid.times[index]!);
      else byDuration.set(duration, [grid.times[index]!]);
    }
  }
  freeStartsOfLanes.set(lane, { holdings, byDuration });
  return byDuration;
}

const NO_HOLDINGS: LaneHoldings = { bookings: [], locks: [] };

export function freeTimes(lanes: DateLane[], holdings: DateHoldings, now: string): FreeTimes {
  // Each duration's starts of every lane, as numbers `start × lanes + lane index`: sorted, a start's first lane in
  // the date's lane order comes first.
  const keys = new Map<number, number[]>();
  const lanesHoldings = holdingsByLane(holdings, now);
  lanes.forEach((lane, laneIndex) => {
    for (const [duration, starts] of laneFreeStarts(lane, lanesHoldings.get(lane.id) ?? NO_HOLDINGS)) {
      let found = keys.get(duration);
      if (!found) keys.set(duration, (found = []));
      for (const start of starts) found.push(start * lanes.length + laneIndex);
    }
  });
  const byDuration: Record<string, FreeStart[]> = {};
  for (const [duration, found] of keys) {
    const sorted = Float64Array.from(found).sort();
    const free: FreeStart[] = [];
    let last = -1;
    for (const key of sorted) {
      const start = Math.floor(key / lanes.length);
      if (start === last) continue;
      last = start;
      free.push([toTimeOfDay(start), lanes[key - start * lanes.length]!.id]);
    }
    byDuration[String(duration)] = free;
  }
  const lapses = holdings.locks.filter((lock) => takesTime(lock, now)).map((lock) => lock.expiresAt);
  return {
    byDuration,
    validFrom: now,
    validUntil: lapses.length ? lapses.reduce((first, lapse) => (lapse < first ? lapse : first)) : null,
  };
}
