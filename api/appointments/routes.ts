import { bookedOnItsDate, cancelAppointment, changeAppointment } from '../../commands/appointments/handlers';
import { bookAppointment, planBooking } from '../../commands/booking/book';
import type { AppointmentDetails, ClientData } from '../../domain/appointments/appointment';
import { staffAppointmentProblem } from '../../domain/appointments/staff-form';
import { todayIn } from '../../domain/shared/plain-date';
import { findAppointment, historyOf } from '../../projections/appointments/queries';
import type { CalendarRecord } from '../../projections/calendars/queries';
import { ADMINISTRATORS, STAFF } from '../access-groups';
import { recordAccess } from '../access-log/record';
import { awaitReadModels, SCREEN_READ_MODELS } from '../await-read-models';
import { accessibleCalendar } from '../calendar-access';
import type { AppDependencies } from '../dependencies';
import { HttpError } from '../middleware/errors';
import { defineRoute, type Viewer } from '../routing';
import { staffContext } from '../staff-context';
import { withUnitTimeZone } from '../unit-time';
import { idempotentBooking } from './idempotent-booking';
import {
  appointmentDeleteQuery,
  appointmentDeleted,
  appointmentHistory,
  appointmentIdParams,
  appointmentPutBody,
  appointmentResponse,
  staffAppointmentBody,
} from './schemas';

type StaffClient = Record<string, unknown> & { firstName: string; lastName: string };

/** Keeps what a client entry says: empty texts, unset numbers, empty lists and unticked boxes are left out. */
const compactClient = (client: StaffClient): ClientData =>
  Object.fromEntries(
    Object.entries(client).filter(
      ([, value]) => value !== '' && value !== null && value !== false && !(Array.isArray(value) && value.length === 0),
    ),
  ) as unknown as ClientData;

type Kept = Pick<AppointmentDetails, 'agreeValidInfo' | 'agreePhone' | 'spots'>;

/**
 * The details a staff body gives; `kept`: the spots, and the consents where the body has none (staff vouch for a new
 * appointment's; a change keeps the appointment's).
 */
function detailsOf(
  body: { clientData: StaffClient[]; agreeValidInfo?: boolean | undefined; agreePhone?: boolean | undefined } & Omit<
    AppointmentDetails,
    'clientData' | keyof Kept
  >,
  kept: Kept,
): AppointmentDetails {
  const {
    clientData,
    email,
    language,
    phone,
    phoneDoNotCall,
    phoneAlt,
    phoneAltDoNotCall,
    phoneReminderType,
    phoneReminderCustom,
    sendConfirmationEmail,
    sendReminderEmail,
  } = body;
  return {
    clientData: clientData.map(compactClient),
    email,
    language,
    phone,
    phoneDoNotCall,
    phoneAlt,
    phoneAltDoNotCall,
    phoneReminderType,
    phoneReminderCustom,
    sendConfirmationEmail,
    sendReminderEmail,
    agreeValidInfo: body.agreeValidInfo ?? kept.agreeValidInfo,
    agreePhone: body.agreePhone ?? kept.agreePhone,
    spots: kept.spots,
  };
}

/** The calendar's form rules (§5 admin form) against the appointment, refused with the field named. */
function checkForm(dependencies: AppDependencies, calendar: CalendarRecord, appointment: AppointmentDetails) {
  const problem = staffAppointmentProblem(
    calendar,
    appointment,
    todayIn(dependencies.config.unitTimezone, dependencies.now()),
  );
  if (problem) throw problem;
}

/**
 * The appointment a route addresses, with its calendar: 404 when there is none, 403 when its calendar was not given
 * to the viewer.
 */
async function accessibleAppointment(dependencies: AppDependencies, viewer: Viewer, id: number) {
  const found = await findAppointment(dependencies.knex, id);
  if (!found) throw new HttpError(404, 'APPOINTMENT_NOT_FOUND', 'There is no such appointment.');
  const calendar = await accessibleCalendar(dependencies.knex, viewer, found.calendarId);
  return { appointment: found, calendar };
}

const reread = async (dependencies: AppDependencies, id: number) => {
  const found = await findAppointment(dependencies.knex, id);
  if (!found) throw new HttpError(404, 'APPOINTMENT_NOT_FOUND', 'There is no such appointment.');
  return found;
};

