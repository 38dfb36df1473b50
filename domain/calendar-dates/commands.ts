import type { DomainCommand } from '../shared/decider';
import type { AppointmentDetails } from '../appointments/appointment';
import type { ClaimedPlace } from '../appointments/claimed-place';
import type { DateContent, DateHoldings, DateLane, DateWindow, CopySource } from './calendar-date';

interface Target {
  calendarId: number;
  date: string;
  window: DateWindow;
  now: string;
}

export type AddCalendarDate = DomainCommand<'AddCalendarDate', Target & DateContent & { copiedFrom: string | null }>;
/** Absent fields stay as they are. */
export type UpdateCalendarDate = DomainCommand<
  'UpdateCalendarDate',
  Target & { enabled?: boolean; lanes?: DateLane[] }
>;
export type DeleteCalendarDate = DomainCommand<'DeleteCalendarDate', Target>;
export type MoveCalendarDateAway = DomainCommand<'MoveCalendarDateAway', Target & { toDate: string }>;
/**
 * The content arrives from the source date's state, read in the same decision. `notifyClients`: staff ask for a
 * notice of the move to the clients of the date's bookings (issue 19).
 */
export type ReceiveCalendarDate = DomainCommand<
  'ReceiveCalendarDate',
  Target & { fromDate: string; content: DateContent & DateHoldings; notifyClients?: boolean }
>;
/**
 * Holds a slot of a lane until `expiresAt` (now plus the calendar's lock time). `earliestTime`: slots starting
 * before it cannot be held (the public cannot book a time of today that has passed; staff can). With
 * `appointmentId` it is an edit hold on that appointment's place instead: one editor at a time.
 */
export type LockSlot = DomainCommand<
  'LockSlot',
  Target & {
    token: string;
    laneId: number;
    startTime: string;
    endTime: string;
    expiresAt: string;
    earliestTime: string | null;
    appointmentId?: number;
  }
>;
export type ReleaseLock = DomainCommand<'ReleaseLock', Target & { token: string }>;
/**
 * Books the slot held by `lockToken`: while the lock lives, or after it ran out if nobody took the slot since.
 * `endTime`: staff choose the length (from the lock's start); the public books what the lock holds. `claimed`: the
 * lane, times and duration the payload names, which must be those booked (SLOT_UNAVAILABLE otherwise).
 */
export type BookAppointment = DomainCommand<
  'BookAppointment',
  Target & {
    appointmentId: number;
    lockToken: string;
    confirmationCode: string;
    appointment: AppointmentDetails;
    endTime?: string;
    copiedFrom?: CopySource;
    claimed?: ClaimedPlace;
    /** The public service booked through (issue 20). */
    serviceId?: number;
  }
>;

/** Where an appointment sits on a date. */
export interface AppointmentPlace {
  laneId: number;
  startTime: string;
  endTime: string;
}

/**
 * Staff change an appointment on its date: its details and/or its place (a lane and times of the same date). The
 * `version` is the one the editor loaded; `lockToken` the lock held on the new place, if any. `changes`: the
 * fields of the details that differ, worked out by the caller from the appointment as it is. `notifyClient`: staff
 * ask for a notice to the client when it moves (issue 19); a change that does not move it has none to give.
 */
export type ChangeAppointment = DomainCommand<
  'ChangeAppointment',
  Target &
    AppointmentPlace & {
      appointmentId: number;
      version: number;
      appointment: AppointmentDetails;
      changes: string[];
      lockToken: string | null;
      notifyClient?: boolean;
    }
>;
/** `notifyClient`: staff ask for a cancellation notice to the client (issue 19). */
export type CancelAppointment = DomainCommand<
  'CancelAppointment',
  Target & { appointmentId: number; notifyClient?: boolean }
>;
/** The appointment leaves for `toDate`, whose stream receives it in the same append. */
export type MoveAppointmentAway = DomainCommand<
  'MoveAppointmentAway',
  Target & { appointmentId: number; version: number; toDate: string }
>;
export type ReceiveAppointment = DomainCommand<
  'ReceiveAppointment',
  Target &
    AppointmentPlace & {
      appointmentId: number;
      /** The version it had on the date it comes from. */
      version: number;
      confirmationCode: string;
      appointment: AppointmentDetails;
      changes: string[];
      lockToken: string | null;
      fromDate: string;
      /** Staff ask for a notice to the client of the move (issue 19). */
      notifyClient?: boolean;
    }
>;

export type CalendarDateCommand =
  | AddCalendarDate
  | UpdateCalendarDate
  | DeleteCalendarDate
  | MoveCalendarDateAway
  | ReceiveCalendarDate
  | LockSlot
  | ReleaseLock
  | BookAppointment
  | ChangeAppointment
  | CancelAppointment
  | MoveAppointmentAway
  | ReceiveAppointment;
