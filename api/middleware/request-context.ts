import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from '../../commands/infrastructure/logger';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Gives each request an id (kept from X-Request-Id when well formed), a child logger and one access log line. */
export function requestContext(logger: Logger) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const offered = ctx.get('X-Request-Id');
    const requestId = REQUEST_ID.test(offered) ? offered : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.logger = logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      // The path only: query strings may carry names or phone numbers.
      const line = {
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: Math.round(performance.now() - started),
      };
      if (ctx.status >= 500) ctx.state.logger.error(line, 'request failed');
      else if (ctx.path.startsWith('/api')) ctx.state.logger.info(line, 'request');
    }
  };
}
