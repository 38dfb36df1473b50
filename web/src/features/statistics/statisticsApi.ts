import { api } from '../../shared/api';
import type { StatisticsQuery, StatisticsResponse } from './types';

/** The query string of GET /api/statistics; the region and category are left out when "all". */
export function statisticsQueryString({ startDate, endDate, region, categoryId }: StatisticsQuery): string {
  const params = new URLSearchParams({ startDate, endDate });
  if (region) params.set('region', region);
  if (categoryId !== undefined) params.set('categoryId', String(categoryId));
  return params.toString();
}

/** Issue 17 item 4: the measures of a period, optionally for one office region and one category (administrators). */
export const statisticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStatistics: build.query<StatisticsResponse, StatisticsQuery>({
      query: (filters) => `statistics?${statisticsQueryString(filters)}`,
      providesTags: ['statistics'],
    }),
  }),
});

export const { useGetStatisticsQuery } = statisticsApi;