/** §7 Appointments: staff book under their lock, open, change (with the version they loaded) and delete. */
export const appointmentRoutes = [
  defineRoute({
    method: 'post',
    path: '/appointments',
    summary:
      "Book the slot held by a staff lock, for the length chosen; a lane or start given must be the lock's. With an Idempotency-Key header, a retry answers the same appointment",
    tag: 'appointments',
    access: STAFF,
    body: staffAppointmentBody,
    response: appointmentResponse,
    successStatus: 201,
    async handler({ body, viewer, ctx, dependencies }) {
      const booking = await idempotentBooking(dependencies, ctx, {
        scope: `user:${viewer.userId}`,
        body,
        lockToken: body.lockToken,
      });
      const slots = withUnitTimeZone(dependencies);
      const plan = await planBooking(slots, body.lockToken, { publicCaller: false });
      const appointment = detailsOf(body, { spots: body.spots, agreeValidInfo: true, agreePhone: true });
      checkForm(dependencies, await accessibleCalendar(dependencies.knex, viewer, plan.found.calendarId), appointment);
      const source =
        body.copiedFrom === undefined
          ? undefined
          : (await accessibleAppointment(dependencies, viewer, body.copiedFrom)).appointment;
      const copiedFrom =
        source?.date && source.startTime
          ? { appointmentId: source.id, date: source.date, startTime: source.startTime }
          : undefined;
      const { appointmentId, append } = await booking.settle(() =>
        bookAppointment(slots, plan, appointment, staffContext(viewer, ctx), {
          endTime: body.endTime,
          claimed: { laneId: body.calendarDateLaneId, startTime: body.startTime },
          ...(copiedFrom ? { copiedFrom } : {}),
          ids: booking.ids,
        }),
      );
      await awaitReadModels(dependencies, append, SCREEN_READ_MODELS.calendarDays);
      const booked = await reread(dependencies, appointmentId);
      recordAccess({ viewer, ctx, dependencies }, 'appointment.create', [booked.id], { calendarId: booked.calendarId });
      return booked;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/appointments/:id',
    summary: 'One appointment, with its place and version',
    tag: 'appointments',
    access: STAFF,
    params: appointmentIdParams,
    response: appointmentResponse,
    async handler({ params, viewer, ctx, dependencies }) {
      const { appointment } = await accessibleAppointment(dependencies, viewer, params.id);
      recordAccess({ viewer, ctx, dependencies }, 'appointment.read', [appointment.id], {
        calendarId: appointment.calendarId,
      });
      return appointment;
    },
  }),
  defineRoute({
    method: 'put',
    path: '/appointments/:id',
    summary:
      'Save an appointment as loaded at `version` (a stale one is a 409); a new date, lane or time moves it. Takes back what GET answered (id, calendar, series, confirmation code, spots and timestamps are ignored)',
    tag: 'appointments',
    access: STAFF,
    params: appointmentIdParams,
    body: appointmentPutBody,
    response: appointmentResponse,
    async handler({ params, body, viewer, ctx, dependencies }) {
      const { appointment: current, calendar } = await accessibleAppointment(dependencies, viewer, params.id);
      const appointment = detailsOf(body, {
        spots: current.spots,
        agreeValidInfo: current.agreeValidInfo ?? true,
        agreePhone: current.agreePhone ?? true,
      });
      checkForm(dependencies, calendar, appointment);
      const { version, date, calendarDateLaneId, startTime, endTime, lockToken, notifyClient } = body;
      const { append } = await changeAppointment(
        withUnitTimeZone(dependencies),
        bookedOnItsDate(current),
        { version, date, laneId: calendarDateLaneId, startTime, endTime, lockToken, appointment, notifyClient },
        staffContext(viewer, ctx),
      );
      await awaitReadModels(dependencies, append, SCREEN_READ_MODELS.calendarDays);
      const saved = await reread(dependencies, params.id);
      recordAccess({ viewer, ctx, dependencies }, 'appointment.update', [saved.id], { calendarId: saved.calendarId });
      return saved;
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/appointments/:id',
    summary:
      'Delete an appointment (not on a past date); its slot is free again. `notifyClient=true` sends the client a cancellation notice',
    tag: 'appointments',
    access: STAFF,
    params: appointmentIdParams,
    query: appointmentDeleteQuery,
    response: appointmentDeleted,
    async handler({ params, query, viewer, ctx, dependencies }) {
      const { appointment } = await accessibleAppointment(dependencies, viewer, params.id);
      const { append } = await cancelAppointment(
        withUnitTimeZone(dependencies),
        bookedOnItsDate(appointment),
        staffContext(viewer, ctx),
        query.notifyClient,
      );
      await awaitReadModels(dependencies, append, SCREEN_READ_MODELS.calendarDays);
      recordAccess({ viewer, ctx, dependencies }, 'appointment.delete', [appointment.id], {
        calendarId: appointment.calendarId,
      });
      return { deleted: true as const };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/appointments/:id/history',
    summary: 'Every change of an appointment from its events: who, when, what, which fields, from and to',
    tag: 'appointments',
    access: ADMINISTRATORS,
    params: appointmentIdParams,
    response: appointmentHistory,
    async handler({ params, viewer, ctx, dependencies }) {
      const items = await historyOf(dependencies.knex, params.id);
      if (items.length === 0) throw new HttpError(404, 'APPOINTMENT_NOT_FOUND', 'There is no such appointment.');
      const current = await findAppointment(dependencies.knex, params.id);
      if (current) await accessibleCalendar(dependencies.knex, viewer, current.calendarId);
      recordAccess({ viewer, ctx, dependencies }, 'appointment.history', [params.id]);
      return { items };
    },
  }),
];
