import type { DomainCommand } from '../shared/decider';
import type { DateContent, DateLane, DateWindow } from './calendar-date';

interface Target {
  calendarId: number;
  date: string;
  window: DateWindow;
  now: string;
}

export type AddCalendarDate = DomainCommand<'AddCalendarDate', Target & DateContent & { copiedFrom: string | null }>;
/** Absent fields stay as they are. */
export type UpdateCalendarDate = DomainCommand<'UpdateCalendarDate', Target & { enabled?: boolean; lanes?: DateLane[] }>;
export type DeleteCalendarDate = DomainCommand<'DeleteCalendarDate', Target>;
export type MoveCalendarDateAway = DomainCommand<'MoveCalendarDateAway', Target & { toDate: string }>;
/** The content arrives from the source date's state, read in the same decision. */
export type ReceiveCalendarDate = DomainCommand<'ReceiveCalendarDate', Target & { fromDate: string; content: DateContent }>;

export type CalendarDateCommand = AddCalendarDate | UpdateCalendarDate | DeleteCalendarDate | MoveCalendarDateAway | ReceiveCalendarDate;
