import { DomainError } from '../shared/decider';
import { addMonths, isPlainDate } from '../shared/plain-date';
import type { Lane } from '../calendars/lane';

/** A lane of one calendar date: a copy of a calendar lane, with an id of its own (the calendarDateLaneId). */
export interface DateLane extends Lane {
  id: number;
}

/** What a calendar date holds; moving a date carries all of it to the new date. */
export interface DateContent {
  calendarDateId: number;
  enabled: boolean;
  lanes: DateLane[];
  /** The group-session series the date is a session of, on a group-session calendar. */
  seriesId: number | null;
}

/** A slot held while a form is filled; it counts until `expiresAt` (an instant), then the slot is free again. */
export interface SlotLock {
  token: string;
  laneId: number;
  startTime: string;
  endTime: string;
  expiresAt: string;
  /** An edit hold: staff have this appointment's form open (§4.2 Edit). It takes no time of its own. */
  appointmentId?: number;
}

/** An appointment as the date's capacity sees it: the lane time it takes. */
export interface DateBooking {
  appointmentId: number;
  laneId: number;
  startTime: string;
  endTime: string;
  clientCount: number;
  /** Counts the appointment's changes: an editor saves with the version it loaded (absent before versions: 1). */
  version?: number;
  confirmationCode?: string;
}

/** Where a copy (§4.2 Copy and Paste) was taken from, for its history. */
export interface CopySource {
  appointmentId: number;
  date: string;
  startTime: string;
}

export const versionOf = (booking: DateBooking): number => booking.version ?? 1;

/** What is held on a date's lanes; a move carries it too. */
export interface DateHoldings {
  locks: SlotLock[];
  bookings: DateBooking[];
}

export const noHoldings = (): DateHoldings => ({ locks: [], bookings: [] });

export const calendarDateStream = (calendarId: number, date: string): string => `calendarDate-${calendarId}_${date}`;

/** The dates staff may change (§5 Dates): from today to a year ahead, as days in the unit's time zone. */
export interface DateWindow {
  today: string;
  lastDay: string;
}

export const dateWindow = (today: string): DateWindow => ({ today, lastDay: addMonths(today, 12) });

/** A date can be added, changed, deleted or moved only inside the window. */
export function dateProblem(date: string, window: DateWindow, field = 'dates'): DomainError | null {
  if (!isPlainDate(date)) return new DomainError('VALIDATION_FAILED', `${date} is not a date.`, { field });
  if (date < window.today) return new DomainError('DATE_IN_PAST', `${date} is in the past.`, { field, date });
  if (date > window.lastDay)
    return new DomainError('DATE_TOO_FAR', `${date} is more than a year ahead.`, { field, date });
  return null;
}

/** The calendar date a lane belongs to now (lanes move with their date): what a lock or a booking on the lane needs. */
export interface LaneDate {
  calendarId: number;
  date: string;
  /** The date's series on a group-session calendar. */
  seriesId: number | null;
  calendarEnabled: boolean;
  lockTime: number;
}
