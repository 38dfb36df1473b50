import { freePlaceOf } from '../../commands/booking/public-lock-holders';
import { cancelOwnBooking } from '../../commands/self-service/cancel';
import { lookUpBooking } from '../../commands/self-service/lookup';
import { bookingLinkExpired } from '../../commands/self-service/refusals';
import { rescheduleOwnBooking } from '../../commands/self-service/reschedule';
import { findOwnBooking, ownBookingsWithCode } from '../../projections/appointments/own-booking';
import { awaitReadModels, SCREEN_READ_MODELS } from '../await-read-models';
import { requireBotCheck } from '../bot-check/require';
import { publicContext } from '../public-context';
import { defineRoute } from '../routing';
import { withUnitTimeZone } from '../unit-time';
import { recordedAs } from './access';
import { bookingOfToken, loadOwnBooking, managedBookingOf } from './own-booking';
import {
  bookingCancelBody,
  bookingCancelled,
  bookingLookupBody,
  bookingRescheduleBody,
  bookingViewBody,
  managedBooking,
} from './schemas';

/**
 * Issue 20: the public finds its booking by confirmation code and last name, then views, cancels or reschedules it
 * with the signed token the lookup (or an e-mail's link) gives. Every call is recorded in the access log as the
 * public's, found or not.
 */
export const selfServiceRoutes = [
  defineRoute({
    method: 'post',
    path: '/public/appointment-lookup',
    summary:
      'Find a booking by its confirmation code and a client’s last name (case, accents and spaces aside); answers it with a token for the next calls. A wrong code and a wrong name get the same 404 BOOKING_NOT_FOUND. Costs a solved bot check; failed lookups are limited per address and per code (429 RATE_LIMITED with Retry-After)',
    tag: 'public',
    access: 'public',
    body: bookingLookupBody,
    response: managedBooking,
    async handler({ body, ctx, dependencies }) {
      await requireBotCheck(dependencies, body.botCheck);
      return recordedAs({ ctx, dependencies }, 'public.lookup', 'found', async (identified) => {
        const appointmentId = await lookUpBooking(
          dependencies,
          { confirmationCode: body.confirmationCode, lastName: body.lastName, clientAddress: ctx.ip },
          (code) => ownBookingsWithCode(dependencies.knex, code),
        );
        identified(appointmentId);
        const loaded = await loadOwnBooking(dependencies, await findOwnBooking(dependencies.knex, appointmentId));
        if (!loaded || loaded.booking.endsAt.getTime() <= dependencies.now().getTime()) throw bookingLinkExpired();
        return managedBookingOf(dependencies, loaded, body.locale);
      });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/public/appointment',
    summary:
      'A booking by its token: service, date and times (every session of a course), place, the clients’ first names and whether it may still be cancelled or rescheduled online. 404 BOOKING_NOT_FOUND for a token that is not genuine or a booking that is gone; 403 BOOKING_LINK_EXPIRED once the appointment has passed',
    tag: 'public',
    access: 'public',
    body: bookingViewBody,
    response: managedBooking,
    async handler({ body, ctx, dependencies }) {
      return recordedAs({ ctx, dependencies }, 'public.view', 'shown', async (identified) =>
        managedBookingOf(dependencies, await bookingOfToken(dependencies, body.token, identified), body.locale),
      );
    },
  }),
  defineRoute({
    method: 'post',
    path: '/public/appointment/cancel',
    summary:
      'Cancel the booking a token names: its slot or course spots are free at once and a cancellation notice goes to the client. 409 SELF_SERVICE_CLOSED (detail with the clinic’s phone) past the service’s cut-off or when its self-service is off',
    tag: 'public',
    access: 'public',
    body: bookingCancelBody,
    response: bookingCancelled,
    async handler({ body, ctx, dependencies }) {
      return recordedAs({ ctx, dependencies }, 'public.cancel', 'cancelled', async (identified) => {
        const { booking } = await bookingOfToken(dependencies, body.token, identified);
        const { append } = await cancelOwnBooking(withUnitTimeZone(dependencies), booking, publicContext(ctx));
        await awaitReadModels(dependencies, append, SCREEN_READ_MODELS.calendarDays);
        return { cancelled: true as const, confirmationCode: booking.confirmationCode };
      });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/public/appointment/reschedule',
    summary:
      'Move the booking a token names to the time a public lock holds (POST /api/public/locks through the booking’s service): same calendar and length (400 RESCHEDULE_SLOT_MISMATCH otherwise), before the cut-off (409 SELF_SERVICE_CLOSED). A course is not moved online (409 RESCHEDULE_NOT_OFFERED). Answers the booking at its new time with a new token',
    tag: 'public',
    access: 'public',
    body: bookingRescheduleBody,
    response: managedBooking,
    async handler({ body, ctx, dependencies }) {
      return recordedAs({ ctx, dependencies }, 'public.reschedule', 'rescheduled', async (identified) => {
        const { booking } = await bookingOfToken(dependencies, body.token, identified);
        const { append } = await rescheduleOwnBooking(
          withUnitTimeZone(dependencies),
          booking,
          body.lockToken,
          publicContext(ctx),
        );
        await freePlaceOf(dependencies.knex, body.lockToken);
        await awaitReadModels(dependencies, append, SCREEN_READ_MODELS.calendarDays);
        const moved = await loadOwnBooking(dependencies, await findOwnBooking(dependencies.knex, booking.id));
        if (!moved) throw bookingLinkExpired();
        return managedBookingOf(dependencies, moved, body.locale);
      });
    },
  }),
];
