import { api } from '../../shared/api';
import type { DashboardItem, DashboardList, DashboardQuery } from './types';

function dashboardPath({ startDate, endDate, categoryId, region }: DashboardQuery): string {
  const search = new URLSearchParams({ startDate, endDate });
  if (categoryId !== undefined) search.set('categoryId', String(categoryId));
  if (region !== undefined) search.set('region', region);
  return `dashboard?${search.toString()}`;
}

/**
 * GET /api/dashboard: one item per date, between two dates, of the calendars shown on the Calendar Overview, narrowed
 * to a category and an office region when asked. Anything that changes a calendar or a date invalidates `dashboard`.
 */
export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<DashboardItem[], DashboardQuery>({
      query: dashboardPath,
      transformResponse: (answer: DashboardList) => answer.items,
      providesTags: ['dashboard'],
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;
