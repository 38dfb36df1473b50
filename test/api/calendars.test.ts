import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/app';
import { request } from '../support/http';
import { bearer, createUser, signIn, STRONG_PASSWORD } from '../support/identity';

/** §7 calendars: GET/POST/PUT with the §5 rules, the flags, copies and per-calendar access. */
interface Context {
  app: TestApp;
  root: string;
  locationId: number;
  categoryId: number;
}

const test = suite<Context>('api: calendars');

const lane = (name: string, changes: Record<string, unknown> = {}) => ({
  name,
  startTime: '09:00:00',
  endTime: '12:00:00',
  durations: [
    { value: 900, label: '15 min', isDefault: false },
    { value: 1800, label: '30 min', isDefault: true },
  ],
  slotInterval: 900,
  breakSlots: ['10:30:00', '13:00:00'],
  bookableSlots: ['09:00:00', '10:30:00'],
  ...changes,
});

const body = (context: Context, changes: Record<string, unknown> = {}) => ({
  name: 'Alexandria Travel Clinic',
  locationId: context.locationId,
  categoryId: context.categoryId,
  lanes: [lane('Nurse A'), lane('Nurse B', { startTime: '13:00:00', endTime: '16:00:00' })],
  ...changes,
});

test.before(async (context) => {
  context.app = await startTestApp();
  context.root = await signIn(context.app.baseUrl, context.app.seedAdmin.email, context.app.seedAdmin.password);
  const locations = await request(context.app.baseUrl, 'GET', '/api/locations', undefined, bearer(context.root));
  const categories = await request(context.app.baseUrl, 'GET', '/api/categories', undefined, bearer(context.root));
  context.locationId = locations.json.items[0].id;
  context.categoryId = categories.json.items[0].id;
});
test.after(async (context) => {
  await context.app?.stop();
});

test('a new calendar gets the §3 defaults, lane ids and normalised lanes', async (context) => {
  const created = await request(context.app.baseUrl, 'POST', '/api/calendars', body(context), bearer(context.root));
  assert.is(created.status, 201);
  const calendar = created.json;
  assert.equal(
    [calendar.enabled, calendar.syncEnabled, calendar.showOnDashboard, calendar.lockTime, calendar.spots, calendar.reminderThreshold, calendar.notificationTemplateId, calendar.reminderTemplateId],
    [false, true, true, 300, 1, 2, 1, 1],
  );
  assert.equal(calendar.fields, [{ name: 'firstName', required: true }, { name: 'lastName', required: true }]);
  assert.is(calendar.lanes.length, 2);
  assert.ok(calendar.lanes.every((saved: { id: number }) => Number.isInteger(saved.id)));
  assert.is.not(calendar.lanes[0].id, calendar.lanes[1].id);
  // 13:00 is outside the first lane; 10:30 is a break, so not bookable.
  assert.equal(calendar.lanes[0].breakSlots, ['10:30:00']);
  assert.equal(calendar.lanes[0].bookableSlots, ['09:00:00']);
  assert.equal(calendar.location.id, context.locationId);
  assert.equal(calendar.category.id, context.categoryId);

  const read = await request(context.app.baseUrl, 'GET', `/api/calendars/${calendar.id}`, undefined, bearer(context.root));
  assert.equal(read.json, calendar);
});

test('§5 rules come back as 400 naming the field', async (context) => {
  const refused = async (changes: Record<string, unknown>, field: string, code = 'VALIDATION_FAILED') => {
    const answer = await request(context.app.baseUrl, 'POST', '/api/calendars', body(context, changes), bearer(context.root));
    assert.is(answer.status, 400, JSON.stringify(changes));
    assert.is(answer.json.error, code);
    assert.ok(JSON.stringify(answer.json.issues ?? []).includes(field), `${field} in ${JSON.stringify(answer.json)}`);
  };
  await refused({ name: '' }, 'name');
  await refused({ lockTime: 299 }, 'lockTime');
  await refused({ groupSession: true, spots: 0 }, 'spots');
  await refused({ emailsEnabled: true, notificationTemplateId: null }, 'notificationTemplateId');
  await refused({ emailsEnabled: true, reminderThreshold: null }, 'reminderThreshold');
  await refused({ lanes: [] }, 'lanes');
  await refused({ lanes: [lane('Late', { startTime: '12:00:00', endTime: '09:00:00' })] }, 'endTime');
  await refused({ fields: [{ name: 'codes', required: false, category: 'All', options: [] }] }, 'codes');
  await refused({ locationId: 999_999 }, 'locationId', 'UNKNOWN_LOCATION');
  await refused({ categoryId: 999_999 }, 'categoryId', 'UNKNOWN_CATEGORY');
  const missing = await request(context.app.baseUrl, 'POST', '/api/calendars', { name: 'No lanes', lanes: [lane('x')] }, bearer(context.root));
  assert.is(missing.status, 400);
});

