import { daysBetween, timeOfDayIn, todayIn } from '../../domain/shared/plain-date';
import { statistics } from '../../projections/analytics/queries';
import { ADMINISTRATORS } from '../access-groups';
import { defineRoute } from '../routing';
import { statisticsQuery, statisticsResponse } from './schemas';

/** The longest period one request covers: a year, leap day included. */
export const MAX_STATISTICS_DAYS = 366;

/**
 * A period given backwards is read forwards; one longer than MAX_STATISTICS_DAYS is a 400 naming `endDate`.
 */
const periodQuery = statisticsQuery
  .transform((query) =>
    query.startDate > query.endDate ? { ...query, startDate: query.endDate, endDate: query.startDate } : query,
  )
  .superRefine((query, context) => {
    if (daysBetween(query.startDate, query.endDate) + 1 > MAX_STATISTICS_DAYS)
      context.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: `A period covers at most ${MAX_STATISTICS_DAYS} days.`,
      });
  });

export const statisticsRoutes = [
  defineRoute({
    method: 'get',
    path: '/statistics',
    summary:
      'Statistics over a period (at most 366 days), for one office region and one category if given, from the analytics schema',
    tag: 'statistics',
    access: ADMINISTRATORS,
    query: periodQuery,
    response: statisticsResponse,
    async handler({ query, dependencies }) {
      const now = dependencies.now();
      const timeZone = dependencies.config.unitTimezone;
      return statistics(dependencies.knex, {
        ...query,
        today: todayIn(timeZone, now),
        timeNow: timeOfDayIn(timeZone, now),
      });
    },
  }),
];
