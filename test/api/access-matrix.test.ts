import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { allRoutes } from '../../api/routes';
import type { Role } from '../../domain/users/user';
import { startTestApp, type TestApp } from '../support/app';
import { request } from '../support/http';
import { createUser } from '../support/identity';

type Identity = 'anonymous' | Role;
const identities: Identity[] = ['anonymous', 'ROLE_USER', 'ROLE_FRONTEND', 'ROLE_ADMIN', 'ROLE_ROOT', 'ROLE_AUDITOR'];

/**
 * Who may call each route, per §2.3's menu table and §6, written here independently of the routes' own declarations.
 * Every non-public route must be listed: a new route without a line here fails the first test.
 */
const everyone: Identity[] = identities;
const signedIn: Identity[] = ['ROLE_USER', 'ROLE_FRONTEND', 'ROLE_ADMIN', 'ROLE_ROOT', 'ROLE_AUDITOR'];
const administrators: Identity[] = ['ROLE_ADMIN', 'ROLE_ROOT'];
const staff: Identity[] = ['ROLE_USER', 'ROLE_ADMIN', 'ROLE_ROOT'];
const root: Identity[] = ['ROLE_ROOT'];
const auditors: Identity[] = ['ROLE_AUDITOR', 'ROLE_ROOT'];

const matrix: Record<string, Identity[]> = {
  'GET /health': everyone,
  'GET /ready': everyone,
  'GET /public/services': everyone,
  'GET /public/bot-check/challenge': everyone,
  'GET /public/services/:id': everyone,
  'GET /public/services/:id/calendar/:calendarId/dates': everyone,
  'GET /public/services/:id/calendar/:calendarId/sessions': everyone,
  'POST /public/locks': everyone,
  'DELETE /public/locks/:token': everyone,
  'POST /public/appointments': everyone,
  'POST /public/appointment-lookup': everyone,
  'POST /public/appointment': everyone,
  'POST /public/appointment/cancel': everyone,
  'POST /public/appointment/reschedule': everyone,
  'POST /login_check': everyone,
  'POST /reset': everyone,
  'POST /newpassword': everyone,
  'GET /me': signedIn,
  'POST /logout': signedIn,
  'GET /users': administrators,
  'GET /users/:id': administrators,
  'POST /users': administrators,
  'PUT /users/:id': administrators,
  'GET /calendars': staff,
  'GET /calendars/:id': staff,
  'POST /calendars': administrators,
  'PUT /calendars/:id': administrators,
  'GET /calendars/:id/users': administrators,
  'PUT /calendars/:id/users': administrators,
  'GET /calendars/:id/dates': staff,
  'GET /calendars/:id/dates/:date': staff,
  'PUT /calendars/:id/dates/:date': administrators,
  'POST /batch/calendars/:id/dates': administrators,
  'PUT /batch/calendars/:id/dates': administrators,
  'DELETE /batch/calendars/:id/dates': administrators,
  'PUT /batch/calendars/:id/dates/patch': administrators,
  'GET /calendars/:id/group-session-series': staff,
  'GET /calendars/:id/group-session-series/:seriesId': staff,
  'GET /calendars/:id/group-session-series/:seriesId/registrations': staff,
  'DELETE /calendars/:id/group-session-series/:seriesId/registrations/:appointmentId': administrators,
  'POST /locks': staff,
  'POST /appointments': staff,
  'GET /appointments': staff,
  'GET /appointments/:id': staff,
  'PUT /appointments/:id': staff,
  'DELETE /appointments/:id': staff,
  'GET /appointments/:id/history': administrators,
  'GET /dashboard': staff,
  'GET /categories': staff,
  'GET /categories/:id': staff,
  'POST /categories': administrators,
  'PUT /categories/:id': administrators,
  'DELETE /categories/:id': root,
  'GET /locations': staff,
  'GET /locations/:id': staff,
  'POST /locations': administrators,
  'PUT /locations/:id': administrators,
  'DELETE /locations/:id': administrators,
  'GET /templates': administrators,
  'GET /templates/:id': root,
  'POST /templates': root,
  'PUT /templates/:id': root,
  'DELETE /templates/:id': root,
  'GET /services': root,
  'GET /services/:id': root,
  'POST /services': root,
  'PUT /services/:id': root,
  'DELETE /services/:id': root,
  'GET /request-forms': staff,
  'GET /request-forms/:id': staff,
  'POST /request-forms': staff,
  'POST /request-forms/:id/fulfilment': administrators,
  'POST /export': root,
  'GET /report': administrators,
  'GET /report.csv': administrators,
  'GET /statistics': administrators,
  'GET /audit/events': auditors,
  'GET /audit/events/types': auditors,
  'GET /audit/events.jsonl': auditors,
  'GET /audit/events.csv': auditors,
  'GET /audit/records/:kind/:id/versions': auditors,
  'GET /audit/records/:kind/:id/diff': auditors,
  'GET /audit/records/:kind/:id': auditors,
  'GET /audit/access': auditors,
  'GET /audit/access/verification': auditors,
  'GET /messages': administrators,
  'POST /messages/:id/retry': administrators,
  'GET /public/services/:id/calendar/:calendarId/waitlist-targets': everyone,
  'POST /public/waitlist': everyone,
  'POST /public/waitlist/offer': everyone,
  'GET /calendars/:id/waitlist': staff,
  'DELETE /calendars/:id/waitlist/:entryId': administrators,
};

