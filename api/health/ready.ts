import { z } from 'zod';
import type { ProjectorLag } from '../../projections/runner/lag';
import { defineRoute, RouteAnswer } from '../routing';
import { withTimeout } from './with-timeout';

const projectorLag = z.object({ name: z.string(), lagSeconds: z.number() });
const readyResponse = z.object({
  status: z.literal('ready'),
  database: z.literal('ok'),
  maxLagSeconds: z.number(),
  projectors: z.array(projectorLag),
});
const unavailableResponse = z.object({
  status: z.literal('unavailable'),
  database: z.enum(['ok', 'down']),
  maxLagSeconds: z.number(),
  projectors: z.array(projectorLag),
  /** The read models further behind the log than `maxLagSeconds`. */
  behind: z.array(z.string()),
  reason: z.string(),
});

/** Checks that do not answer within this long count as failed: a load balancer should not wait on them. */
const CHECK_MS = 3000;
const RETRY_AFTER_SECONDS = '5';

/**
 * Readiness for a load balancer: the database answers and every read model is within READY_MAX_LAG_SECONDS of the
 * head of the log (a screen reloaded after a save would otherwise wait on it). Liveness is GET /health.
 */
export const readyRoute = defineRoute({
  method: 'get',
  path: '/ready',
  summary: 'Readiness: the database answers and every read model is close to the head of the event log',
  tag: 'health',
  access: 'public',
  response: readyResponse,
  otherResponses: {
    503: {
      description: 'The database cannot be reached, or a read model is behind (named in `behind`)',
      schema: unavailableResponse,
    },
  },
  async handler({ dependencies, ctx }) {
    const maxLagSeconds = dependencies.config.readyMaxLagSeconds;
    const unavailable = (
      database: 'ok' | 'down',
      projectors: ProjectorLag[],
      behind: string[],
      reason: string,
    ): RouteAnswer =>
      new RouteAnswer(
        503,
        { status: 'unavailable', database, maxLagSeconds, projectors, behind, reason },
        { 'Retry-After': RETRY_AFTER_SECONDS },
      );
    try {
      await withTimeout(dependencies.knex.raw('select 1'), CHECK_MS);
    } catch (error) {
      ctx.state.logger?.warn({ err: error }, 'ready: database unavailable');
      return unavailable('down', [], [], 'The database does not answer.');
    }
    let projectors: ProjectorLag[];
    try {
      projectors = await withTimeout(dependencies.projectorLag(), CHECK_MS);
    } catch (error) {
      ctx.state.logger?.warn({ err: error }, 'ready: cannot read the projector lag');
      return unavailable('ok', [], [], 'The event log or the projection checkpoints cannot be read.');
    }
    const behind = projectors.filter((projector) => projector.lagSeconds > maxLagSeconds).map(({ name }) => name);
    if (behind.length > 0)
      return unavailable(
        'ok',
        projectors,
        behind,
        `${behind.length === 1 ? 'A read model is' : 'Read models are'} more than ${maxLagSeconds} s behind the event log: ${behind.join(', ')}.`,
      );
    return { status: 'ready', database: 'ok', maxLagSeconds, projectors };
  },
});
