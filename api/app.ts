import Koa from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import helmet from 'koa-helmet';
import { forwardedPeerMiddleware } from './cluster-writes';
import type { AppDependencies } from './dependencies';
import { createAppMetrics, type AppMetrics } from './metrics/metrics';
import { measureRequests, serveMetrics } from './metrics/middleware';
import { errorMiddleware } from './middleware/errors';
import { requestContext } from './middleware/request-context';
import { staticSpa } from './middleware/static-spa';
import { buildOpenApiDocument } from './openapi/document';
import { allRoutes } from './routes';
import { memoryRequestCounter, requestLimit, type RequestCounter } from './request-limit';
import { mountRoutes, type RouteDefinition } from './routing';
import { SegmentedRouter } from './segmented-router';

export const API_VERSION = '1.33.1';

export interface AppOptions {
  /** Per client address, on /api. */
  requestsPerMinute?: number;
  /** Where requests are counted: this process's own counter unless several workers share one. */
  requestCounter?: RequestCounter;
  routes?: RouteDefinition[];
  /** What GET /metrics reports (api/server.ts adds the process's and the commands'); default: this app's own. */
  metrics?: AppMetrics;
}

export function createApp(
  dependencies: AppDependencies,
  {
    requestsPerMinute = 1200,
    requestCounter = memoryRequestCounter(),
    routes = allRoutes,
    metrics = createAppMetrics(dependencies),
  }: AppOptions = {},
): Koa {
  // Behind the load balancer (production), the client address is the last X-Forwarded-For entry, the one the
  // balancer itself added; entries before it come from the client and could be forged.
  const app = new Koa({ proxy: dependencies.config.production, maxIpsCount: 1 });
  app.silent = true;
  app.use(forwardedPeerMiddleware);
  app.use(requestContext(dependencies.logger));
  app.use(measureRequests(metrics));
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          // Only where the site is served over HTTPS: elsewhere (a trial over plain HTTP under any name but
          // localhost) the browser would upgrade every script and style request to HTTPS and show a blank page.
          upgradeInsecureRequests: dependencies.config.production ? [] : null,
        },
      },
      strictTransportSecurity: dependencies.config.production,
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(errorMiddleware);
  app.use(serveMetrics(metrics, dependencies.config.metricsToken));
  app.use(async (ctx, next) => {
    if (ctx.path.startsWith('/api')) ctx.set('Cache-Control', 'no-store');
    await next();
  });
  const limiter = requestLimit(requestCounter, requestsPerMinute);
  app.use((ctx, next) => (ctx.path.startsWith('/api') ? limiter(ctx, next) : next()));
  app.use(
    koaBody({
      jsonLimit: '256kb',
      formLimit: '0kb',
      textLimit: '0kb',
      urlencoded: false,
      text: false,
      multipart: false,
      jsonStrict: true,
      parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
    }),
  );

  const router = new SegmentedRouter('/api');
  const openApi = buildOpenApiDocument(routes, API_VERSION);
  router.routerFor('/openapi.json').get('/openapi.json', (ctx) => {
    ctx.body = openApi;
  });
  for (const route of routes) mountRoutes(router.routerFor(route.path), [route], dependencies);
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: true }));
  if (dependencies.webRoot)
    app.use(staticSpa(dependencies.webRoot, { unitTimeZone: dependencies.config.unitTimezone }));
  return app;
}
