import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/app';
import { request } from '../support/http';
import { bearer, createUser, signIn, STRONG_PASSWORD } from '../support/identity';
import { createPublicService } from '../support/public-service';

/**
 * Issue 14, item 5 (DESIGN §6): clients GET a record, change it and PUT it back. Every PUT route but the calendars'
 * takes back what its GET answered: the read-only fields (ids, timestamps, derived names and figures) are ignored,
 * a field that belongs to no representation is still a 400 naming it. Today is Tuesday 2026-11-24 in Toronto.
 */
interface Context {
  app: TestApp;
  rootToken: string;
  root: Record<string, string>;
  manager: Record<string, string>;
  calendarId: number;
  laneId: number;
}

const test = suite<Context>('api: a PUT takes back what GET answered');
const date = '2026-11-26';
const lane = {
  name: 'Nurse',
  startTime: '09:00:00',
  endTime: '11:00:00',
  durations: [{ value: 900, isDefault: true }, { value: 1800 }],
  slotInterval: 900,
};
const call = (context: Context, as: Record<string, string>, method: string, path: string, body?: unknown) =>
  request(context.app.baseUrl, method, `/api${path}`, body, as);

async function read(context: Context, path: string, as = context.root) {
  const answer = await call(context, as, 'GET', path);
  assert.is(answer.status, 200, `GET ${path}: ${answer.text}`);
  return answer.json as Record<string, unknown>;
}

/**
 * GET `path`, change the representation, PUT it back to `putPath`: 200, and the change shows on the next GET. The
 * same representation with a field of no representation is a 400 naming that field.
 */
async function roundTrip(
  context: Context,
  path: string,
  change: Record<string, unknown>,
  { putPath = path, as = context.root, query = '' } = {},
) {
  const loaded = await read(context, `${path}${query}`, as);
  const refused = await call(context, as, 'PUT', putPath, { ...loaded, ...change, colour: 'red' });
  assert.equal(
    [refused.status, refused.json?.error],
    [400, 'VALIDATION_FAILED'],
    `PUT ${putPath} with an unknown field: ${refused.text}`,
  );
  assert.match(refused.json.detail, 'colour');
  const saved = await call(context, as, 'PUT', putPath, { ...loaded, ...change });
  assert.is(saved.status, 200, `PUT ${putPath} of what GET answered: ${saved.text}`);
  const reread = await read(context, path, as);
  for (const [key, value] of Object.entries(change)) assert.equal(reread[key], value, `${path}: ${key} saved`);
  return { loaded, reread };
}

test.before(async (context) => {
  const clock = new Date('2026-11-24T14:00:00Z');
  context.app = await startTestApp({ now: () => clock });
  const rootToken = await signIn(context.app.baseUrl, context.app.seedAdmin.email, context.app.seedAdmin.password);
  context.rootToken = rootToken;
  context.root = bearer(rootToken);
  await createUser(context.app.baseUrl, rootToken, {
    email: 'manager@example.com',
    roles: ['ROLE_ADMIN'],
    password: STRONG_PASSWORD,
  });
  context.manager = bearer(await signIn(context.app.baseUrl, 'manager@example.com', STRONG_PASSWORD));
  const locationId = (await call(context, context.root, 'GET', '/locations')).json.items[0].id;
  const categoryId = (await call(context, context.root, 'GET', '/categories')).json.items[0].id;
  const calendar = await call(context, context.root, 'POST', '/calendars', {
    name: 'Round-trip clinic',
    enabled: true,
    locationId,
    categoryId,
    allowMultipleClients: true,
    lanes: [lane],
  });
  assert.is(calendar.status, 201, calendar.text);
  context.calendarId = calendar.json.id;
  const added = await call(context, context.root, 'POST', `/batch/calendars/${context.calendarId}/dates`, {
    dates: [date, '2026-11-27'],
    lanes: [lane],
  });
  assert.is(added.status, 201, added.text);
  context.laneId = added.json.items[0].lanes[0].id;
});
test.after(async (context) => {
  await context.app?.stop();
});

test('users: a System Administrator and a Calendar Administrator PUT back what GET answered (id, name, allCalendars, timestamps ignored)', async (context) => {
  const id = await createUser(context.app.baseUrl, context.rootToken, {
    email: 'nurse@example.com',
    roles: ['ROLE_USER'],
    calendarIds: [context.calendarId], // §5: calendars are required
  });
  const { loaded, reread } = await roundTrip(context, `/users/${id}`, { firstName: 'Renamed' });
  assert.equal(
    Object.keys(loaded).filter((key) =>
      ['id', 'name', 'allCalendars', 'createdAt', 'updatedAt', 'lastLoginAt'].includes(key),
    ).length,
    6,
    'the GET has the read-only fields',
  );
  assert.is(reread.name, 'Renamed User', 'the derived name follows the change, not the name sent');
  await roundTrip(context, `/users/${id}`, { position: 'Nurse' }, { as: context.manager });
  const promoted = await call(context, context.manager, 'PUT', `/users/${id}`, {
    ...(await read(context, `/users/${id}`)),
    roles: ['ROLE_ADMIN'],
  });
  assert.equal(
    [promoted.status, promoted.json.error],
    [403, 'FORBIDDEN'],
    'sending back the roles is not setting other roles',
  );
});

