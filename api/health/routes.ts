import { z } from 'zod';
import { defineRoute, RouteAnswer } from '../routing';
import { readyRoute } from './ready';
import { withTimeout } from './with-timeout';

const healthResponse = z.object({ status: z.literal('ok'), database: z.literal('ok'), eventStore: z.string() });
const unavailableResponse = z.object({
  status: z.literal('unavailable'),
  database: z.literal('down'),
  eventStore: z.string(),
});

/** A database that does not answer within this long counts as down (a load balancer should not wait on it). */
const DATABASE_CHECK_MS = 3000;
const RETRY_AFTER_SECONDS = '5';

export const healthRoutes = [
  defineRoute({
    method: 'get',
    path: '/health',
    summary: 'Liveness and database reachability',
    tag: 'health',
    access: 'public',
    response: healthResponse,
    otherResponses: { 503: { description: 'The database cannot be reached', schema: unavailableResponse } },
    async handler({ dependencies, ctx }) {
      try {
        await withTimeout(dependencies.knex.raw('select 1'), DATABASE_CHECK_MS);
        return { status: 'ok', database: 'ok', eventStore: dependencies.store.name };
      } catch (error) {
        ctx.state.logger?.warn({ err: error }, 'health: database unavailable');
        return new RouteAnswer(
          503,
          { status: 'unavailable', database: 'down', eventStore: dependencies.store.name },
          { 'Retry-After': RETRY_AFTER_SECONDS },
        );
      }
    },
  }),
  readyRoute,
];
