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
  const blocked: Span[] = [
    ...[...breaks].map((start) => ({ start, end: start + lane.slotInterval })),
    ...occupations.map((occupation) => ({ start: toSeconds(occupation.startTime), end: toSeconds(occupation.endTime) })),
  ];
  return laneSlotTimes(lane).map((start): Timeslot => {
    const slot = { start, end: Math.min(start + lane.slotInterval, laneEnd) };
    const occupation = occupations.find((candidate) => overlaps(slot, { start: toSeconds(candidate.startTime), end: toSeconds(candidate.endTime) }));
    const availableDurations = lane.durations
      .map((duration) => duration.value)
      .filter((duration) => start + duration <= laneEnd && !blocked.some((span) => overlaps({ start, end: start + duration }, span)));
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
    if ((bookable.size > 0 && !bookable.has(start)) || availableDurations.length === 0) {
      return { ...base, label: 'Unavailable', isBookable: false, availableDurations };
    }
    return { ...base, label: 'Available', isBookable: true, availableDurations };
  });
}
