import type { DateHoldings, DateLane } from './calendar-date';
import { isLive, laneOccupations } from './holdings';
import { laneTimeslots } from './timeslots';

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
  const byDuration = new Map<number, Map<string, number>>();
  for (const lane of lanes) {
    for (const slot of laneTimeslots(lane, laneOccupations(holdings, lane.id, now))) {
      if (!slot.isBookable) continue;
      for (const duration of slot.availableDurations) {
        const starts = byDuration.get(duration) ?? new Map<string, number>();
        if (!starts.has(slot.time)) starts.set(slot.time, lane.id);
        byDuration.set(duration, starts);
      }
    }
  }
  const lapses = holdings.locks.filter((lock) => lock.appointmentId === undefined && isLive(lock, now)).map((lock) => lock.expiresAt);
  return {
    byDuration: Object.fromEntries(
      [...byDuration].map(([duration, starts]) => [String(duration), [...starts].sort(([a], [b]) => a.localeCompare(b))]),
    ),
    validFrom: now,
    validUntil: lapses.length ? lapses.reduce((first, lapse) => (lapse < first ? lapse : first)) : null,
  };
}
