import { setTimeout as sleep } from 'node:timers/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/app';
import { newEvent, uniqueStream } from '../support/events';
import { request } from '../support/http';

/**
 * Issue 21 item 4: GET /api/ready tells a load balancer whether this instance should get traffic: the database answers
 * and every read model is within READY_MAX_LAG_SECONDS of the head of the log.
 */
const MAX_LAG_SECONDS = 1;

const test = suite<{ app: TestApp }>('api: readiness');

test.before(async (context) => {
  context.app = await startTestApp({ env: { READY_MAX_LAG_SECONDS: String(MAX_LAG_SECONDS) } });
});
test.after(async (context) => {
  await context.app?.stop();
});

test('ready when the database answers and every projector has caught up', async ({ app }) => {
  const response = await request(app.baseUrl, 'GET', '/api/ready');
  assert.is(response.status, 200);
  assert.is(response.json.status, 'ready');
  assert.is(response.json.database, 'ok');
  assert.is(response.json.maxLagSeconds, MAX_LAG_SECONDS);
  const names = response.json.projectors.map((projector: { name: string }) => projector.name).sort();
  assert.equal(names, [...app.server.runner.names].sort());
  for (const projector of response.json.projectors) assert.ok(projector.lagSeconds <= MAX_LAG_SECONDS, projector.name);
  assert.is(response.headers.get('cache-control'), 'no-store');
});

test('503 with Retry-After, naming the read models behind, while projectors are held back; ready again once they catch up', async ({
  app,
}) => {
  await app.server.runner.stop();
  await app.server.store.append(uniqueStream('readinessProbe'), 'no_stream', [newEvent('ReadinessProbed')]);
  await sleep((MAX_LAG_SECONDS + 0.5) * 1000);

  const behind = await request(app.baseUrl, 'GET', '/api/ready');
  assert.is(behind.status, 503);
  assert.ok(behind.headers.get('retry-after'));
  assert.is(behind.json.status, 'unavailable');
  assert.is(behind.json.database, 'ok');
  assert.equal([...behind.json.behind].sort(), [...app.server.runner.names].sort());
  for (const projector of behind.json.projectors) assert.ok(projector.lagSeconds > MAX_LAG_SECONDS, projector.name);
  assert.match(behind.json.reason, /behind the event log/);
  // Liveness is another question: the instance is alive and its database reachable.
  assert.is((await request(app.baseUrl, 'GET', '/api/health')).status, 200);

  await app.server.runner.start();
  let again = behind;
  for (let tries = 0; tries < 100 && again.status !== 200; tries++) {
    await sleep(200);
    again = await request(app.baseUrl, 'GET', '/api/ready');
  }
  assert.is(again.status, 200);
  assert.is(again.json.status, 'ready');
});

test('the OpenAPI document describes /ready and its 503', async ({ app }) => {
  const document = (await request(app.baseUrl, 'GET', '/api/openapi.json')).json;
  const operation = document.paths['/api/ready']?.get;
  assert.ok(operation, 'GET /ready is documented');
  assert.ok(operation.responses['503'], 'its 503 is documented');
});

test.run();
