import { unregisterClient } from '../../commands/appointments/handlers';
import { listSeries } from '../../projections/calendar-dates/queries';
import { registrationsOf } from '../../projections/group-session-series/queries';
import { ADMINISTRATORS, STAFF } from '../access-groups';
import { recordAccess } from '../access-log/record';
import { awaitReadModels, SCREEN_READ_MODELS } from '../await-read-models';
import { accessibleCalendar } from '../calendar-access';
import type { AppDependencies } from '../dependencies';
import { HttpError } from '../middleware/errors';
import { defineRoute, type Viewer } from '../routing';
import { staffContext } from '../staff-context';
import { withUnitTimeZone } from '../unit-time';
import { registrationItemParams, registrationList, registrationParams, unregistered } from './schemas';

/** The series of the calendar the address names: 404 for neither, 403 without access to the calendar. */
async function accessibleSeries(dependencies: AppDependencies, viewer: Viewer, calendarId: number, seriesId: number) {
  await accessibleCalendar(dependencies.knex, viewer, calendarId);
  const [series] = await listSeries(dependencies.knex, calendarId, seriesId);
  if (!series) throw new HttpError(404, 'SERIES_NOT_FOUND', 'There is no such series on this calendar.');
  return series;
}

/** §2.3 series detail: who registered for a course, and taking a registration back. */
export const groupSessionSeriesRoutes = [
  defineRoute({
    method: 'get',
    path: '/calendars/:id/group-session-series/:seriesId/registrations',
    summary: 'The registrations of a series: clients, phones, e-mail, spots, registered on',
    tag: 'group sessions',
    access: STAFF,
    params: registrationParams,
    response: registrationList,
    async handler({ params, viewer, ctx, dependencies }) {
      await accessibleSeries(dependencies, viewer, params.id, params.seriesId);
      const items = await registrationsOf(dependencies.knex, params.seriesId);
      recordAccess(
        { viewer, ctx, dependencies },
        'seriesRegistrations',
        items.map((item) => item.appointmentId),
        { calendarId: params.id, seriesId: params.seriesId },
      );
      return { items };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/calendars/:id/group-session-series/:seriesId/registrations/:appointmentId',
    summary: 'Unregister a client: the spots are free again at once',
    tag: 'group sessions',
    access: ADMINISTRATORS,
    params: registrationItemParams,
    response: unregistered,
    async handler({ params, viewer, ctx, dependencies }) {
      await accessibleSeries(dependencies, viewer, params.id, params.seriesId);
      const { append } = await unregisterClient(
        withUnitTimeZone(dependencies),
        params.seriesId,
        params.appointmentId,
        staffContext(viewer, ctx),
      );
      await awaitReadModels(dependencies, append, SCREEN_READ_MODELS.calendarDays);
      recordAccess({ viewer, ctx, dependencies }, 'seriesRegistration.delete', [params.appointmentId], {
        calendarId: params.id,
        seriesId: params.seriesId,
      });
      return { unregistered: true as const };
    },
  }),
];
