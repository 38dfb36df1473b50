import Router from '@koa/router';

type AllowedMethodsOptions = Parameters<Router['allowedMethods']>[0];

/**
 * Routes under one prefix, kept in one @koa/router per first segment of their paths (`/public/…`, `/calendars/…`), so
 * that a request is matched against its segment's routes only. @koa/router tries every route's pattern in turn: under
 * a booking rush, matching each request against all ~90 routes was ~7% of what the app allocated (a heap profile of
 * lock+book). Every route of a path is in one router, so a request is matched, or refused with 405 or 501, as one
 * router would.
 */
export class SegmentedRouter {
  private readonly routers = new Map<string, Router>();
  /** For requests no segment holds: it matches nothing, and notes so, as a router would (allowedMethods reads it). */
  private readonly none: Router;

  constructor(private readonly prefix: string) {
    this.none = new Router({ prefix });
  }

  /** The router that holds the routes of `path` (under the prefix; its first segment fixed, not a parameter). */
  routerFor(path: string): Router {
    const segment = firstSegment(path);
    if (!segment || segment.startsWith(':')) throw new Error(`a route's first segment must be fixed: ${path}`);
    let router = this.routers.get(segment);
    if (!router) this.routers.set(segment, (router = new Router({ prefix: this.prefix })));
    return router;
  }

  /** The middleware that hands each request to its segment's router; call it once every route is added. */
  routes(): ReturnType<Router['routes']> {
    const bySegment = new Map([...this.routers].map(([segment, router]) => [segment, router.routes()]));
    const none = this.none.routes();
    const under = `${this.prefix}/`;
    return (ctx, next) => {
      const routes = ctx.path.startsWith(under)
        ? bySegment.get(firstSegment(ctx.path.slice(this.prefix.length)))
        : none;
      return (routes ?? none)(ctx, next);
    };
  }

  allowedMethods(options?: AllowedMethodsOptions): ReturnType<Router['allowedMethods']> {
    return this.none.allowedMethods(options);
  }
}

const firstSegment = (path: string): string => path.split('/', 2)[1] ?? '';
