import { bookAppointment, planBooking } from '../../commands/booking/book';
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
      const service = await publicServiceOr404(dependencies, serviceId);
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
      const slots = withUnitTimeZone(dependencies);
      const { confirmationCode, append } = await booking.settle(async () =>
        bookAppointment(slots, await planBooking(slots, lockToken, { service }), appointment, publicContext(ctx), {
          ids: booking.ids,
          claimed,
          serviceId: service.id,
        }),
      );
      await freePlaceOf(dependencies.knex, lockToken);
      await awaitReadModels(dependencies, append, SCREEN_READ_MODELS.publicAvailability);
      return { confirmationCode };
    },
  }),
];
