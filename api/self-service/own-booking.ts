import type { z } from 'zod';
import type { OwnBooking } from '../../commands/self-service/own-booking';
import { policyOf } from '../../commands/self-service/own-booking';
import { signManageToken, verifyManageToken } from '../../commands/self-service/manage-token';
import { bookingLinkExpired, bookingNotFound } from '../../commands/self-service/refusals';
import { toSeconds } from '../../domain/calendars/time-of-day';
import { bookingTimes, sessionsOfSeries } from '../../domain/self-service/booking-times';
import { governingService } from '../../domain/self-service/governing-service';
import { findOwnBooking, type OwnBookingRow } from '../../projections/appointments/own-booking';
import { sessionDatesOf } from '../../projections/calendar-dates/queries';
import { findCalendar } from '../../projections/calendars/queries';
import { findLocation, type LocationRecord } from '../../projections/locations/queries';
import { listPublicServices, localized, type Locale, type ServiceRecord } from '../../projections/services/queries';
import type { AppDependencies } from '../dependencies';
import type { managedBooking } from './schemas';

/** A booking with what its page shows beside it: the governing service's titles and the calendar's location. */
export interface LoadedBooking {
  booking: OwnBooking;
  service: ServiceRecord | null;
  location: LocationRecord | null;
}

/** The booking as the read models hold it now; undefined when it is gone (cancelled) or has no sitting left. */
export async function loadOwnBooking(
  dependencies: AppDependencies,
  row: OwnBookingRow | undefined,
): Promise<LoadedBooking | undefined> {
  if (!row) return undefined;
  const { knex } = dependencies;
  const sessions =
    row.seriesId !== null
      ? sessionsOfSeries((await sessionDatesOf(knex, [row.seriesId])).get(row.seriesId) ?? [])
      : row.date && row.startTime && row.endTime
        ? [{ date: row.date, startTime: row.startTime, endTime: row.endTime }]
        : [];
  const times = bookingTimes(sessions, dependencies.config.unitTimezone);
  if (!times) return undefined;
  const service = governingService(row, await listPublicServices(knex, 'en'));
  const calendar = await findCalendar(knex, row.calendarId);
  const location = calendar?.location ? ((await findLocation(knex, calendar.location.id)) ?? null) : null;
  return {
    booking: { ...row, sessions, ...times, service, phone: location?.phone ?? '' },
    service,
    location,
  };
}

/**
 * The booking a manage token names: BOOKING_NOT_FOUND for a token that is not ours or a booking that is gone,
 * BOOKING_LINK_EXPIRED once its lapse or the appointment's end has passed. `identified` learns the appointment as
 * soon as the token is known to be genuine (for the access log).
 */
export async function bookingOfToken(
  dependencies: AppDependencies,
  token: string,
  identified: (appointmentId: number) => void,
): Promise<LoadedBooking> {
  const now = dependencies.now();
  const { authSecret, config } = dependencies;
  const secrets = config.authSecretPrevious ? [authSecret, config.authSecretPrevious] : [authSecret];
  const verified = verifyManageToken(secrets, token, now);
  if (verified === 'invalid') throw bookingNotFound();
  if (verified === 'expired') throw bookingLinkExpired();
  identified(verified.appointmentId);
  const loaded = await loadOwnBooking(dependencies, await findOwnBooking(dependencies.knex, verified.appointmentId));
  if (!loaded) throw bookingNotFound();
  if (loaded.booking.endsAt.getTime() <= now.getTime()) throw bookingLinkExpired();
  return loaded;
}

/** What the client is shown of the booking, with a fresh token lapsing at its end. */
export function managedBookingOf(
  dependencies: AppDependencies,
  { booking, service, location }: LoadedBooking,
  locale: Locale,
): z.input<typeof managedBooking> {
  const first = booking.sessions[0]!;
  const french = locale === 'fr';
  return {
    token: signManageToken(dependencies.authSecret, { appointmentId: booking.id, expiresAt: booking.endsAt }),
    appointmentId: booking.id,
    confirmationCode: booking.confirmationCode,
    service: service && { id: service.id, title: localized(service, 'title', locale) },
    calendarId: booking.calendarId,
    groupSession: booking.seriesId !== null,
    date: first.date,
    startTime: first.startTime,
    endTime: first.endTime,
    duration: toSeconds(first.endTime) - toSeconds(first.startTime),
    sessions: booking.sessions,
    location: location && {
      name: (french && location.nameFr) || location.name,
      address: (french && location.addressFr) || location.address,
      city: location.city,
      postalCode: location.postalCode,
      phone: location.phone,
      isVirtual: location.isVirtual,
    },
    firstNames: booking.details.clientData.map((client) => client.preferredName?.trim() || client.firstName),
    selfService: policyOf(booking, dependencies.now()),
  };
}
