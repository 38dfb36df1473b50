import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SegmentedRouter } from '../../api/segmented-router';

/** The API's routes kept one router a first segment: each request reaches its route, and is refused as one router would. */
const test = suite<{ server: Server; baseUrl: string }>('api: routes kept by first segment');

test.before((context) => {
  const router = new SegmentedRouter('/api');
  router.routerFor('/public/locks').post('/public/locks', (ctx) => void (ctx.body = 'lock'));
  router.routerFor('/public/locks/:token').delete('/public/locks/:token', (ctx) => void (ctx.body = ctx.params.token));
  router.routerFor('/calendars/:id').get('/calendars/:id', (ctx) => void (ctx.body = `calendar ${ctx.params.id}`));
  router.routerFor('/calendars').get('/calendars', (ctx) => void (ctx.body = 'calendars'));
  const app = new Koa().use(router.routes()).use(router.allowedMethods());
  // What follows answers GETs of pages outside the API; an API path no route has stays 404.
  app.use((ctx, next) =>
    ctx.method !== 'GET' || ctx.path.startsWith('/api') ? next() : void (ctx.body = `not the API: ${ctx.path}`),
  );
  context.server = app.listen(0);
  context.baseUrl = `http://127.0.0.1:${(context.server.address() as AddressInfo).port}`;
});
test.after(async (context) => {
  await new Promise((resolve) => context.server.close(resolve));
});

const call = async (baseUrl: string, method: string, path: string) => {
  const answer = await fetch(`${baseUrl}${path}`, { method });
  return { status: answer.status, body: await answer.text(), allow: answer.headers.get('allow') };
};

test('each request reaches its route, parameters and all', async ({ baseUrl }) => {
  assert.equal(await call(baseUrl, 'POST', '/api/public/locks'), { status: 200, body: 'lock', allow: null });
  assert.is((await call(baseUrl, 'DELETE', '/api/public/locks/abc')).body, 'abc');
  assert.is((await call(baseUrl, 'GET', '/api/calendars/7')).body, 'calendar 7');
  assert.is((await call(baseUrl, 'GET', '/api/calendars')).body, 'calendars');
});

test('a path of no route goes on to what follows', async ({ baseUrl }) => {
  assert.is((await call(baseUrl, 'GET', '/api/unknown/1')).status, 404);
  assert.is((await call(baseUrl, 'GET', '/api/calendars/7/unknown')).status, 404);
  assert.is((await call(baseUrl, 'GET', '/api')).status, 404);
  assert.is((await call(baseUrl, 'GET', '/en/service')).body, 'not the API: /en/service');
});

test('a known path with a method it lacks is refused 405 with what it allows; an unknown method 501', async ({
  baseUrl,
}) => {
  assert.equal(await call(baseUrl, 'GET', '/api/public/locks'), {
    status: 405,
    body: 'Method Not Allowed',
    allow: 'POST',
  });
  assert.is((await call(baseUrl, 'PROPFIND', '/en/service')).status, 501, 'outside the API too, as one router does');
});

test('a route whose path starts with a parameter cannot be kept by segment', () => {
  assert.throws(() => new SegmentedRouter('/api').routerFor('/:id/things'), /first segment must be fixed/);
});

test.run();
