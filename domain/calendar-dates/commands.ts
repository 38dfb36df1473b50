import type { DomainCommand } from '../shared/decider';
import type { AppointmentDetails } from '../appointments/appointment';
import type { DateContent, DateHoldings, DateLane, DateWindow } from './calendar-date';

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
export type ReceiveCalendarDate = DomainCommand<'ReceiveCalendarDate', Target & { fromDate: string; content: DateContent & DateHoldings }>;
/**
 * Holds a slot of a lane until `expiresAt` (now plus the calendar's lock time). `earliestTime`: slots starting
 * before it cannot be held (the public cannot book a time of today that has passed; staff can).
 */
export type LockSlot = DomainCommand<
  'LockSlot',
  Target & { token: string; laneId: number; startTime: string; endTime: string; expiresAt: string; earliestTime: string | null }
>;
export type ReleaseLock = DomainCommand<'ReleaseLock', Target & { token: string }>;
/** Books the slot held by `lockToken`: while the lock lives, or after it ran out if nobody took the slot since. */
export type BookAppointment = DomainCommand<
  'BookAppointment',
  Target & { appointmentId: number; lockToken: string; confirmationCode: string; appointment: AppointmentDetails }
>;

export type CalendarDateCommand =
  | AddCalendarDate
  | UpdateCalendarDate
  | DeleteCalendarDate
  | MoveCalendarDateAway
  | ReceiveCalendarDate
  | LockSlot
  | ReleaseLock
  | BookAppointment;