test('categories, locations and e-mail templates: id and timestamps are ignored, even when they say otherwise', async (context) => {
  const category = await call(context, context.root, 'POST', '/categories', { name: 'Round trip' });
  const { loaded } = await roundTrip(context, `/categories/${category.json.id}`, { name: 'Round trip, renamed' });
  const forged = await call(context, context.root, 'PUT', `/categories/${category.json.id}`, {
    ...loaded,
    id: 1,
    name: 'Forged id',
    createdAt: '2000-01-01T00:00:00.000Z',
  });
  assert.is(forged.status, 200, forged.text);
  const reread = await read(context, `/categories/${category.json.id}`);
  assert.equal(
    [reread.name, reread.createdAt],
    ['Forged id', loaded.createdAt],
    'the address names the record; createdAt stays',
  );
  assert.is.not((await read(context, '/categories/1')).name, 'Forged id');

  const location = await call(context, context.root, 'POST', '/locations', {
    name: 'Embrun',
    nameFr: 'Embrun',
    isVirtual: true,
  });
  assert.is(location.status, 201, location.text);
  await roundTrip(context, `/locations/${location.json.id}`, { phone: '613-555-0150' });

  const template = await call(context, context.root, 'POST', '/templates', {
    name: 'Round trip',
    fromEmail: 'clinic@healthunit.example',
    fromName: 'Clinic',
    fromNameFr: 'Clinique',
    subject: 'See you',
    subjectFr: 'À bientôt',
    body: 'Hello',
    bodyFr: 'Bonjour',
  });
  assert.is(template.status, 201, template.text);
  await roundTrip(context, `/templates/${template.json.id}`, { subject: 'See you soon' });
});

test('services: id, calendars and timestamps are ignored', async (context) => {
  const id = await createPublicService(context.app.baseUrl, context.root, [context.calendarId]);
  const { loaded } = await roundTrip(context, `/services/${id}`, { title: 'Round-trip service' });
  assert.ok(Array.isArray(loaded.calendars) && loaded.calendars.length === 1, 'the GET has the calendars');
});

test('calendar dates: the date as GET answered it, with its figures and timeslots, for one date or a batch', async (context) => {
  const path = `/calendars/${context.calendarId}/dates/${date}`;
  const { loaded } = await roundTrip(context, path, { enabled: false }, { query: '?timeslots=1' });
  const lanes = loaded.lanes as { timeslots?: unknown[] }[];
  assert.ok(lanes[0]?.timeslots?.length, 'the GET had the timeslots');
  const renamed = lanes.map((each) => ({ ...each, name: 'Nurse, renamed' }));
  const batch = await call(context, context.root, 'PUT', `/batch/calendars/${context.calendarId}/dates`, {
    ...loaded,
    lanes: renamed,
    dates: [date, '2026-11-27'],
  });
  assert.is(batch.status, 200, batch.text);
  assert.equal(
    batch.json.items.map((item: { lanes: { name: string }[]; enabled: boolean }) => [
      item.lanes[0]!.name,
      item.enabled,
    ]),
    [
      ['Nurse, renamed', true],
      ['Nurse, renamed', true],
    ],
  );
  const unknown = await call(context, context.root, 'PUT', `/batch/calendars/${context.calendarId}/dates`, {
    ...loaded,
    dates: [date],
    lanes: [{ ...renamed[0], colour: 'red' }],
  });
  assert.equal([unknown.status, unknown.json.issues[0].path], [400, ['lanes', 0]], 'inside a lane too');
});

test('appointments: the appointment as GET answered it, with a change; its id, confirmation code, spots and timestamps are ignored', async (context) => {
  const held = await call(context, context.root, 'POST', '/locks', {
    calendarDateLaneId: context.laneId,
    startTime: '09:00:00',
    endTime: '09:15:00',
  });
  assert.is(held.status, 201, held.text);
  const booked = await call(context, context.root, 'POST', '/appointments', {
    lockToken: held.json.token,
    startTime: '09:00:00',
    endTime: '09:15:00',
    clientData: [{ firstName: 'Ada', lastName: 'Lovelace' }],
    language: 'en',
    phone: '613-555-0100',
    phoneReminderType: 0,
  });
  assert.is(booked.status, 201, booked.text);
  const path = `/appointments/${booked.json.id}`;
  const { loaded, reread } = await roundTrip(context, path, { phone: '613-555-0199' });
  assert.equal(
    [reread.version, reread.confirmationCode, reread.createdAt],
    [2, loaded.confirmationCode, loaded.createdAt],
  );
  const stale = await call(context, context.root, 'PUT', path, { ...loaded, phone: '613-555-0123' });
  assert.equal([stale.status, stale.json.error], [409, 'VERSION_CONFLICT'], 'the version is not read-only');
});

test.run();
