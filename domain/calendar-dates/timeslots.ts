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
 * A lane's timeslots, as wall-clock times of the date: they are the same on a day the clocks change, because they
 * are never converted through instants.
 */
export function laneTimeslots(lane: DateLane, occupations: Occupation[] = []): Timeslot[] {
  const laneEnd = toSeconds(lane.endTime);
  const breaks = new Set(lane.breakSlots.map(toSeconds));
  const bookable = new Set(lane.bookableSlots.map(toSeconds));
  const occupied = occupations.map((occupation) => ({ occupation, start: toSeconds(occupation.startTime), end: toSeconds(occupation.endTime) }));
  const blocked: Span[] = [...[...breaks].map((start) => ({ start, end: start + lane.slotInterval })), ...occupied];
  const durations = lane.durations.map((duration) => duration.value);
  const times = laneSlotTimes(lane);
  // Linear in slots and occupations, not their product: the projector runs this for every lane of a date on each of
  // its events, and a busy day's lanes hold a hundred slots and as many bookings.
  const occupationAt = occupationsBySlot(times, lane.slotInterval, laneEnd, occupied);
  const fitLimit = fitLimits(times, laneEnd, blocked);
  return times.map((start, index): Timeslot => {
    const occupation = occupationAt[index];
    const limit = fitLimit[index]!;
    const base = { time: toTimeOfDay(start), appointmentId: null, clients: [], phone: null, history: [], token: null };
    if (occupation?.kind === 'appointment') {
      return {
        ...base,
        label: 'Booked',
        isBookable: false,
        availableDurations: [],
        appointmentId: occupation.appointmentId ?? null,
        clients: occupation.clients ?? [],
        phone: occupation.phone ?? null,
        history: occupation.history ?? [],
      };
    }
    if (occupation?.kind === 'lock') return { ...base, label: 'Locked', isBookable: false, availableDurations: [], token: occupation.token ?? null };
    if (breaks.has(start)) return { ...base, label: 'Break', isBookable: false, availableDurations: [] };
    const availableDurations = durations.filter((duration) => start + duration <= limit);
    if ((bookable.size > 0 && !bookable.has(start)) || availableDurations.length === 0) {
      return { ...base, label: 'Unavailable', isBookable: false, availableDurations };
    }
    return { ...base, label: 'Available', isBookable: true, availableDurations };
  });
}

/** For each slot, the first occupation (in the given order) that overlaps it. */
function occupationsBySlot(times: number[], interval: number, laneEnd: number, occupied: (Span & { occupation: Occupation })[]): (Occupation | undefined)[] {
  const found: (Occupation | undefined)[] = new Array(times.length);
  if (times.length === 0) return found;
  const first = times[0]!;
  for (const span of occupied) {
    const from = Math.max(0, Math.floor((span.start - first) / interval));
    const to = Math.min(times.length - 1, Math.ceil((span.end - first) / interval));
    for (let index = from; index <= to; index++) {
      const slot = { start: times[index]!, end: Math.min(times[index]! + interval, laneEnd) };
      if (found[index] === undefined && overlaps(slot, span)) found[index] = span.occupation;
    }
  }
  return found;
}

/**
 * For each slot start, the latest time a duration from it may end: the lane's end, or sooner the start of the first
 * break or occupation not over by then (a duration fits when it ends by that limit).
 */
function fitLimits(times: number[], laneEnd: number, blocked: Span[]): number[] {
  const byEnd = [...blocked].sort((a, b) => a.end - b.end);
  // earliestStartFrom[k]: the earliest start among the spans from k on (those ending latest).
  const earliestStartFrom = new Array<number>(byEnd.length + 1);
  earliestStartFrom[byEnd.length] = Infinity;
  for (let k = byEnd.length - 1; k >= 0; k--) earliestStartFrom[k] = Math.min(byEnd[k]!.start, earliestStartFrom[k + 1]!);
  let over = 0;
  return times.map((start) => {
    while (over < byEnd.length && byEnd[over]!.end <= start) over++;
    return Math.min(laneEnd, earliestStartFrom[over]!);
  });
}
