import type { DomainEvent } from '../shared/decider';
import type { AppointmentDetails } from '../appointments/appointment';
import type { SessionDate, SpotHold } from './series';

export type GroupSessionSeriesCreated = DomainEvent<
  'GroupSessionSeriesCreated',
  {
    seriesId: number;
    calendarId: number;
    name: string;
    sessionDates: SessionDate[];
    deadline: string;
    spots: number;
    at: string;
  }
>;

interface OnSeries {
  seriesId: number;
  calendarId: number;
  at: string;
}

/** `expiredTokens`: holds that had run out by then, dropped from the series. */
export type SpotsHeld = DomainEvent<'SpotsHeld', OnSeries & SpotHold & { expiredTokens: string[] }>;
export type SpotsReleased = DomainEvent<'SpotsReleased', OnSeries & { token: string }>;
/** The client takes `spots` of the series; the hold it was registered under is used up. */
export type ClientRegistered = DomainEvent<
  'ClientRegistered',
  OnSeries & {
    appointmentId: number;
    confirmationCode: string;
    lockToken: string;
    spots: number;
    appointment: AppointmentDetails;
    /** The public service it was booked through (issue 20); absent for staff bookings and those recorded before. */
    serviceId?: number;
  }
>;

/** `notifyClient`: a cancellation notice goes to the client (issue 20: the client cancelled online); absent before. */
export type ClientUnregistered = DomainEvent<
  'ClientUnregistered',
  OnSeries & { appointmentId: number; spots: number; notifyClient?: boolean }
>;

export type GroupSessionSeriesEvent =
  GroupSessionSeriesCreated | SpotsHeld | SpotsReleased | ClientRegistered | ClientUnregistered;
export const groupSessionSeriesEventTypes: GroupSessionSeriesEvent['type'][] = [
  'GroupSessionSeriesCreated',
  'SpotsHeld',
  'SpotsReleased',
  'ClientRegistered',
  'ClientUnregistered',
];
