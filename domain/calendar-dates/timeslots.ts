import { laneSlotTimes } from '../calendars/lane';
import { toSeconds, toTimeOfDay } from '../calendars/time-of-day';
import type { DateLane } from './calendar-date';

/** Something that takes up part of a lane: an appointment, or a lock held while a form is filled. */
export interface Occupation {
  kind: 'appointment' | 'lock';
  startTime: string;
  endTime: string;
  appointmentId?: number;
  /** Clients of an appointment, when the detail of each is not at hand. */
  clientCount?: number;
  token?: string;
  clients?: TimeslotClient[];
  phone?: string;
  history?: TimeslotHistoryEntry[];
}

export interface TimeslotClient {
  name: string;
  dateOfBirth: string | null;
  attendance: string | null;
  room: string | null;
}

export interface TimeslotHistoryEntry {
  updatedBy: string;
  updatedAt: string;
  action: string;
}

/** 'Available' is the only label shown green (§4.2); every other one is red. */
export const TIMESLOT_LABELS = ['Available', 'Booked', 'Locked', 'Break', 'Unavailable'] as const;
export type TimeslotLabel = (typeof TIMESLOT_LABELS)[number];

/** §3 Calendar date timeslots. */
export interface Timeslot {
  time: string;
  label: TimeslotLabel;
  isBookable: boolean;
  /** Durations (seconds) that fit from this time without meeting a break, an appointment, a lock or the lane's end. */
  availableDurations: number[];
  appointmentId: number | null;
  clients: TimeslotClient[];
  phone: string | null;
  history: TimeslotHistoryEntry[];
  token: string | null;
}

interface Span {
  start: number;
  end: number;
}

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/**
 * A lane's slots reduced to numbers: each slot's start (seconds after midnight), the occupation over it, and the
 * latest time a duration from it may end. Statistics, free times and the deciders read slots from it without
 * building them (the projector runs them for every lane of a date on each batch).
 */
export interface LaneGrid {
  times: readonly number[];
  occupations: (Occupation | undefined)[];
  limits: number[];
  breaks: ReadonlySet<number>;
  bookable: ReadonlySet<number>;
  /** Duration values (seconds), in the lane's order. */
  durations: readonly number[];
  shortest: number;
}

/** What a grid takes from its lane alone, the same on every batch that reads the lane. */
interface LaneShape {
  times: readonly number[];
  laneEnd: number;
  breaks: ReadonlySet<number>;
  breakSpans: readonly Span[];
  bookable: ReadonlySet<number>;
  durations: readonly number[];
  shortest: number;
}

/**
 * Shapes by lane object: a projector's batch reads a date's lanes for its statistics and its free times, and a
 * stream's remembered state keeps its lanes from command to command. Lanes are never changed in place.
 */
const shapes = new WeakMap<DateLane, LaneShape>();

function laneShape(lane: DateLane): LaneShape {
  let shape = shapes.get(lane);
  if (!shape) {
    const breaks = new Set(lane.breakSlots.map(toSeconds));
    const durations = lane.durations.map((duration) => duration.value);
    shape = {
      times: laneSlotTimes(lane),
      laneEnd: toSeconds(lane.endTime),
      breaks,
      breakSpans: [...breaks].map((start) => ({ start, end: start + lane.slotInterval })),
      bookable: new Set(lane.bookableSlots.map(toSeconds)),
      durations,
      shortest: durations.length ? Math.min(...durations) : Infinity,
    };
    shapes.set(lane, shape);
  }
  return shape;
}

export function laneGrid(lane: DateLane, occupations: Occupation[] = []): LaneGrid {
  const { times, laneEnd, breaks, breakSpans, bookable, durations, shortest } = laneShape(lane);
  // Seconds in two arrays of numbers rather than an object an occupation: this runs for every lane of a date.
  const occupied: Occupied = {
    occupations,
    starts: new Array(occupations.length),
    ends: new Array(occupations.length),
  };
  for (let index = 0; index < occupations.length; index++) {
    occupied.starts[index] = toSeconds(occupations[index]!.startTime);
    occupied.ends[index] = toSeconds(occupations[index]!.endTime);
  }
  return {
    times,
    // Linear in slots and occupations, not their product: a busy day's lanes hold a hundred slots and as many bookings.
    occupations: occupationsBySlot(times, lane.slotInterval, laneEnd, occupied),
    limits: fitLimits(times, lane.slotInterval, laneEnd, breakSpans, occupied),
    breaks,
    bookable,
    durations,
    shortest,
  };
}

