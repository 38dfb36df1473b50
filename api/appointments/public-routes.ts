import { bookAppointment, planBooking } from '../../commands/booking/book';
import { newBookingIds } from '../../commands/booking/booking-ids';
import { freePlaceOf } from '../../commands/booking/public-lock-holders';
import { publicFormProblem } from '../../domain/appointments/public-form';
import { awaitReadModels, SCREEN_READ_MODELS } from '../await-read-models';
import { requireBotCheck } from '../bot-check/require';
import { withUnitTimeZone } from '../unit-time';
import { publicContext } from '../public-context';
import { publicServiceOr404 } from '../public-booking/public-service';
import { defineRoute } from '../routing';
import { idempotentBooking } from './idempotent-booking';
import { publicAppointmentBody, publicAppointmentCreated } from './schemas';

export const publicAppointmentRoutes = [
  defineRoute({
    method: 'post',
    path: '/public/appointments',
    summary:
      "Book the slot held by a lock, or register for the group session whose spots it holds; answers the confirmation code. The §3 lane, times and duration, when given, must be the lock's (409 SLOT_UNAVAILABLE). With an Idempotency-Key header, a retry answers the same booking",
    tag: 'public',
    access: 'public',
    body: publicAppointmentBody,
    response: publicAppointmentCreated,
    successStatus: 201,
    async handler({ body, ctx, dependencies }) {
      const {
        lockToken,
        clientData,
        serviceId,
        botCheck,
        calendarDateLaneId,
        startTime,
        endTime,
        duration,
        multipleClients: _count,
        ...contact
      } = body;
      const booking = await idempotentBooking(dependencies, ctx, { scope: 'public', body, lockToken }, () =>
        requireBotCheck(dependencies, botCheck),
      );
      const slots = withUnitTimeZone(dependencies);
      // The service, the lock's lane and the booking's ids are looked up side by side: under a rush each is a round
      // trip's wait. Ids drawn for a request then refused stay unused, as a refused booking's do.
      const serviceFound = publicServiceOr404(dependencies, serviceId);
      const planned = planBooking(
        slots,
        lockToken,
        serviceFound.then((service) => ({ service })),
      );
      const ids = booking.ids ?? newBookingIds(dependencies.knex);
      const lookups = Promise.all([planned, ids]);
      lookups.catch(() => undefined); // awaited below, once the form is checked
      const service = await serviceFound;
      const problem = publicFormProblem(service, contact);
      if (problem) throw problem;
      const appointment = {
        ...contact,
        clientData: clientData.map(({ preferredName, ...names }) => ({
          ...names,
          ...(preferredName ? { preferredName } : {}),
        })),
      };
      const claimed = { laneId: calendarDateLaneId, startTime, endTime, duration };
      const { confirmationCode, append } = await booking.settle(async () => {
        const [plan, bookingIds] = await lookups;
        return bookAppointment(slots, plan, appointment, publicContext(ctx), {
          ids: bookingIds,
          claimed,
          serviceId: service.id,
        });
      });
      await Promise.all([
        freePlaceOf(dependencies.knex, lockToken),
        awaitReadModels(dependencies, append, SCREEN_READ_MODELS.publicAvailability),
      ]);
      return { confirmationCode };
    },
  }),
];
