import { z } from 'zod';
import { defineRoute } from '../routing';

const healthResponse = z.object({ status: z.literal('ok'), database: z.literal('ok'), eventStore: z.string() });

export const healthRoutes = [
  defineRoute({
    method: 'get',
    path: '/health',
    summary: 'Liveness and database reachability',
    tag: 'health',
    access: 'public',
    response: healthResponse,
    async handler({ dependencies }) {
      await dependencies.knex.raw('select 1');
      return { status: 'ok', database: 'ok', eventStore: dependencies.store.name };
    },
  }),
];
