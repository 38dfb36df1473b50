import type { DomainCommand } from '../shared/decider';
import type { AppointmentDetails } from '../appointments/appointment';
import type { ClaimedPlace } from '../appointments/claimed-place';
import type { DateWindow } from '../calendar-dates/calendar-date';
import type { SessionDate } from './series';

export type CreateGroupSessionSeries = DomainCommand<
  'CreateGroupSessionSeries',
  {
    seriesId: number;
    calendarId: number;
    name: string;
    sessionDates: SessionDate[];
    deadline: string | null;
    spots: number;
    window: DateWindow;
    now: string;
  }
>;

/** `today` is the date in the unit's time zone: registration is open through the deadline day. */
interface Registering {
  today: string;
  now: string;
}

/** Holds `spots` of the series while the form is filled, until `expiresAt` (now plus the calendar's lock time). */
export type HoldSpots = DomainCommand<
  'HoldSpots',
  Registering & { token: string; laneId: number; spots: number; expiresAt: string }
>;
export type ReleaseSpots = DomainCommand<'ReleaseSpots', Registering & { token: string }>;
/**
 * Registers under the hold `lockToken`: while it lives, or after it ran out if the spots are still free. `claimed`:
 * what the payload names; its lane must be the hold's. A hold takes spots, not a time: the times and duration are the
 * course's sessions', so they are not compared.
 */
export type RegisterClient = DomainCommand<
  'RegisterClient',
  Registering & {
    appointmentId: number;
    lockToken: string;
    confirmationCode: string;
    appointment: AppointmentDetails;
    claimed?: ClaimedPlace;
    /** The public service booked through (issue 20). */
    serviceId?: number;
  }
>;

/** Staff take a registration back: its spots are free again at once. */
export type UnregisterClient = DomainCommand<
  'UnregisterClient',
  { appointmentId: number; now: string; notifyClient?: boolean }
>;

export type GroupSessionSeriesCommand =
  CreateGroupSessionSeries | HoldSpots | ReleaseSpots | RegisterClient | UnregisterClient;
