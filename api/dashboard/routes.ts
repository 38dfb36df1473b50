import { hasAdminRights } from '../../domain/users/user';
import { listDashboardDates } from '../../projections/dashboard/queries';
import { STAFF } from '../access-groups';
import { mayAccessCalendar } from '../calendar-access';
import { defineRoute } from '../routing';
import { dashboardList, dashboardQuery } from './schemas';

export const dashboardRoutes = [
  defineRoute({
    method: 'get',
    path: '/dashboard',
    summary:
      'Calendar Overview: calendar dates in a range, by category and office region (a Basic User sees enabled calendars)',
    tag: 'dashboard',
    access: STAFF,
    query: dashboardQuery,
    response: dashboardList,
    async handler({ query, viewer, dependencies }) {
      if (query.endDate < query.startDate) return { items: [] };
      const items = await listDashboardDates(dependencies.knex, {
        ...query,
        enabledCalendarsOnly: !hasAdminRights(viewer.roles),
      });
      return { items: items.map((item) => ({ ...item, access: mayAccessCalendar(viewer, item.calendarId) })) };
    },
  }),
];
