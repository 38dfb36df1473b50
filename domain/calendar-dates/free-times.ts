import type { DateHoldings, DateLane } from './calendar-date';
import { isLive, occupationsByLane } from './holdings';
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

export function freeTimes(lanes: DateLane[], holdings: DateHoldings, now: string): FreeTimes {
  const byDuration = new Map<number, Map<number, number>>();
  const occupations = occupationsByLane(holdings, now);
  for (const lane of lanes) {
    const grid = laneGrid(lane, occupations.get(lane.id));
    for (let index = 0; index < grid.times.length; index++) {
      if (labelAt(grid, index) !== 'Available') continue;
      const start = grid.times[index]!;
      for (const duration of grid.durations) {
        if (!fitsAt(grid, index, duration)) continue;
        let starts = byDuration.get(duration);
        if (!starts) byDuration.set(duration, (starts = new Map()));
        if (!starts.has(start)) starts.set(start, lane.id);
      }
    }
  }
  const lapses = holdings.locks
    .filter((lock) => lock.appointmentId === undefined && isLive(lock, now))
    .map((lock) => lock.expiresAt);
  return {
    byDuration: Object.fromEntries(
      [...byDuration].map(([duration, starts]) => [
        String(duration),
        [...starts.keys()].sort((a, b) => a - b).map((start): FreeStart => [toTimeOfDay(start), starts.get(start)!]),
      ]),
    ),
    validFrom: now,
    validUntil: lapses.length ? lapses.reduce((first, lapse) => (lapse < first ? lapse : first)) : null,
  };
}
