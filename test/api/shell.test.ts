import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import { createApp } from '../../api/app';
import { allRoutes } from '../../api/routes';
import { loadConfig } from '../../commands/infrastructure/config';
import { defineRoute } from '../../api/routing';
import { DomainError } from '../../domain/shared/decider';
import { testAppDependencies } from '../support/app-dependencies';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { request } from '../support/http';

const probeRoutes = [
  defineRoute({
    method: 'post',
    path: '/probe/echo',
    summary: 'Echo a name',
    tag: 'probe',
    access: 'public',
    body: z.strictObject({ name: z.string().min(1).max(20), count: z.number().int().min(1) }),
    response: z.object({ name: z.string() }),
    successStatus: 201,
    async handler({ body }) {
      return { name: body.name, secret: 'must not leak' };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/probe/crash',
    summary: 'Fails unexpectedly',
    tag: 'probe',
    access: 'public',
    response: z.object({}),
    async handler() {
      throw new Error('database password is hunter2 for jane.doe@example.com');
    },
  }),
  defineRoute({
    method: 'get',
    path: '/probe/refuse',
    summary: 'A domain refusal',
    tag: 'probe',
    access: 'public',
    response: z.object({}),
    async handler() {
      throw new DomainError('SLOT_UNAVAILABLE', 'The time slot is currently unavailable.');
    },
  }),
];

const test = suite<{ database: TestDatabase; server: Server; baseUrl: string }>('api: shell');

test.before(async (context) => {
  context.database = await createTestDatabase();
  const app = createApp(testAppDependencies(context.database), {
    routes: [...allRoutes, ...probeRoutes],
    requestsPerMinute: 40,
  });
  context.server = app.listen(0);
  await new Promise((resolve) => context.server.once('listening', resolve));
  context.baseUrl = `http://127.0.0.1:${(context.server.address() as AddressInfo).port}`;
});
test.after(async (context) => {
  context.server?.close();
  await context.database?.drop();
});

test('health answers ok with the database reachable', async ({ baseUrl }) => {
  const response = await request(baseUrl, 'GET', '/api/health');
  assert.equal(response.json, { status: 'ok', database: 'ok', eventStore: 'postgres' });
});

test('a valid body reaches the handler and only the declared answer leaves', async ({ baseUrl }) => {
  const response = await request(baseUrl, 'POST', '/api/probe/echo', { name: 'Ada', count: 2 });
  assert.is(response.status, 201);
  assert.equal(response.json, { name: 'Ada' });
});

test('an invalid body is a 400 naming each field', async ({ baseUrl }) => {
  const response = await request(baseUrl, 'POST', '/api/probe/echo', { name: '', count: 'two', extra: true });
  assert.is(response.status, 400);
  assert.is(response.json.error, 'VALIDATION_FAILED');
  const paths = response.json.issues.map((issue: { path: string[] }) => issue.path.join('.'));
  assert.ok(paths.includes('name'));
  assert.ok(paths.includes('count'));
  assert.ok(response.json.issues.some((issue: { code: string }) => issue.code === 'unrecognized_keys'));
});

test('malformed JSON is a 400, not a 500', async ({ baseUrl }) => {
  const response = await request(baseUrl, 'POST', '/api/probe/echo', '{"name": ');
  assert.is(response.status, 400);
  assert.is(response.json.error, 'INVALID_JSON');
});

test('a body over the limit is a 413', async ({ baseUrl }) => {
  const response = await request(baseUrl, 'POST', '/api/probe/echo', { name: 'x'.repeat(300_000), count: 1 });
  assert.is(response.status, 413);
  assert.is(response.json.error, 'PAYLOAD_TOO_LARGE');
});

test('an unexpected failure is a bare 500 with no stack or message', async ({ baseUrl }) => {
  const response = await request(baseUrl, 'GET', '/api/probe/crash');
  assert.is(response.status, 500);
  assert.equal(response.json, { error: 'INTERNAL_ERROR', detail: 'An unexpected error occurred.' });
  assert.not.match(response.text, /hunter2|jane|at \w+ \(/);
});

test('a domain refusal carries its stable code and mapped status', async ({ baseUrl }) => {
  const response = await request(baseUrl, 'GET', '/api/probe/refuse');
  assert.is(response.status, 409);
  assert.is(response.json.error, 'SLOT_UNAVAILABLE');
});

test('unknown API paths are a JSON 404 and wrong methods a 405', async ({ baseUrl }) => {
  const missing = await request(baseUrl, 'GET', '/api/nothing-here');
  assert.is(missing.status, 404);
  assert.is(missing.json.error, 'NOT_FOUND');
  const wrongMethod = await request(baseUrl, 'DELETE', '/api/health');
  assert.is(wrongMethod.status, 405);
  assert.is(wrongMethod.json.error, 'METHOD_NOT_ALLOWED');
});

test('every answer has a request id and security headers; API answers are not cached', async ({ baseUrl }) => {
  const response = await request(baseUrl, 'GET', '/api/health', undefined, { 'X-Request-Id': 'trace-12345678' });
  assert.is(response.headers.get('x-request-id'), 'trace-12345678');
  const generated = await request(baseUrl, 'GET', '/api/health', undefined, { 'X-Request-Id': 'bad id!' });
  assert.match(generated.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
  assert.match(response.headers.get('content-security-policy') ?? '', /default-src 'self'/);
  assert.is(response.headers.get('x-content-type-options'), 'nosniff');
  assert.is(response.headers.get('cache-control'), 'no-store');
});

test('the OpenAPI document is generated from the route schemas', async ({ baseUrl }) => {
  const response = await request(baseUrl, 'GET', '/api/openapi.json');
  assert.is(response.json.openapi, '3.1.0');
  const list = response.json.paths['/api/public/services'].get;
  assert.equal(list.parameters[0].name, 'locale');
  assert.equal(list.parameters[0].schema.enum, ['en', 'fr']);
  const one = response.json.paths['/api/public/services/{id}'].get;
  assert.ok(
    one.parameters.some(
      (parameter: { name: string; in: string }) => parameter.name === 'id' && parameter.in === 'path',
    ),
  );
  assert.ok(one.responses['200'].content['application/json'].schema.properties.landingPage);
  const echo = response.json.paths['/api/probe/echo'].post;
  assert.equal(echo.requestBody.content['application/json'].schema.required.sort(), ['count', 'name']);
  assert.ok(echo.responses['201']);
});

test('in production the client address is the one the load balancer added, not one the client forged', async ({
  database,
}) => {
  const ipRoute = defineRoute({
    method: 'get',
    path: '/probe/ip',
    summary: 'The client address as the app sees it',
    tag: 'probe',
    access: 'public',
    response: z.object({ ip: z.string() }),
    async handler({ ctx }) {
      return { ip: ctx.ip };
    },
  });
  const production = createApp(
    testAppDependencies(database, { config: loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'production' }) }),
    { routes: [ipRoute] },
  );
  const server = production.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const forged = await request(baseUrl, 'GET', '/api/probe/ip', undefined, {
      'X-Forwarded-For': '6.6.6.6, 203.0.113.9',
    });
    assert.is(forged.json.ip, '203.0.113.9');
  } finally {
    server.close();
  }
});

test('too many requests from one address are a 429 with Retry-After', async ({ baseUrl }) => {
  let limited;
  for (let i = 0; i < 60 && !limited; i++) {
    const response = await request(baseUrl, 'GET', '/api/health');
    if (response.status === 429) limited = response;
  }
  assert.ok(limited, 'the limit was never reached');
  assert.is(limited!.json.error, 'RATE_LIMITED');
  assert.ok(Number(limited!.headers.get('retry-after')) >= 0);
});

test.run();
