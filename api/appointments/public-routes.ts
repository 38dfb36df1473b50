import { bookAppointment } from '../../commands/calendar-dates/slots';
import { awaitReadModels } from '../await-read-models';
import { withUnitTimeZone } from '../unit-time';
import { publicContext } from '../public-context';
import { defineRoute } from '../routing';
import { publicAppointmentBody, publicAppointmentCreated } from './schemas';

export const publicAppointmentRoutes = [
  defineRoute({
    method: 'post',
    path: '/public/appointments',
    summary: 'Book the slot held by a lock; answers the confirmation code',
    tag: 'public',
    access: 'public',
    body: publicAppointmentBody,
    response: publicAppointmentCreated,
    successStatus: 201,
    async handler({ body, ctx, dependencies }) {
      const { lockToken, clientData, ...contact } = body;
      const appointment = { ...contact, clientData: clientData.map(({ preferredName, ...names }) => ({ ...names, ...(preferredName ? { preferredName } : {}) })) };
      const { confirmationCode, append } = await bookAppointment(withUnitTimeZone(dependencies), lockToken, appointment, publicContext(ctx));
      await awaitReadModels(dependencies, append);
      return { confirmationCode };
    },
  }),
];