test('an update keeps lane ids, gives new lanes theirs, and the list flags add lanes and users', async (context) => {
  const created = (await request(context.app.baseUrl, 'POST', '/api/calendars', body(context, { name: 'Casselman Clinic' }), bearer(context.root))).json;
  const [first] = created.lanes;
  const updated = await request(
    context.app.baseUrl,
    'PUT',
    `/api/calendars/${created.id}`,
    body(context, { name: 'Casselman Clinic', enabled: true, lanes: [first, lane('Nurse C')] }),
    bearer(context.root),
  );
  assert.is(updated.status, 200);
  assert.is(updated.json.enabled, true);
  assert.is(updated.json.lanes[0].id, first.id);
  assert.ok(updated.json.lanes[1].id > first.id);

  const list = await request(context.app.baseUrl, 'GET', '/api/calendars', undefined, bearer(context.root));
  const listed = list.json.items.find((item: { id: number }) => item.id === created.id);
  assert.is(listed.lanes, undefined, 'no lanes without the flag');
  const withLanes = await request(context.app.baseUrl, 'GET', '/api/calendars?lanes=1&users=1', undefined, bearer(context.root));
  const full = withLanes.json.items.find((item: { id: number }) => item.id === created.id);
  assert.is(full.lanes.length, 2);
  assert.equal(full.users, []);
  assert.is((await request(context.app.baseUrl, 'PUT', '/api/calendars/999999', body(context), bearer(context.root))).status, 404);
});

test('a lane id must be one of the calendar’s own lanes: another calendar’s, or one never given, is a 400 naming the lane', async (context) => {
  const { baseUrl } = context.app;
  const mine = (await request(baseUrl, 'POST', '/api/calendars', body(context, { name: 'Embrun Clinic' }), bearer(context.root))).json;
  const theirs = (await request(baseUrl, 'POST', '/api/calendars', body(context, { name: 'Russell Clinic' }), bearer(context.root))).json;
  const refused = async (method: string, path: string, lanes: unknown[], field: string) => {
    const answer = await request(baseUrl, method, path, body(context, { name: 'Embrun Clinic', lanes }), bearer(context.root));
    assert.is(answer.status, 400, JSON.stringify(answer.json));
    assert.is(answer.json.error, 'VALIDATION_FAILED');
    assert.ok(JSON.stringify(answer.json.issues ?? []).includes(field), `${field} in ${JSON.stringify(answer.json)}`);
  };
  await refused('PUT', `/api/calendars/${mine.id}`, [mine.lanes[0], mine.lanes[1], theirs.lanes[0]], 'lanes.2.id');
  await refused('PUT', `/api/calendars/${mine.id}`, [{ ...mine.lanes[0], id: 999_999 }], 'lanes.0.id');
  await refused('PUT', `/api/calendars/${mine.id}`, [mine.lanes[0], { ...mine.lanes[0], name: 'Twin' }], 'lanes.1.id');
  await refused('POST', '/api/calendars', [lane('New'), theirs.lanes[1]], 'lanes.1.id');
  const unchanged = (await request(baseUrl, 'GET', `/api/calendars/${mine.id}`, undefined, bearer(context.root))).json;
  assert.equal(unchanged.lanes.map((saved: { id: number }) => saved.id), mine.lanes.map((saved: { id: number }) => saved.id));
  const theirsAfter = (await request(baseUrl, 'GET', `/api/calendars/${theirs.id}`, undefined, bearer(context.root))).json;
  assert.equal(theirsAfter.lanes, theirs.lanes);

  const kept = await request(baseUrl, 'PUT', `/api/calendars/${mine.id}`, body(context, { name: 'Embrun Clinic', lanes: [mine.lanes[1], lane('Nurse C')] }), bearer(context.root));
  assert.is(kept.status, 200, kept.text);
  assert.is(kept.json.lanes[0].id, mine.lanes[1].id);
  assert.ok(![...mine.lanes, ...theirs.lanes].some((old: { id: number }) => old.id === kept.json.lanes[1].id), 'a new lane gets a new id');
});