/** The label of the grid's slot `index` (what `laneTimeslots` shows for it). */
export function labelAt(grid: LaneGrid, index: number): TimeslotLabel {
  const occupation = grid.occupations[index];
  if (occupation) return occupation.kind === 'appointment' ? 'Booked' : 'Locked';
  const start = grid.times[index]!;
  if (grid.breaks.has(start)) return 'Break';
  if ((grid.bookable.size > 0 && !grid.bookable.has(start)) || start + grid.shortest > grid.limits[index]!)
    return 'Unavailable';
  return 'Available';
}

/** Whether `duration` fits from the grid's slot `index` without meeting a break, an occupation or the lane's end. */
export const fitsAt = (grid: LaneGrid, index: number, duration: number): boolean =>
  grid.times[index]! + duration <= grid.limits[index]!;

/**
 * A lane's timeslots, as wall-clock times of the date: they are the same on a day the clocks change, because they
 * are never converted through instants.
 */
export function laneTimeslots(lane: DateLane, occupations: Occupation[] = []): Timeslot[] {
  const grid = laneGrid(lane, occupations);
  return grid.times.map((start, index): Timeslot => {
    const occupation = grid.occupations[index];
    const label = labelAt(grid, index);
    const base = {
      time: toTimeOfDay(start),
      label,
      isBookable: label === 'Available',
      appointmentId: null,
      clients: [],
      phone: null,
      history: [],
      token: null,
    };
    if (occupation?.kind === 'appointment') {
      return {
        ...base,
        availableDurations: [],
        appointmentId: occupation.appointmentId ?? null,
        clients: occupation.clients ?? [],
        phone: occupation.phone ?? null,
        history: occupation.history ?? [],
      };
    }
    if (occupation?.kind === 'lock') return { ...base, availableDurations: [], token: occupation.token ?? null };
    if (label === 'Break') return { ...base, availableDurations: [] };
    return { ...base, availableDurations: grid.durations.filter((duration) => fitsAt(grid, index, duration)) };
  });
}

/** Occupations with their start and end in seconds, at the same index. */
interface Occupied {
  occupations: readonly Occupation[];
  starts: number[];
  ends: number[];
}

/** For each slot, the first occupation (in the given order) that overlaps it. */
function occupationsBySlot(
  times: readonly number[],
  interval: number,
  laneEnd: number,
  { occupations, starts, ends }: Occupied,
): (Occupation | undefined)[] {
  const found: (Occupation | undefined)[] = new Array(times.length);
  if (times.length === 0) return found;
  const first = times[0]!;
  for (let occupation = 0; occupation < occupations.length; occupation++) {
    const start = starts[occupation]!;
    const end = ends[occupation]!;
    const from = Math.max(0, Math.floor((start - first) / interval));
    const to = Math.min(times.length - 1, Math.ceil((end - first) / interval));
    for (let index = from; index <= to; index++) {
      const slot = { start: times[index]!, end: Math.min(times[index]! + interval, laneEnd) };
      if (found[index] === undefined && overlaps(slot, { start, end })) found[index] = occupations[occupation];
    }
  }
  return found;
}

/**
 * For each slot start, the latest time a duration from it may end: the lane's end, or sooner the start of the first
 * break or occupation not over by then (a duration fits when it ends by that limit). The slots are `interval` apart,
 * so each span is placed at the last slot it is not over for, and a minimum taken from the last slot back: linear,
 * and without sorting (the projectors run this for every lane of a date on each batch).
 */
function fitLimits(
  times: readonly number[],
  interval: number,
  laneEnd: number,
  breaks: readonly Span[],
  { starts, ends }: Occupied,
): number[] {
  const limits = new Array<number>(times.length).fill(laneEnd);
  if (times.length === 0) return limits;
  const first = times[0]!;
  const block = (start: number, end: number) => {
    // The last slot that starts before the span ends.
    const last = Math.min(times.length - 1, Math.ceil((end - first) / interval) - 1);
    if (last >= 0 && start < limits[last]!) limits[last] = start;
  };
  for (const span of breaks) block(span.start, span.end);
  for (let index = 0; index < starts.length; index++) block(starts[index]!, ends[index]!);
  for (let index = times.length - 2; index >= 0; index--)
    if (limits[index + 1]! < limits[index]!) limits[index] = limits[index + 1]!;
  return limits;
}
