import { bookAppointment } from '../../commands/calendar-dates/slots';
import { publicFormProblem } from '../../domain/appointments/public-form';
import { awaitReadModels } from '../await-read-models';
import { requireBotCheck } from '../bot-check/require';
import { withUnitTimeZone } from '../unit-time';
import { publicContext } from '../public-context';
import { publicServiceOr404 } from '../public-booking/public-service';
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
      const service = serviceId === undefined ? undefined : await publicServiceOr404(dependencies, serviceId);
      const problem = service && publicFormProblem(service, contact);
      if (problem) throw problem;
      const appointment = { ...contact, clientData: clientData.map(({ preferredName, ...names }) => ({ ...names, ...(preferredName ? { preferredName } : {}) })) };
      const { confirmationCode, append } = await bookAppointment(withUnitTimeZone(dependencies), lockToken, appointment, publicContext(ctx), { service });
      await awaitReadModels(dependencies, append);
      return { confirmationCode };
    },
  }),
];
