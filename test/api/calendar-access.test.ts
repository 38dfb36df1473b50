import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { demoCalendars } from '../../commands/seed/demo-calendars';

import { startTestApp, type TestApp } from '../support/app';
import { request } from '../support/http';
import { createUser } from '../support/identity';

const demoCalendarNames = () =>
  demoCalendars({ categoryIds: {}, locationIds: {}, templateIds: { confirmation: 1, reminder: 2 } })
    .map((calendar) => calendar.settings.name)
    .sort();

interface Context {
  app: TestApp;
  root: string;
  calendars: Record<string, number>;
  users: Record<'nurse' | 'clerk' | 'manager', { id: number; email: string; token: string }>;
}

const password = 'Acc3ss!Password';
const test = suite<Context>('api: calendar access');

const as = (token: string) => ({ Authorization: `Bearer ${token}` });

test.before(async (context) => {
  context.app = await startTestApp();
  const { baseUrl, seedAdmin } = context.app;
  context.root = (
    await request(baseUrl, 'POST', '/api/login_check', { username: seedAdmin.email, password: seedAdmin.password })
  ).json.token;
  const list = await request(baseUrl, 'GET', '/api/calendars', undefined, as(context.root));
  context.calendars = Object.fromEntries(
    list.json.items.map((calendar: { name: string; id: number }) => [calendar.name, calendar.id]),
  );
  context.users = {} as Context['users'];
  for (const [key, roles] of [
    ['nurse', ['ROLE_USER']],
    ['clerk', ['ROLE_USER']],
    ['manager', ['ROLE_ADMIN']],
  ] as const) {
    const email = `${key}@example.com`;
    // The helper gives a Basic User the calendars §5 requires, then revokes them: each starts with none.
    const id = await createUser(baseUrl, context.root, {
      email,
      firstName: key,
      lastName: 'Test',
      roles: [...roles],
      password,
    });
    const token = (await request(baseUrl, 'POST', '/api/login_check', { username: email, password })).json.token;
    context.users[key] = { id, email, token };
  }
});
test.after(async (context) => {
  await context.app?.stop();
});

test('administrators list every calendar; filters narrow the list', async ({ app, root }) => {
  const all = await request(app.baseUrl, 'GET', '/api/calendars', undefined, as(root));
  assert.equal(all.json.items.map((c: { name: string }) => c.name).sort(), demoCalendarNames());
  const enabled = await request(app.baseUrl, 'GET', '/api/calendars?enabled=1', undefined, as(root));
  assert.ok(enabled.json.items.every((c: { enabled: boolean }) => c.enabled));
  const ordinary = await request(app.baseUrl, 'GET', '/api/calendars?excludeGroupSessions=true', undefined, as(root));
  assert.ok(ordinary.json.items.every((c: { groupSession: boolean }) => !c.groupSession));
  assert.is((await request(app.baseUrl, 'GET', '/api/calendars?lanes=maybe', undefined, as(root))).status, 400);
});

test('granting and revoking: a Basic User sees exactly the enabled calendars granted to them', async ({
  app,
  root,
  calendars,
  users,
}) => {
  const cornwall = calendars['Cornwall Immunization Clinic']!;
  const winchester = calendars['Winchester Flu Clinic']!; // disabled
  assert.equal((await request(app.baseUrl, 'GET', '/api/calendars', undefined, as(users.nurse.token))).json.items, []);

  const granted = await request(
    app.baseUrl,
    'PUT',
    `/api/calendars/${cornwall}/users`,
    { userIds: [users.nurse.id] },
    as(root),
  );
  assert.equal(granted.json, { changed: 1 });
  await request(app.baseUrl, 'PUT', `/api/calendars/${winchester}/users`, { userIds: [users.nurse.id] }, as(root));
  const seen = await request(app.baseUrl, 'GET', '/api/calendars', undefined, as(users.nurse.token));
  assert.equal(
    seen.json.items.map((c: { id: number }) => c.id),
    [cornwall],
    'the disabled calendar stays hidden',
  );
  assert.equal((await request(app.baseUrl, 'GET', '/api/calendars', undefined, as(users.clerk.token))).json.items, []);

  const again = await request(
    app.baseUrl,
    'PUT',
    `/api/calendars/${cornwall}/users`,
    { userIds: [users.nurse.id] },
    as(root),
  );
  assert.equal(again.json, { changed: 0 }, 'setting the same access again changes nobody');

  const revoked = await request(app.baseUrl, 'PUT', `/api/calendars/${cornwall}/users`, { userIds: [] }, as(root));
  assert.equal(revoked.json, { changed: 1 });
  assert.equal((await request(app.baseUrl, 'GET', '/api/calendars', undefined, as(users.nurse.token))).json.items, []);
});

