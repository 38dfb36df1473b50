import { todayIn } from '../../domain/shared/plain-date';
import { hasAdminRights } from '../../domain/users/user';
import { searchAppointments } from '../../projections/appointments/search';
import { STAFF } from '../access-groups';
import { defineRoute } from '../routing';
import { appointmentSearchQuery, appointmentSearchResult } from './schemas';

/** §7 GET appointments search (§2.3 /admin/search): a Basic User finds only appointments on calendars given to them. */
export const appointmentSearchRoutes = [
  defineRoute({
    method: 'get',
    path: '/appointments',
    summary:
      'Search dated appointments by client name, confirmation code or phone, office region, dates and calendar; paged and sorted',
    tag: 'appointments',
    access: STAFF,
    query: appointmentSearchQuery,
    response: appointmentSearchResult,
    async handler({ query, viewer, dependencies }) {
      const { dateFrom, ...filters } = query;
      return searchAppointments(dependencies.knex, {
        ...filters,
        dateFrom: dateFrom ?? todayIn(dependencies.config.unitTimezone, dependencies.now()),
        calendarIds: hasAdminRights(viewer.roles) ? undefined : viewer.calendarIds,
      });
    },
  }),
];
