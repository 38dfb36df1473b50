import type Router from '@koa/router';
import type { Context } from 'koa';
import type { z, ZodType } from 'zod';
import type { AppDependencies } from './dependencies';

export type Method = 'get' | 'post' | 'put' | 'delete';

/** Who may call a route. Staff roles arrive with the identity issue; until then every route is public. */
export type Access = 'public';

type Infer<S> = S extends ZodType ? z.output<S> : undefined;

export interface RouteInput<P, Q, B> {
  params: Infer<P>;
  query: Infer<Q>;
  body: Infer<B>;
  ctx: Context;
  dependencies: AppDependencies;
}

export interface RouteResult {
  status: 200 | 201;
  body: unknown;
}

/**
 * One API operation: its address, who may call it, the zod schemas of everything it reads and answers, and the
 * handler, which receives only validated input. The router and the OpenAPI document are both built from these.
 */
export interface RouteDefinition<P extends ZodType | undefined = ZodType | undefined, Q extends ZodType | undefined = ZodType | undefined, B extends ZodType | undefined = ZodType | undefined> {
  method: Method;
  /** Path under /api, Koa style (`/public/services/:id`). */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of the success answer; the answer is parsed through it, so nothing undeclared leaves the server. */
  response: ZodType;
  successStatus?: 200 | 201;
  handler(input: RouteInput<P, Q, B>): Promise<unknown>;
}

export function defineRoute<P extends ZodType | undefined = undefined, Q extends ZodType | undefined = undefined, B extends ZodType | undefined = undefined>(
  route: RouteDefinition<P, Q, B>,
): RouteDefinition {
  return route as unknown as RouteDefinition;
}

export function mountRoutes(router: Router, routes: RouteDefinition[], dependencies: AppDependencies): void {
  for (const route of routes) {
    router[route.method](route.path, async (ctx) => {
      const params = route.params ? route.params.parse(ctx.params) : undefined;
      const query = route.query ? route.query.parse(flattenQuery(ctx.query)) : undefined;
      const body = route.body ? route.body.parse(ctx.request.body ?? {}) : undefined;
      const answer = await route.handler({ params, query, body, ctx, dependencies } as RouteInput<unknown, unknown, unknown>);
      ctx.status = route.successStatus ?? 200;
      ctx.body = route.response.parse(answer);
    });
  }
}

/** A repeated query parameter is refused by the schemas (they expect one value), so keep arrays as they are. */
function flattenQuery(query: Record<string, string | string[] | undefined>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
}

export const koaPathToOpenApi = (path: string): string => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
