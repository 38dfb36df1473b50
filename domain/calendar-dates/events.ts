import type { DomainEvent } from '../shared/decider';
import type { AppointmentDetails } from '../appointments/appointment';
import type { DateContent, DateHoldings, DateLane, SlotLock, CopySource } from './calendar-date';

interface OnDate {
  calendarId: number;
  date: string;
  at: string;
}

/** `copiedFrom`: the date whose lanes were copied, when the date was made by a copy. */
export type CalendarDateAdded = DomainEvent<'CalendarDateAdded', OnDate & DateContent & { copiedFrom: string | null }>;
export type CalendarDateUpdated = DomainEvent<
  'CalendarDateUpdated',
  OnDate & { changes: { enabled?: boolean; lanes?: DateLane[] } }
>;
export type CalendarDateDeleted = DomainEvent<'CalendarDateDeleted', OnDate & { calendarDateId: number }>;
/** The date's whole content went to `toDate`, whose stream records CalendarDateMovedHere in the same append. */
export type CalendarDateMovedAway = DomainEvent<
  'CalendarDateMovedAway',
  OnDate & { calendarDateId: number; toDate: string }
>;
/**
 * Locks and bookings travel with the date (absent from moves recorded before they existed). `notifyClients`: staff
 * asked for a notice of the move to the clients of its bookings (issue 19); present only then.
 */
export type CalendarDateMovedHere = DomainEvent<
  'CalendarDateMovedHere',
  OnDate & DateContent & Partial<DateHoldings> & { fromDate: string; notifyClients?: boolean }
>;
/** `expiredTokens`: locks that had run out by then, dropped from the date. */
export type SlotLocked = DomainEvent<'SlotLocked', OnDate & SlotLock & { expiredTokens: string[] }>;
export type SlotReleased = DomainEvent<'SlotReleased', OnDate & { token: string }>;
/** The appointment takes the slot; the lock it was booked under (if any) is used up. */
export type AppointmentBooked = DomainEvent<
  'AppointmentBooked',
  OnDate & {
    appointmentId: number;
    laneId: number;
    startTime: string;
    endTime: string;
    lockToken: string | null;
    confirmationCode: string;
    appointment: AppointmentDetails;
    /** A copy of another appointment (staff's Copy and Paste). */
    copiedFrom?: CopySource;
    /** The public service it was booked through (issue 20); absent for staff bookings and those recorded before. */
    serviceId?: number;
  }
>;

interface Placed {
  appointmentId: number;
  laneId: number;
  startTime: string;
  endTime: string;
}

/** Staff changed an appointment on its date; `from` is its former place when it moved. `version` is the new one. */
export type AppointmentChanged = DomainEvent<
  'AppointmentChanged',
  OnDate &
    Placed & {
      version: number;
      appointment: AppointmentDetails;
      changes: string[];
      lockToken: string | null;
      from: Omit<Placed, 'appointmentId'> | null;
      /** Staff asked for a notice to the client of a move (issue 19); absent on events recorded before. */
      notifyClient?: boolean;
    }
>;
/** `notifyClient`: staff asked for a cancellation notice to the client (issue 19); absent on events recorded before. */
export type AppointmentCancelled = DomainEvent<
  'AppointmentCancelled',
  OnDate & { appointmentId: number; notifyClient?: boolean }
>;
export type AppointmentMovedAway = DomainEvent<
  'AppointmentMovedAway',
  OnDate & { appointmentId: number; toDate: string }
>;
export type AppointmentMovedHere = DomainEvent<
  'AppointmentMovedHere',
  OnDate &
    Placed & {
      version: number;
      confirmationCode: string;
      appointment: AppointmentDetails;
      changes: string[];
      lockToken: string | null;
      fromDate: string;
      /** Staff asked for a notice to the client of the move (issue 19); absent on events recorded before. */
      notifyClient?: boolean;
    }
>;

export type CalendarDateEvent =
  | CalendarDateAdded
  | CalendarDateUpdated
  | CalendarDateDeleted
  | CalendarDateMovedAway
  | CalendarDateMovedHere
  | SlotLocked
  | SlotReleased
  | AppointmentBooked
  | AppointmentChanged
  | AppointmentCancelled
  | AppointmentMovedAway
  | AppointmentMovedHere;
export const calendarDateEventTypes: CalendarDateEvent['type'][] = [
  'CalendarDateAdded',
  'CalendarDateUpdated',
  'CalendarDateDeleted',
  'CalendarDateMovedAway',
  'CalendarDateMovedHere',
  'SlotLocked',
  'SlotReleased',
  'AppointmentBooked',
  'AppointmentChanged',
  'AppointmentCancelled',
  'AppointmentMovedAway',
  'AppointmentMovedHere',
];