test('the access list shows administrators as always having access and the others per their list', async ({
  app,
  root,
  calendars,
  users,
}) => {
  const hawkesbury = calendars['Hawkesbury Immunization Clinic']!;
  await request(
    app.baseUrl,
    'PUT',
    `/api/calendars/${hawkesbury}/users`,
    { userIds: [users.clerk.id] },
    as(users.manager.token),
  );
  const list = await request(app.baseUrl, 'GET', `/api/calendars/${hawkesbury}/users`, undefined, as(root));
  const byEmail = Object.fromEntries(list.json.items.map((u: { email: string }) => [u.email, u]));
  assert.is(byEmail['clerk@example.com'].access, true);
  assert.is(byEmail['nurse@example.com'].access, false);
  assert.is(byEmail['manager@example.com'].access, true);
  assert.is(byEmail['manager@example.com'].allCalendars, true);
  assert.is(byEmail[app.seedAdmin.email].access, true);
  const user = await request(app.baseUrl, 'GET', `/api/users/${users.clerk.id}`, undefined, as(root));
  assert.equal(user.json.calendarIds, [hawkesbury], 'the user form shows the same access');
});

test('the change is in the audit trail with who made it', async ({ app, calendars, users }) => {
  const events = await app.server.store.readAll(null, 10_000);
  const change = events
    .filter((e) => e.type === 'UserAccessChanged' && e.streamId === `user-${users.clerk.id}`)
    .at(-1)!;
  assert.equal((change.data as { access: { calendarIds: number[] } }).access.calendarIds, [
    calendars['Hawkesbury Immunization Clinic'],
  ]);
  assert.equal(change.metadata.actor, { userId: users.manager.id, role: 'ROLE_ADMIN' });
  assert.ok(change.metadata.clientAddress);
});

test('a user form naming a calendar that does not exist is a 400 on calendarIds', async ({ app, root, users }) => {
  const response = await request(
    app.baseUrl,
    'PUT',
    `/api/users/${users.nurse.id}`,
    { email: users.nurse.email, firstName: 'nurse', lastName: 'Test', calendarIds: [31337] },
    as(root),
  );
  assert.is(response.status, 400);
  assert.is(response.json.error, 'UNKNOWN_CALENDAR');
  assert.equal(response.json.issues[0].path, ['calendarIds']);
});

test('unknown calendars and users are refused clearly', async ({ app, root }) => {
  const missing = await request(app.baseUrl, 'PUT', '/api/calendars/99999/users', { userIds: [] }, as(root));
  assert.is(missing.status, 404);
  assert.is(missing.json.error, 'CALENDAR_NOT_FOUND');
  const list = await request(app.baseUrl, 'GET', '/api/calendars', undefined, as(root));
  const someCalendar = list.json.items[0].id;
  const unknownUser = await request(
    app.baseUrl,
    'PUT',
    `/api/calendars/${someCalendar}/users`,
    { userIds: [424242] },
    as(root),
  );
  assert.is(unknownUser.status, 400);
  assert.is(unknownUser.json.error, 'USER_NOT_FOUND');
  const malformed = await request(
    app.baseUrl,
    'PUT',
    `/api/calendars/${someCalendar}/users`,
    { userIds: ['x'] },
    as(root),
  );
  assert.is(malformed.status, 400);
  assert.equal(malformed.json.issues[0].path, ['userIds', 0]);
});

test.run();
