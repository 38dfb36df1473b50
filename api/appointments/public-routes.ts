import { bookAppointment } from '../../commands/calendar-dates/slots';
import { publicFormProblem } from '../../domain/appointments/public-form';
import { findPublicService } from '../../projections/services/queries';
import { awaitReadModels } from '../await-read-models';
import { requireBotCheck } from '../bot-check/require';
import { HttpError } from '../middleware/errors';
import { withUnitTimeZone } from '../unit-time';
import { publicContext } from '../public-context';
import { defineRoute } from '../routing';
import { publicAppointmentBody, publicAppointmentCreated } from './schemas';

export const publicAppointmentRoutes = [
  defineRoute({
    method: 'post',
    path: '/public/appointments',
    summary: 'Book the slot held by a lock, or register for the group session whose spots it holds; answers the confirmation code',
    tag: 'public',
    access: 'public',
    body: publicAppointmentBody,
    response: publicAppointmentCreated,
    successStatus: 201,
    async handler({ body, ctx, dependencies }) {
      const { lockToken, clientData, serviceId, botCheck, ...contact } = body;
      await requireBotCheck(dependencies, botCheck);
      if (serviceId !== undefined) {
        const service = await findPublicService(dependencies.knex, serviceId);
        if (!service) throw new HttpError(404, 'SERVICE_NOT_FOUND', 'This service does not exist or is not available.');
        const problem = publicFormProblem(service, contact);
        if (problem) throw problem;
      }
      const appointment = { ...contact, clientData: clientData.map(({ preferredName, ...names }) => ({ ...names, ...(preferredName ? { preferredName } : {}) })) };
      const { confirmationCode, append } = await bookAppointment(withUnitTimeZone(dependencies), lockToken, appointment, publicContext(ctx));
      await awaitReadModels(dependencies, append);
      return { confirmationCode };
    },
  }),
];
