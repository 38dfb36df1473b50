import { timingSafeEqual } from 'node:crypto';
import type { Context, Next } from 'koa';
import { HttpError } from '../middleware/errors';
import type { AppMetrics } from './metrics';

/** Counts and times every answered request by its route's path template (`/api/appointments/:id`). */
export function measureRequests(metrics: AppMetrics) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const started = performance.now();
    try {
      await next();
    } finally {
      metrics.observeRequest(ctx.method, routeTemplateOf(ctx), ctx.status, (performance.now() - started) / 1000);
    }
  };
}

/** The path template the router matched; never the raw path, which would make a series per id. */
function routeTemplateOf(ctx: Context): string {
  const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
  if (typeof matched === 'string') return matched;
  if (ctx.path === METRICS_PATH) return METRICS_PATH;
  return ctx.path.startsWith('/api') ? 'unmatched' : 'static';
}

export const METRICS_PATH = '/metrics';

/**
 * GET /metrics in Prometheus's text format. With `token` (METRICS_TOKEN), only to a request that carries it as a
 * bearer token (401 otherwise); without it, only to a request made directly from this machine: a loopback peer and
 * no forwarding header, so a reverse proxy on the same host does not open it to the internet (403 otherwise).
 */
export function serveMetrics(metrics: AppMetrics, token: string | undefined) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.path !== METRICS_PATH) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.set('Allow', 'GET, HEAD');
      throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'Use GET.');
    }
    if (token) {
      if (!carriesToken(ctx.get('Authorization'), token))
        throw new HttpError(401, 'UNAUTHORIZED', 'The metrics need their bearer token.');
    } else if (!isDirectFromLoopback(ctx)) {
      throw new HttpError(403, 'FORBIDDEN', 'The metrics are served only to this machine unless METRICS_TOKEN is set.');
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  };
}

function carriesToken(header: string, token: string): boolean {
  const offered = /^Bearer (\S+)$/.exec(header)?.[1];
  if (!offered) return false;
  const a = Buffer.from(offered);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function isDirectFromLoopback(ctx: Context): boolean {
  const forwarded = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((header) => ctx.get(header) !== '');
  return !forwarded && isLoopback(ctx.req.socket.remoteAddress) && isLoopback(ctx.ip);
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}
