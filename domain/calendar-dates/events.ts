import type { DomainEvent } from '../shared/decider';
import type { DateContent, DateLane } from './calendar-date';

interface OnDate {
  calendarId: number;
  date: string;
  at: string;
}

/** `copiedFrom`: the date whose lanes were copied, when the date was made by a copy. */
export type CalendarDateAdded = DomainEvent<'CalendarDateAdded', OnDate & DateContent & { copiedFrom: string | null }>;
export type CalendarDateUpdated = DomainEvent<'CalendarDateUpdated', OnDate & { changes: { enabled?: boolean; lanes?: DateLane[] } }>;
export type CalendarDateDeleted = DomainEvent<'CalendarDateDeleted', OnDate & { calendarDateId: number }>;
/** The date's whole content went to `toDate`, whose stream records CalendarDateMovedHere in the same append. */
export type CalendarDateMovedAway = DomainEvent<'CalendarDateMovedAway', OnDate & { calendarDateId: number; toDate: string }>;
export type CalendarDateMovedHere = DomainEvent<'CalendarDateMovedHere', OnDate & DateContent & { fromDate: string }>;

export type CalendarDateEvent = CalendarDateAdded | CalendarDateUpdated | CalendarDateDeleted | CalendarDateMovedAway | CalendarDateMovedHere;
export const calendarDateEventTypes: CalendarDateEvent['type'][] = [
  'CalendarDateAdded',
  'CalendarDateUpdated',
  'CalendarDateDeleted',
  'CalendarDateMovedAway',
  'CalendarDateMovedHere',
];
