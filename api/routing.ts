import { createHash } from 'node:crypto';
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { z, ZodType } from 'zod';
import { authenticate, type SignedInUser } from '../commands/auth/sessions';
import type { Role } from '../domain/users/user';
import type { AppDependencies } from './dependencies';
import { HttpError } from './middleware/errors';
import { refuseUnsafeText } from './unsafe-text';

export type Method = 'get' | 'post' | 'put' | 'delete';

/** Who may call a route: anyone, any signed-in user, or holders of one of the listed roles. */
export type Access = 'public' | 'signed-in' | readonly Role[];

/** The signed-in caller. */
export interface Viewer extends SignedInUser {
  token: string;
}

type Infer<S> = S extends ZodType ? z.output<S> : undefined;

export interface RouteInput<P, Q, B, A extends Access = Access> {
  params: Infer<P>;
  query: Infer<Q>;
  body: Infer<B>;
  /** Null on public routes; the authenticated caller everywhere else. */
  viewer: A extends 'public' ? null : Viewer;
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
export interface RouteDefinition<
  P extends ZodType | undefined = ZodType | undefined,
  Q extends ZodType | undefined = ZodType | undefined,
  B extends ZodType | undefined = ZodType | undefined,
  A extends Access = Access,
> {
  method: Method;
  /** Path under /api, Koa style (`/public/services/:id`). */
  path: string;
  summary: string;
  tag: string;
  access: A;
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of the success answer; the answer is parsed through it, so nothing undeclared leaves the server. */
  response: ZodType;
  /**
   * The media type of a success answer that is not JSON (a CSV file): the answer is then a string, sent with this
   * Content-Type (the handler may name the file with `ctx.attachment`).
   */
  responseMediaType?: string;
  successStatus?: 200 | 201;
  /**
   * A public GET whose answer shared caches (a proxy, a CDN) may reuse for this many seconds. Browsers revalidate
   * each time, with the ETag, and get a 304 without a body when nothing changed: a visitor always sees the effect
   * of their own lock or booking. Other /api answers are `no-store`.
   */
  sharedCacheSeconds?: number;
  /**
   * With `sharedCacheSeconds`: the version of what the answer depends on (e.g. read-model checkpoints and the
   * second). This process gives the answer it made before, without calling the handler, while the version of the
   * same params and query is unchanged; requests arriving while it is made wait for it. The answer must depend only
   * on the params, the query and that version (not on the caller).
   */
  answerVersion?(dependencies: AppDependencies): Promise<string>;
  /** Answers other than success and the error body, by status (health's 503); a handler gives one as a RouteAnswer. */
  otherResponses?: Record<number, { description: string; schema: ZodType }>;
  handler(input: RouteInput<P, Q, B, A>): Promise<unknown>;
}

/** A handler's answer with a status declared in the route's `otherResponses`. */
export class RouteAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

export function defineRoute<
  P extends ZodType | undefined = undefined,
  Q extends ZodType | undefined = undefined,
  B extends ZodType | undefined = undefined,
  const A extends Access = Access,
>(route: RouteDefinition<P, Q, B, A>): RouteDefinition {
  return route as unknown as RouteDefinition;
}

export function mountRoutes(router: Router, routes: RouteDefinition[], dependencies: AppDependencies): void {
  for (const route of routes) {
    router[route.method](route.path, async (ctx) => {
      const viewer = route.access === 'public' ? null : await authorize(ctx, route.access, dependencies);
      refuseUnsafeText(
        route.params ? ctx.params : undefined,
        route.query ? ctx.query : undefined,
        route.body ? ctx.request.body : undefined,
      );
      const params = route.params ? route.params.parse(ctx.params) : undefined;
      const query = route.query ? route.query.parse(flattenQuery(ctx.query)) : undefined;
      const body = route.body ? route.body.parse(ctx.request.body ?? {}) : undefined;
      const reuse =
        route.answerVersion && route.sharedCacheSeconds !== undefined
          ? {
              key: `${ctx.path}?${JSON.stringify(query)}`,
              version: await route.answerVersion(dependencies),
              seconds: route.sharedCacheSeconds,
            }
          : undefined;
      const input = { params, query, body, viewer, ctx, dependencies } as RouteInput<unknown, unknown, unknown>;
      if (reuse) {
        const answer = await answerOnce(dependencies, reuse, async () => {
          const made = await route.handler(input);
          if (made instanceof RouteAnswer) throw new Error(`${route.method} ${route.path}: a kept answer is a success`);
          return prepareCacheable(route.response.parse(made));
        });
        sendCacheable(ctx, reuse.seconds, answer);
        return;
      }
      const answer = await route.handler(input);
      if (answer instanceof RouteAnswer) {
        const declared = route.otherResponses?.[answer.status];
        if (!declared) throw new Error(`${route.method} ${route.path} answered an undeclared ${answer.status}`);
        ctx.set(answer.headers);
        ctx.status = answer.status;
        ctx.body = declared.schema.parse(answer.body);
        return;
      }
      ctx.status = route.successStatus ?? 200;
      if (route.responseMediaType) ctx.type = route.responseMediaType;
      ctx.body = route.response.parse(answer);
      if (route.sharedCacheSeconds !== undefined)
        sendCacheable(ctx, route.sharedCacheSeconds, prepareCacheable(ctx.body));
    });
  }
}

interface PreparedAnswer {
  body: string;
  etag: string;
}

function prepareCacheable(body: unknown): PreparedAnswer {
  const json = JSON.stringify(body);
  return { body: json, etag: `W/"${createHash('sha1').update(json).digest('base64url')}"` };
}

function sendCacheable(ctx: Context, seconds: number, answer: PreparedAnswer) {
  ctx.status = 200;
  ctx.set('Cache-Control', `public, max-age=0, s-maxage=${seconds}`);
  ctx.etag = answer.etag;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.type = 'application/json';
  ctx.body = answer.body;
}

/** An answer of a version, made or being made: requests of that version meanwhile wait for the same one. */
type KeptAnswers = Map<string, { version: string; answer: Promise<PreparedAnswer> }>;

/** Answers of `answerVersion` routes, per app, by path and query; the least recently made is dropped first. */
const keptAnswers = new WeakMap<AppDependencies, KeptAnswers>();
const ANSWERS_KEPT = 1_000;

function keptAnswersOf(dependencies: AppDependencies): KeptAnswers {
  let kept = keptAnswers.get(dependencies);
  if (!kept) {
    kept = new Map();
    keptAnswers.set(dependencies, kept);
  }
  return kept;
}

/**
 * The answer of this version, kept or being made, or a new one (kept at once; forgotten if it fails). When the version
 * moves on (each second, for public availability), every request in flight would otherwise make its own: under a few
 * hundred connections that cost more than a second, so every answer came late and was made again.
 */
function answerOnce(
  dependencies: AppDependencies,
  { key, version }: { key: string; version: string },
  make: () => Promise<PreparedAnswer>,
): Promise<PreparedAnswer> {
  const kept = keptAnswersOf(dependencies);
  const found = kept.get(key);
  if (found?.version === version) return found.answer;
  const entry = { version, answer: make() };
  kept.delete(key);
  kept.set(key, entry);
  if (kept.size > ANSWERS_KEPT) kept.delete(kept.keys().next().value!);
  entry.answer.catch(() => {
    if (kept.get(key) === entry) kept.delete(key);
  });
  return entry.answer;
}

/** The caller of a protected route: 401 without a live session, 403 without one of the route's roles. */
async function authorize(
  ctx: Context,
  access: Exclude<Access, 'public'>,
  dependencies: AppDependencies,
): Promise<Viewer> {
  const token = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(ctx.get('Authorization'))?.[1];
  const policy = { idleMs: dependencies.config.sessionIdleMs, absoluteMs: dependencies.config.sessionAbsoluteMs };
  const user = token ? await authenticate(dependencies.knex, token, dependencies.now(), policy) : null;
  if (!user || !token) throw new HttpError(401, 'UNAUTHORIZED', 'Please sign in.');
  if (access !== 'signed-in' && !user.roles.some((role) => access.includes(role))) {
    throw new HttpError(403, 'FORBIDDEN', 'You do not have access to this.');
  }
  return { ...user, token };
}

/** A repeated query parameter is refused by the schemas (they expect one value), so keep arrays as they are. */
function flattenQuery(query: Record<string, string | string[] | undefined>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
}

export const koaPathToOpenApi = (path: string): string => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
