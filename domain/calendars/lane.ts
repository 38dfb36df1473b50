import { DomainError } from '../shared/decider';
import { toSeconds } from './time-of-day';

/** §9 duration choices, in seconds. */
export const DURATION_CHOICES = [300, 600, 900, 1200, 1800, 2400, 3600, 7200] as const;
/** Slot intervals offered: the same steps as durations. */
export const SLOT_INTERVAL_CHOICES = DURATION_CHOICES;

export interface LaneDuration {
  /** Seconds. */
  value: number;
  label: string;
  isDefault: boolean;
}

/** One staff member's column of a calendar (§3 Lane). Times are wall-clock 'HH:MM:SS'. */
export interface Lane {
  /** Null on a lane not saved yet (a new or copied calendar); the server gives it an id. */
  id: number | null;
  name: string;
  startTime: string;
  endTime: string;
  /** The enabled durations; exactly one is the default. */
  durations: LaneDuration[];
  /** Seconds between two slot start times. */
  slotInterval: number;
  /** Slot times that may be booked; empty means every slot that is not a break. */
  bookableSlots: string[];
  /** Slot times that are breaks: never bookable. */
  breakSlots: string[];
}

export const durationLabel = (seconds: number): string => `${seconds / 60} min`;

/** §3 and §9: 'Staff 1', 08:45 to 15:00, 15-minute slots and duration. */
export const defaultLane = (): Lane => ({
  id: null,
  name: 'Staff 1',
  startTime: '08:45:00',
  endTime: '15:00:00',
  durations: [{ value: 900, label: durationLabel(900), isDefault: true }],
  slotInterval: 900,
  bookableSlots: [],
  breakSlots: [],
});

/** Start times of a lane's slots, from its start, every interval, while the slot starts before the end. */
export function laneSlotTimes(lane: Pick<Lane, 'startTime' | 'endTime' | 'slotInterval'>): number[] {
  const start = toSeconds(lane.startTime);
  const end = toSeconds(lane.endTime);
  const times: number[] = [];
  if (lane.slotInterval <= 0) return times;
  for (let time = start; time < end; time += lane.slotInterval) times.push(time);
  return times;
}

/**
 * §5 Lane: break and bookable slots outside the lane's range are dropped, breaks are removed from the bookable
 * choices, durations are kept in order without repeats, and the default is one of them (the first if none is).
 */
export function normaliseLane(lane: Lane): Lane {
  const inLane = new Set(laneSlotTimes(lane));
  const keep = (times: string[]) => [...new Set(times)].filter((time) => inLane.has(toSeconds(time))).sort();
  const breakSlots = keep(lane.breakSlots);
  const breaks = new Set(breakSlots);
  const bookableSlots = keep(lane.bookableSlots).filter((time) => !breaks.has(time));
  const values = [...new Set(lane.durations.map((duration) => duration.value))].sort((a, b) => a - b);
  const chosen = lane.durations.find((duration) => duration.isDefault)?.value;
  const defaultValue = chosen !== undefined && values.includes(chosen) ? chosen : values[0];
  const durations = values.map((value) => ({ value, label: durationLabel(value), isDefault: value === defaultValue }));
  return { ...lane, name: lane.name.trim(), breakSlots, bookableSlots, durations };
}

/** The first rule a set of lanes breaks (§5 Lane), as a refusal naming the field; null when they are valid. */
export function laneProblem(lanes: Lane[], prefix = 'lanes'): DomainError | null {
  const refuse = (field: string, message: string) => new DomainError('VALIDATION_FAILED', message, { field });
  if (lanes.length === 0)
    return new DomainError(
      'LANES_REQUIRED',
      'Calendar date lanes not configured. Please configure at least one lane.',
      { field: prefix },
    );
  for (const [index, lane] of lanes.entries()) {
    const at = `${prefix}.${index}`;
    if (!lane.name.trim()) return refuse(`${at}.name`, 'Every lane needs a name.');
    if (toSeconds(lane.startTime) >= toSeconds(lane.endTime))
      return refuse(`${at}.endTime`, 'A lane starts before it ends.');
    if (!(SLOT_INTERVAL_CHOICES as readonly number[]).includes(lane.slotInterval))
      return refuse(`${at}.slotInterval`, 'Choose a slot interval from the list.');
    if (lane.durations.length === 0) return refuse(`${at}.durations`, 'Choose at least one duration.');
    const unknown = lane.durations.find(
      (duration) => !(DURATION_CHOICES as readonly number[]).includes(duration.value),
    );
    if (unknown) return refuse(`${at}.durations`, 'Choose durations from the list.');
  }
  return null;
}

/**
 * The lanes with their ids: a lane that has one must be one of the calendar's own (`ownIds`), each once; a lane
 * without one is new and takes the next of `newIds`, the ids the handler reserved for them. Refused, naming the
 * lane (`lanes.2.id`), when an id belongs to another calendar's lane or was never given.
 */
export function withLaneIds(
  lanes: Lane[],
  ownIds: ReadonlySet<number>,
  newIds: readonly number[],
  prefix = 'lanes',
): (Lane & { id: number })[] {
  const seen = new Set<number>();
  const fresh = [...newIds];
  return lanes.map((lane, index) => {
    if (lane.id === null) {
      const id = fresh.shift();
      if (id === undefined) throw new Error('Too few new lane ids for the lanes without one');
      return { ...lane, id };
    }
    if (!ownIds.has(lane.id) || seen.has(lane.id)) {
      throw new DomainError(
        'VALIDATION_FAILED',
        'A lane id must be one of this calendar’s lanes, each once; a new lane comes without an id.',
        { field: `${prefix}.${index}.id` },
      );
    }
    seen.add(lane.id);
    return { ...lane, id: lane.id };
  });
}
