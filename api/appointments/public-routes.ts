import { bookAppointment, laneOfToken, type SlotDependencies } from '../../commands/calendar-dates/slots';
import { publicFormProblem } from '../../domain/appointments/public-form';
import { bookingWindow, type ServiceFields } from '../../domain/services/service';
import { DomainError } from '../../domain/shared/decider';
import { todayIn } from '../../domain/shared/plain-date';
import { findDateOfLane } from '../../projections/calendar-dates/queries';
import { findPublicService } from '../../projections/services/queries';
import { awaitReadModels } from '../await-read-models';
import { requireBotCheck } from '../bot-check/require';
import { HttpError } from '../middleware/errors';
import { withUnitTimeZone } from '../unit-time';
import { publicContext } from '../public-context';
import { defineRoute } from '../routing';
import { publicAppointmentBody, publicAppointmentCreated } from './schemas';

/**
 * A booking made through a service stays inside what the service offers: one of its calendars and, for a clinic,
 * a date of its booking window (the wizard only shows those, but the window moves at midnight and callers may skip
 * the wizard). A course's sessions close at their registration deadline instead. Answers as a taken slot would.
 */
async function outsideService(dependencies: SlotDependencies, service: Pick<ServiceFields, 'calendarIds' | 'minDaysAhead' | 'maxDaysAhead'>, lockToken: string) {
  const laneId = laneOfToken(lockToken);
  const found = laneId === null ? undefined : await findDateOfLane(dependencies.knex, laneId);
  if (!found) return false; // no such lock: the booking answers for it
  if (!service.calendarIds.includes(found.calendarId)) return true;
  if (found.seriesId !== null) return false;
  const { firstDate, lastDate } = bookingWindow(service, todayIn(dependencies.timeZone, dependencies.now()));
  return found.date < firstDate || found.date > lastDate;
}

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
      const slotDependencies = withUnitTimeZone(dependencies);
      if (serviceId !== undefined) {
        const service = await findPublicService(dependencies.knex, serviceId);
        if (!service) throw new HttpError(404, 'SERVICE_NOT_FOUND', 'This service does not exist or is not available.');
        const problem = publicFormProblem(service, contact);
        if (problem) throw problem;
        if (await outsideService(slotDependencies, service, lockToken)) throw new DomainError('SLOT_UNAVAILABLE', 'The time slot is currently unavailable.');
      }
      const appointment = { ...contact, clientData: clientData.map(({ preferredName, ...names }) => ({ ...names, ...(preferredName ? { preferredName } : {}) })) };
      const { confirmationCode, append } = await bookAppointment(slotDependencies, lockToken, appointment, publicContext(ctx));
      await awaitReadModels(dependencies, append);
      return { confirmationCode };
    },
  }),
];
