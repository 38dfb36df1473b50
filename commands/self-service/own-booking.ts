import type { AppointmentDetails } from '../../domain/appointments/appointment';
import type { BookedSession } from '../../domain/self-service/booking-times';
import { selfServicePolicy, type SelfServicePolicy } from '../../domain/self-service/policy';
import type { ServiceScope } from '../../domain/services/service';

/** The public service that governs a booking's self-service (domain/self-service/governing-service.ts). */
export type GoverningService = ServiceScope & {
  id: number;
  selfServiceEnabled: boolean;
  selfServiceCutoffHours: number;
};

/**
 * A booking as the client's own changes need it, looked up by the caller from the read models: where it is now, its
 * details, its sittings and times, the service that governs it and whom to call when changes are closed online.
 */
export interface OwnBooking {
  id: number;
  calendarId: number;
  /** Null for a course registration. */
  date: string | null;
  laneId: number | null;
  startTime: string | null;
  endTime: string | null;
  seriesId: number | null;
  confirmationCode: string;
  version: number;
  details: AppointmentDetails;
  /** The appointment's one sitting, or every session of a course, in order. */
  sessions: BookedSession[];
  startsAt: Date;
  /** The lapse of its manage-link tokens. */
  endsAt: Date;
  service: GoverningService | null;
  /** The phone of the calendar's location, '' without one. */
  phone: string;
}

/** What the client may do online with the booking at `now`. */
export const policyOf = (booking: OwnBooking, now: Date): SelfServicePolicy =>
  selfServicePolicy({
    startsAt: booking.startsAt.toISOString(),
    now: now.toISOString(),
    groupSession: booking.seriesId !== null,
    service: booking.service && {
      selfServiceEnabled: booking.service.selfServiceEnabled,
      selfServiceCutoffHours: booking.service.selfServiceCutoffHours,
      offersCalendar: booking.service.calendarIds.includes(booking.calendarId),
    },
  });

/** The booking as the appointment handlers take it (a course registration has no date). */
export const foundAppointment = (booking: OwnBooking) => ({
  ...booking.details,
  id: booking.id,
  calendarId: booking.calendarId,
  confirmationCode: booking.confirmationCode,
  date: booking.date,
});
