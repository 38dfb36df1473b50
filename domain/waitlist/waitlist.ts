/**
 * Issue 20 item 6: a waitlist for a full course (a group-session series) or for a clinic date with no free time of
 * the length wanted. Its stream owns the order of the line and the offers; the spots or the slot an offer holds are
 * held on the stream that owns the capacity (the series' HoldSpots, the date's LockSlot), under the offer's token.
 */
export type WaitlistTarget =
  { kind: 'series'; calendarId: number; seriesId: number } | { kind: 'date'; calendarId: number; date: string };

/** `waitlist-12_series7` for a series, `waitlist-12_2026-12-03` for a date. */
export const waitlistStream = (target: WaitlistTarget): string =>
  target.kind === 'series'
    ? `waitlist-${target.calendarId}_series${target.seriesId}`
    : `waitlist-${target.calendarId}_${target.date}`;

/** Someone in line: where to write and in which language, what they wait for, through which public service. */
export interface WaitlistEntry {
  entryId: string;
  serviceId: number;
  email: string;
  language: 'en' | 'fr';
  /** A course: the spots wanted. A date: 1. */
  spots: number;
  /** A date: the length of the appointment wanted, in seconds; a course: null. */
  duration: number | null;
  joinedAt: string;
}

/** What an offer holds for its entry until `expiresAt`: the token of the hold on the capacity stream and its place. */
export interface WaitlistOffer {
  entryId: string;
  holdToken: string;
  laneId: number;
  /** A date's slot; null for a course's spots. */
  startTime: string | null;
  endTime: string | null;
  expiresAt: string;
  madeAt: string;
}

/** An entry's standing: waiting its turn, offered a place now, or out of line (booked, lapsed, left). */
export type WaitlistEntryStatus = 'waiting' | 'offered' | 'booked' | 'lapsed' | 'left';

export const MAX_WAITLIST_LENGTH = 200;
