import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { allRoutes } from '../../api/routes';
import { startTestApp, type TestApp } from '../support/app';
import { request } from '../support/http';
import { bearer, createUser, signIn, STRONG_PASSWORD } from '../support/identity';

/**
 * Issue 18 items 1 and 6: an Auditor is read-only. Every route that writes (any method but GET) answers them 403,
 * but for the public ones (which anyone may call, signed in or not: the public booking, a client's own booking and the waitlist, sign-in
 * and password reset)
 * and their own sign-out; every audit screen's GET lets them in, and those without a record in the address answer
 * 200.
 */
const test = suite<{ app: TestApp; auditor: Record<string, string> }>('api: an auditor is read-only');

/** Write routes an Auditor is not refused, each for its reason. Any other is a finding. */
const PUBLIC_WRITES = [
  'DELETE /public/locks/:token',
  'POST /login_check',
  'POST /newpassword',
  'POST /public/appointment',
  'POST /public/appointment-lookup',
  'POST /public/appointment/cancel',
  'POST /public/appointment/reschedule',
  'POST /public/appointments',
  'POST /public/locks',
  'POST /public/waitlist',
  'POST /public/waitlist/offer',
  'POST /reset',
];
const line = (route: { method: string; path: string }) => `${route.method.toUpperCase()} ${route.path}`;
const address = (path: string) => '/api' + path.replace(/:kind/g, 'user').replace(/:[A-Za-z]+/g, '1');

test.before(async (context) => {
  context.app = await startTestApp();
  const { baseUrl, seedAdmin } = context.app;
  const root = await signIn(baseUrl, seedAdmin.email, seedAdmin.password);
  await createUser(baseUrl, root, { email: 'auditor@example.com', roles: ['ROLE_AUDITOR'], password: STRONG_PASSWORD });
  context.auditor = bearer(await signIn(baseUrl, 'auditor@example.com', STRONG_PASSWORD));
});
test.after(async (context) => {
  await context.app?.stop();
});

test('every write route answers an Auditor 403, but the public ones', async ({ app, auditor }) => {
  const writes = allRoutes.filter((route) => route.method !== 'get' && line(route) !== 'POST /logout');
  assert.ok(writes.length > 30, 'the walk covers the write routes');
  const notRefused: string[] = [];
  for (const route of writes) {
    const body = route.method === 'delete' ? undefined : {};
    const answer = await request(app.baseUrl, route.method.toUpperCase(), address(route.path), body, auditor);
    if (answer.status === 403) assert.is(answer.json?.error, 'FORBIDDEN', line(route));
    else notRefused.push(`${line(route)}`);
  }
  assert.equal(notRefused.sort(), PUBLIC_WRITES, 'only the public write routes let an Auditor through');
  for (const route of writes.filter((route) => PUBLIC_WRITES.includes(line(route))))
    assert.is(route.access, 'public', `${line(route)} is public`);
});

test('every audit GET route lets an Auditor in; those without a record in the address answer 200', async ({
  app,
  auditor,
}) => {
  const audits = allRoutes.filter((route) => route.method === 'get' && route.path.startsWith('/audit/'));
  for (const path of ['/audit/events', '/audit/events/types', '/audit/events.jsonl', '/audit/events.csv'])
    assert.ok(
      audits.some((route) => route.path === path),
      path,
    );
  for (const route of audits) {
    const answer = await request(app.baseUrl, 'GET', address(route.path), undefined, auditor);
    assert.not.ok([401, 403].includes(answer.status), `${line(route)}: ${answer.status}`);
    if (!route.path.includes(':')) assert.is(answer.status, 200, `${line(route)}: ${answer.text.slice(0, 200)}`);
  }
});

test('an Auditor reads no staff screen', async ({ app, auditor }) => {
  for (const path of ['/api/calendars', '/api/appointments', '/api/users', '/api/report', '/api/dashboard']) {
    const answer = await request(app.baseUrl, 'GET', path, undefined, auditor);
    assert.is(answer.status, 403, path);
  }
});

test('an Auditor signs themselves out', async ({ app, auditor }) => {
  assert.is((await request(app.baseUrl, 'POST', '/api/logout', {}, auditor)).status, 200);
  assert.is((await request(app.baseUrl, 'GET', '/api/audit/events', undefined, auditor)).status, 401);
});

test.run();