const test = suite<{ app: TestApp; tokens: Partial<Record<Identity, string>> }>('api: access matrix');

test.before(async (context) => {
  context.app = await startTestApp();
  const { baseUrl, seedAdmin } = context.app;
  const signIn = async (username: string, password: string) =>
    (await request(baseUrl, 'POST', '/api/login_check', { username, password })).json.token as string;
  const root = await signIn(seedAdmin.email, seedAdmin.password);
  context.tokens = { ROLE_ROOT: root };
  for (const role of ['ROLE_USER', 'ROLE_FRONTEND', 'ROLE_ADMIN', 'ROLE_AUDITOR'] as const) {
    const email = `${role.toLowerCase()}@example.com`;
    const password = 'Matr1x!Password';
    // Without calendars of their own: the helper gives a Basic User the calendars §5 requires, then revokes them.
    await createUser(baseUrl, root, { email, firstName: 'Test', lastName: role, roles: [role], password });
    context.tokens[role] = await signIn(email, password);
  }
});
test.after(async (context) => {
  await context.app?.stop();
});

test('every route has a line in the matrix, and no line is stale', () => {
  const routes = allRoutes.map((route) => `${route.method.toUpperCase()} ${route.path}`).sort();
  assert.equal(routes, Object.keys(matrix).sort());
});

test('each identity is let in exactly where the matrix says', async ({ app, tokens }) => {
  const mismatches: string[] = [];
  for (const route of allRoutes) {
    const line = `${route.method.toUpperCase()} ${route.path}`;
    if (line === 'POST /logout') continue; // would end the session the rest of the walk uses; checked below
    const path = '/api' + route.path.replace(/:[A-Za-z]+/g, '999999');
    for (const identity of identities) {
      const token = identity === 'anonymous' ? undefined : tokens[identity];
      const body = route.method === 'get' || route.method === 'delete' ? undefined : {};
      const response = await request(
        app.baseUrl,
        route.method.toUpperCase(),
        path,
        body,
        token ? { Authorization: `Bearer ${token}` } : {},
      );
      const allowed = matrix[line]!.includes(identity);
      const expectedRefusal = identity === 'anonymous' ? 401 : 403;
      const refused = response.status === 401 || response.status === 403;
      if (allowed && refused) mismatches.push(`${line} as ${identity}: refused with ${response.status}`);
      if (!allowed && response.status !== expectedRefusal)
        mismatches.push(`${line} as ${identity}: ${response.status} instead of ${expectedRefusal}`);
      if (!allowed && response.json?.error !== (expectedRefusal === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN'))
        mismatches.push(`${line} as ${identity}: code ${response.json?.error}`);
    }
  }
  assert.equal(mismatches, []);
});

test('logout is open to every signed-in identity and to nobody else', async ({ app, tokens }) => {
  assert.is((await request(app.baseUrl, 'POST', '/api/logout')).status, 401);
  for (const identity of signedIn) {
    const response = await request(app.baseUrl, 'POST', '/api/logout', undefined, {
      Authorization: `Bearer ${tokens[identity]}`,
    });
    assert.is(response.status, 200, identity);
    assert.is(
      (await request(app.baseUrl, 'GET', '/api/me', undefined, { Authorization: `Bearer ${tokens[identity]}` })).status,
      401,
      `${identity} signed out`,
    );
  }
});

test.run();
