import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/app';
import { bearer, seedAdminToken } from '../support/identity';
import { request } from '../support/http';

/**
 * Issue 21 item 4: GET /metrics answers Prometheus's text format: requests by route template and status, commands by
 * outcome, projector lag and queue sizes. It is not for the internet: without METRICS_TOKEN only a direct request from
 * this machine gets it; with METRICS_TOKEN only a request bearing it.
 */
const TOKEN = 'metrics-token-0123456789abcdef';

const test = suite<{ app: TestApp; guarded: TestApp }>('api: metrics');

test.before(async (context) => {
  context.app = await startTestApp();
  // A second app in the same process: each has its own registry, so nothing clashes.
  context.guarded = await startTestApp({ seed: false, env: { METRICS_TOKEN: TOKEN } });
});
test.after(async (context) => {
  await context.app?.stop();
  await context.guarded?.stop();
});

/** The value of the sample of `name` whose labels include all of `labels`, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\{(.*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = Object.fromEntries([...match[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => present[key] === value)) return Number(match[3]);
  }
  return undefined;
}

test('counts requests by route template and status, never by raw path', async ({ app }) => {
  const token = await seedAdminToken(app);
  const calendars = (await request(app.baseUrl, 'GET', '/api/calendars', undefined, bearer(token))).json.items;
  const id = calendars[0].id as number;
  assert.is((await request(app.baseUrl, 'GET', `/api/calendars/${id}`, undefined, bearer(token))).status, 200);
  assert.is((await request(app.baseUrl, 'GET', `/api/calendars/${id}`, undefined, bearer(token))).status, 200);
  assert.is((await request(app.baseUrl, 'GET', '/api/calendars/999999', undefined, bearer(token))).status, 404);

  const metrics = await request(app.baseUrl, 'GET', '/metrics');
  assert.is(metrics.status, 200);
  assert.match(metrics.headers.get('content-type') ?? '', /^text\/plain/);
  const route = '/api/calendars/:id';
  assert.is(sample(metrics.text, 'http_requests_total', { method: 'GET', route, status: '200' }), 2);
  assert.is(sample(metrics.text, 'http_requests_total', { method: 'GET', route, status: '404' }), 1);
  assert.is(sample(metrics.text, 'http_request_duration_seconds_count', { method: 'GET', route, status: '200' }), 2);
  assert.not.match(metrics.text, new RegExp(`route="/api/calendars/${id}"`));
  assert.not.match(metrics.text, /route="\/api\/calendars\/999999"/);
});

test('counts commands by outcome', async ({ app }) => {
  await seedAdminToken(app); // a sign-in is a command on the user's stream
  const metrics = await request(app.baseUrl, 'GET', '/metrics');
  assert.ok((sample(metrics.text, 'booking_commands_total', { command: 'SignIn', outcome: 'appended' }) ?? 0) >= 1);
  assert.match(metrics.text, /# TYPE booking_command_conflicts_total counter/);
});

test('reports each projector lag and the queues by status, read at the scrape', async ({ app }) => {
  const metrics = await request(app.baseUrl, 'GET', '/metrics');
  for (const name of app.server.runner.names) {
    const lag = sample(metrics.text, 'booking_projector_lag_seconds', { projector: name });
    assert.ok(lag !== undefined && lag >= 0, `lag of ${name}`);
  }
  for (const status of ['pending', 'sending', 'sent', 'failed', 'skipped'])
    assert.ok(sample(metrics.text, 'booking_mail_queue_messages', { status }) !== undefined, `mail ${status}`);
  for (const status of ['pending', 'sent', 'cancelled'])
    assert.ok(sample(metrics.text, 'booking_message_queue_messages', { status }) !== undefined, `message ${status}`);
  assert.match(metrics.text, /^process_cpu_seconds_total /m);
});

test('without METRICS_TOKEN, a forwarded request (not made from this machine) is refused', async ({ app }) => {
  const forwarded = await request(app.baseUrl, 'GET', '/metrics', undefined, { 'X-Forwarded-For': '203.0.113.7' });
  assert.is(forwarded.status, 403);
  assert.is(forwarded.json.error, 'FORBIDDEN');
  assert.ok(forwarded.json.detail);
});

test('with METRICS_TOKEN, only a request bearing it is answered', async ({ guarded }) => {
  const none = await request(guarded.baseUrl, 'GET', '/metrics');
  assert.is(none.status, 401);
  assert.is(none.json.error, 'UNAUTHORIZED');
  const wrong = await request(guarded.baseUrl, 'GET', '/metrics', undefined, {
    Authorization: 'Bearer metrics-token-0123456789abcdeX',
  });
  assert.is(wrong.status, 401);
  const right = await request(guarded.baseUrl, 'GET', '/metrics', undefined, { Authorization: `Bearer ${TOKEN}` });
  assert.is(right.status, 200);
  assert.match(right.text, /# TYPE http_requests_total counter/);
  assert.match(right.text, /route="\/metrics",status="401"/);
});

test('/metrics takes GET only', async ({ app }) => {
  const post = await request(app.baseUrl, 'POST', '/metrics', {});
  assert.is(post.status, 405);
  assert.is(post.json.error, 'METHOD_NOT_ALLOWED');
});

test.run();