test('a template id must name a template, with e-mails on or off, on create and on update', async (context) => {
  const { baseUrl } = context.app;
  for (const emailsEnabled of [false, true]) {
    for (const field of ['notificationTemplateId', 'reminderTemplateId']) {
      const created = await request(baseUrl, 'POST', '/api/calendars', body(context, { emailsEnabled, [field]: 999_999 }), bearer(context.root));
      assert.is(created.status, 400, `${field} with emails ${emailsEnabled}: ${created.text}`);
      assert.is(created.json.error, 'UNKNOWN_TEMPLATE');
      assert.ok(JSON.stringify(created.json.issues ?? []).includes(field), JSON.stringify(created.json));
    }
  }
  const calendar = (await request(baseUrl, 'POST', '/api/calendars', body(context, { name: 'Limoges Clinic' }), bearer(context.root))).json;
  const updated = await request(baseUrl, 'PUT', `/api/calendars/${calendar.id}`, body(context, { name: 'Limoges Clinic', lanes: calendar.lanes, reminderTemplateId: 999_999 }), bearer(context.root));
  assert.is(updated.status, 400);
  assert.is(updated.json.error, 'UNKNOWN_TEMPLATE');
  const noTemplate = await request(baseUrl, 'PUT', `/api/calendars/${calendar.id}`, body(context, { name: 'Limoges Clinic', lanes: calendar.lanes, notificationTemplateId: null, reminderTemplateId: null }), bearer(context.root));
  assert.is(noTemplate.status, 200, 'with e-mails off, no template at all is allowed');
});

test('a copy is a new calendar with new lane ids', async (context) => {
  const original = (await request(context.app.baseUrl, 'POST', '/api/calendars', body(context, { name: 'Rockland Clinic' }), bearer(context.root))).json;
  const { id: _id, createdAt: _c, updatedAt: _u, location: _l, category: _g, ...settings } = original;
  const copy = await request(
    context.app.baseUrl,
    'POST',
    '/api/calendars',
    { ...settings, name: `Copy of ${original.name}`, lanes: original.lanes.map((saved: { id: number }) => ({ ...saved, id: null })) },
    bearer(context.root),
  );
  assert.is(copy.status, 201);
  assert.is(copy.json.name, 'Copy of Rockland Clinic');
  assert.is.not(copy.json.id, original.id);
  assert.ok(copy.json.lanes.every((saved: { id: number }) => !original.lanes.some((old: { id: number }) => old.id === saved.id)));
  assert.equal(copy.json.lanes.map((saved: { name: string }) => saved.name), original.lanes.map((saved: { name: string }) => saved.name));
});

test('a Basic User reads only calendars they have access to and cannot change any', async (context) => {
  const calendar = (await request(context.app.baseUrl, 'POST', '/api/calendars', body(context, { name: 'Winchester Clinic', enabled: true }), bearer(context.root))).json;
  const email = 'basic.calendars@example.com';
  await createUser(context.app.baseUrl, context.root, { email, roles: ['ROLE_USER'], password: STRONG_PASSWORD });
  const basic = await signIn(context.app.baseUrl, email, STRONG_PASSWORD);
  assert.is((await request(context.app.baseUrl, 'GET', `/api/calendars/${calendar.id}`, undefined, bearer(basic))).status, 403);
  const users = (await request(context.app.baseUrl, 'GET', '/api/users', undefined, bearer(context.root))).json.items;
  const basicId = users.find((user: { email: string }) => user.email === email).id;
  await request(context.app.baseUrl, 'PUT', `/api/calendars/${calendar.id}/users`, { userIds: [basicId] }, bearer(context.root));
  const granted = await signIn(context.app.baseUrl, email, STRONG_PASSWORD);
  assert.is((await request(context.app.baseUrl, 'GET', `/api/calendars/${calendar.id}`, undefined, bearer(granted))).status, 200);
  assert.is((await request(context.app.baseUrl, 'PUT', `/api/calendars/${calendar.id}`, body(context), bearer(granted))).status, 403);
});

test('a calendar created before lanes existed reads with the default lane (upcaster)', async () => {
  const { upcast } = await import('../../commands/upcasters');
  const event = upcast({ type: 'CalendarCreated', schemaVersion: 1, data: { calendarId: 1, settings: { name: 'Old' }, at: '2026-01-01T00:00:00Z' } });
  const settings = (event.data as { settings: { lanes: { name: string; startTime: string }[] } }).settings;
  assert.equal(settings.lanes.map((saved) => [saved.name, saved.startTime]), [['Staff 1', '08:45:00']]);
});

test.run();
