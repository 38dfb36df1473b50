import { bookingWindow } from '../../domain/services/service';
import { timeOfDayIn, todayIn } from '../../domain/shared/plain-date';
import { offeredCalendar, publicDates, publicSessions } from '../../projections/public-booking/queries';
import type { AppDependencies } from '../dependencies';
import { publicAvailabilityVersion } from './availability-version';
import { HttpError } from '../middleware/errors';
import { defineRoute } from '../routing';
import {
  offeredCalendarParams,
  publicDateList,
  publicDatesQuery,
  publicSessionList,
  publicSessionsQuery,
} from './schemas';

/** The service and its calendar, or 404 when the service is not public or does not offer an enabled calendar of that id. */
async function offered(dependencies: AppDependencies, params: { id: number; calendarId: number }) {
  const found = await offeredCalendar(dependencies.knex, params.id, params.calendarId);
  if (!found) throw new HttpError(404, 'CALENDAR_NOT_FOUND', 'This service does not offer this calendar.');
  return found;
}

function clock(dependencies: AppDependencies) {
  const now = dependencies.now();
  const timeZone = dependencies.config.unitTimezone;
  return { now: now.toISOString(), today: todayIn(timeZone, now), timeNow: timeOfDayIn(timeZone, now) };
}

/** What the booking wizard asks before it locks: free times of a clinic, or open sessions of a course (§7 Public). */
export const publicBookingRoutes = [
  defineRoute({
    method: 'get',
    path: '/public/services/:id/calendar/:calendarId/dates',
    summary: 'Dates of the booking window with the times free for the whole duration',
    tag: 'public',
    access: 'public',
    params: offeredCalendarParams,
    query: publicDatesQuery,
    response: publicDateList,
    sharedCacheSeconds: 2,
    answerVersion: publicAvailabilityVersion,
    async handler({ params, query, dependencies }) {
      const { service, calendar } = await offered(dependencies, params);
      if (calendar.groupSession) return { items: [] };
      const { now, today, timeNow } = clock(dependencies);
      const range = { ...bookingWindow(service, today), today, timeNow, now, duration: query.duration };
      return { items: await publicDates(dependencies.knex, calendar.id, range) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/public/services/:id/calendar/:calendarId/sessions',
    summary: 'Group sessions open for registration with at least the spots asked for',
    tag: 'public',
    access: 'public',
    params: offeredCalendarParams,
    query: publicSessionsQuery,
    response: publicSessionList,
    sharedCacheSeconds: 2,
    async handler({ params, query, dependencies }) {
      const { calendar } = await offered(dependencies, params);
      if (!calendar.groupSession) return { items: [] };
      const { now, today } = clock(dependencies);
      return { items: await publicSessions(dependencies.knex, calendar.id, { today, now, spots: query.spots }) };
    },
  }),
];
