import { todayIn } from '../../domain/shared/plain-date';
import { hasAdminRights } from '../../domain/users/user';
import { searchAppointments } from '../../projections/appointments/search';
import { STAFF } from '../access-groups';
import { recordAccess } from '../access-log/record';
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
    async handler({ query, viewer, ctx, dependencies }) {
      const { dateFrom, ...filters } = query;
      const searched = {
        ...filters,
        dateFrom: dateFrom ?? todayIn(dependencies.config.unitTimezone, dependencies.now()),
      };
      const result = await searchAppointments(dependencies.knex, {
        ...searched,
        calendarIds: hasAdminRights(viewer.roles) ? undefined : viewer.calendarIds,
      });
      // The page of results shown (names, codes), with what was searched for.
      recordAccess(
        { viewer, ctx, dependencies },
        'search',
        result.items.map((item) => item.id),
        searched,
      );
      return result;
    },
  }),
];
