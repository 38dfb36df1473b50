import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { defaultCalendarSettings } from '../../domain/calendars/calendar';
import { defaultLane } from '../../domain/calendars/lane';
import { startTestApp, type TestApp } from '../support/app';
import { newEvent } from '../support/events';
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
    [
      calendar.enabled,
      calendar.syncEnabled,
      calendar.showOnDashboard,
      calendar.lockTime,
      calendar.spots,
      calendar.reminderThreshold,
      calendar.notificationTemplateId,
      calendar.reminderTemplateId,
      calendar.extraReminderDays,
    ],
    [false, true, true, 300, 1, 2, 1, 1, []],
  );
  assert.equal(calendar.fields, [
    { name: 'firstName', required: true },
    { name: 'lastName', required: true },
  ]);
  assert.is(calendar.lanes.length, 2);
  assert.ok(calendar.lanes.every((saved: { id: number }) => Number.isInteger(saved.id)));
  assert.is.not(calendar.lanes[0].id, calendar.lanes[1].id);
  // 13:00 is outside the first lane; 10:30 is a break, so not bookable.
  assert.equal(calendar.lanes[0].breakSlots, ['10:30:00']);
  assert.equal(calendar.lanes[0].bookableSlots, ['09:00:00']);
  assert.equal(calendar.location.id, context.locationId);
  assert.equal(calendar.category.id, context.categoryId);

  const read = await request(
    context.app.baseUrl,
    'GET',
    `/api/calendars/${calendar.id}`,
    undefined,
    bearer(context.root),
  );
  assert.equal(read.json, calendar);
});

test('§5 rules come back as 400 naming the field', async (context) => {
  const refused = async (changes: Record<string, unknown>, field: string, code = 'VALIDATION_FAILED') => {
    const answer = await request(
      context.app.baseUrl,
      'POST',
      '/api/calendars',
      body(context, changes),
      bearer(context.root),
    );
    assert.is(answer.status, 400, JSON.stringify(changes));
    assert.is(answer.json.error, code);
    assert.ok(JSON.stringify(answer.json.issues ?? []).includes(field), `${field} in ${JSON.stringify(answer.json)}`);
  };
  await refused({ name: '' }, 'name');
  await refused({ lockTime: 299 }, 'lockTime');
  await refused({ groupSession: true, spots: 0 }, 'spots');
  await refused({ emailsEnabled: true, notificationTemplateId: null }, 'notificationTemplateId');
  await refused({ emailsEnabled: true, reminderThreshold: null }, 'reminderThreshold');
  await refused({ emailsEnabled: true, reminderThreshold: 2, extraReminderDays: [7, 2] }, 'extraReminderDays');
  await refused({ extraReminderDays: [1, 2, 3] }, 'extraReminderDays');
  await refused({ extraReminderDays: ['7'] }, 'extraReminderDays');
  await refused({ lanes: [] }, 'lanes');
  await refused({ lanes: [lane('Late', { startTime: '12:00:00', endTime: '09:00:00' })] }, 'endTime');
  await refused({ fields: [{ name: 'codes', required: false, category: 'All', options: [] }] }, 'codes');
  await refused({ locationId: 999_999 }, 'locationId', 'UNKNOWN_LOCATION');
  await refused({ categoryId: 999_999 }, 'categoryId', 'UNKNOWN_CATEGORY');
  const missing = await request(
    context.app.baseUrl,
    'POST',
    '/api/calendars',
    { name: 'No lanes', lanes: [lane('x')] },
    bearer(context.root),
  );
  assert.is(missing.status, 400);
});

test('an update keeps lane ids, gives new lanes theirs, and the list flags add lanes and users', async (context) => {
  const created = (
    await request(
      context.app.baseUrl,
      'POST',
      '/api/calendars',
      body(context, { name: 'Casselman Clinic' }),
      bearer(context.root),
    )
  ).json;
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
  const withLanes = await request(
    context.app.baseUrl,
    'GET',
    '/api/calendars?lanes=1&users=1',
    undefined,
    bearer(context.root),
  );
  const full = withLanes.json.items.find((item: { id: number }) => item.id === created.id);
  assert.is(full.lanes.length, 2);
  assert.equal(full.users, []);
  assert.is(
    (await request(context.app.baseUrl, 'PUT', '/api/calendars/999999', body(context), bearer(context.root))).status,
    404,
  );
});

test('a lane id must be one of the calendar’s own lanes: another calendar’s, or one never given, is a 400 naming the lane', async (context) => {
  const { baseUrl } = context.app;
  const mine = (
    await request(baseUrl, 'POST', '/api/calendars', body(context, { name: 'Embrun Clinic' }), bearer(context.root))
  ).json;
  const theirs = (
    await request(baseUrl, 'POST', '/api/calendars', body(context, { name: 'Russell Clinic' }), bearer(context.root))
  ).json;
  const refused = async (method: string, path: string, lanes: unknown[], field: string) => {
    const answer = await request(
      baseUrl,
      method,
      path,
      body(context, { name: 'Embrun Clinic', lanes }),
      bearer(context.root),
    );
    assert.is(answer.status, 400, JSON.stringify(answer.json));
    assert.is(answer.json.error, 'VALIDATION_FAILED');
    assert.ok(JSON.stringify(answer.json.issues ?? []).includes(field), `${field} in ${JSON.stringify(answer.json)}`);
  };
  await refused('PUT', `/api/calendars/${mine.id}`, [mine.lanes[0], mine.lanes[1], theirs.lanes[0]], 'lanes.2.id');
  await refused('PUT', `/api/calendars/${mine.id}`, [{ ...mine.lanes[0], id: 999_999 }], 'lanes.0.id');
  await refused('PUT', `/api/calendars/${mine.id}`, [mine.lanes[0], { ...mine.lanes[0], name: 'Twin' }], 'lanes.1.id');
  await refused('POST', '/api/calendars', [lane('New'), theirs.lanes[1]], 'lanes.1.id');
  const unchanged = (await request(baseUrl, 'GET', `/api/calendars/${mine.id}`, undefined, bearer(context.root))).json;
  assert.equal(
    unchanged.lanes.map((saved: { id: number }) => saved.id),
    mine.lanes.map((saved: { id: number }) => saved.id),
  );
  const theirsAfter = (await request(baseUrl, 'GET', `/api/calendars/${theirs.id}`, undefined, bearer(context.root)))
    .json;
  assert.equal(theirsAfter.lanes, theirs.lanes);

  const kept = await request(
    baseUrl,
    'PUT',
    `/api/calendars/${mine.id}`,
    body(context, { name: 'Embrun Clinic', lanes: [mine.lanes[1], lane('Nurse C')] }),
    bearer(context.root),
  );
  assert.is(kept.status, 200, kept.text);
  assert.is(kept.json.lanes[0].id, mine.lanes[1].id);
  assert.ok(
    ![...mine.lanes, ...theirs.lanes].some((old: { id: number }) => old.id === kept.json.lanes[1].id),
    'a new lane gets a new id',
  );
});

test('a template id must name a template, with e-mails on or off, on create and on update', async (context) => {
  const { baseUrl } = context.app;
  for (const emailsEnabled of [false, true]) {
    for (const field of ['notificationTemplateId', 'reminderTemplateId']) {
      const created = await request(
        baseUrl,
        'POST',
        '/api/calendars',
        body(context, { emailsEnabled, [field]: 999_999 }),
        bearer(context.root),
      );
      assert.is(created.status, 400, `${field} with emails ${emailsEnabled}: ${created.text}`);
      assert.is(created.json.error, 'UNKNOWN_TEMPLATE');
      assert.ok(JSON.stringify(created.json.issues ?? []).includes(field), JSON.stringify(created.json));
    }
  }
  const calendar = (
    await request(baseUrl, 'POST', '/api/calendars', body(context, { name: 'Limoges Clinic' }), bearer(context.root))
  ).json;
  const updated = await request(
    baseUrl,
    'PUT',
    `/api/calendars/${calendar.id}`,
    body(context, { name: 'Limoges Clinic', lanes: calendar.lanes, reminderTemplateId: 999_999 }),
    bearer(context.root),
  );
  assert.is(updated.status, 400);
  assert.is(updated.json.error, 'UNKNOWN_TEMPLATE');
  const noTemplate = await request(
    baseUrl,
    'PUT',
    `/api/calendars/${calendar.id}`,
    body(context, {
      name: 'Limoges Clinic',
      lanes: calendar.lanes,
      notificationTemplateId: null,
      reminderTemplateId: null,
    }),
    bearer(context.root),
  );
  assert.is(noTemplate.status, 200, 'with e-mails off, no template at all is allowed');
});

test('a copy is a new calendar with new lane ids', async (context) => {
  const original = (
    await request(
      context.app.baseUrl,
      'POST',
      '/api/calendars',
      body(context, { name: 'Rockland Clinic' }),
      bearer(context.root),
    )
  ).json;
  const { id: _id, createdAt: _c, updatedAt: _u, location: _l, category: _g, ...settings } = original;
  const copy = await request(
    context.app.baseUrl,
    'POST',
    '/api/calendars',
    {
      ...settings,
      name: `Copy of ${original.name}`,
      lanes: original.lanes.map((saved: { id: number }) => ({ ...saved, id: null })),
    },
    bearer(context.root),
  );
  assert.is(copy.status, 201);
  assert.is(copy.json.name, 'Copy of Rockland Clinic');
  assert.is.not(copy.json.id, original.id);
  assert.ok(
    copy.json.lanes.every(
      (saved: { id: number }) => !original.lanes.some((old: { id: number }) => old.id === saved.id),
    ),
  );
  assert.equal(
    copy.json.lanes.map((saved: { name: string }) => saved.name),
    original.lanes.map((saved: { name: string }) => saved.name),
  );
});

test('a Basic User reads only calendars they have access to and cannot change any', async (context) => {
  const calendar = (
    await request(
      context.app.baseUrl,
      'POST',
      '/api/calendars',
      body(context, { name: 'Winchester Clinic', enabled: true }),
      bearer(context.root),
    )
  ).json;
  const email = 'basic.calendars@example.com';
  await createUser(context.app.baseUrl, context.root, { email, roles: ['ROLE_USER'], password: STRONG_PASSWORD });
  const basic = await signIn(context.app.baseUrl, email, STRONG_PASSWORD);
  assert.is(
    (await request(context.app.baseUrl, 'GET', `/api/calendars/${calendar.id}`, undefined, bearer(basic))).status,
    403,
  );
  const users = (await request(context.app.baseUrl, 'GET', '/api/users', undefined, bearer(context.root))).json.items;
  const basicId = users.find((user: { email: string }) => user.email === email).id;
  await request(
    context.app.baseUrl,
    'PUT',
    `/api/calendars/${calendar.id}/users`,
    { userIds: [basicId] },
    bearer(context.root),
  );
  const granted = await signIn(context.app.baseUrl, email, STRONG_PASSWORD);
  assert.is(
    (await request(context.app.baseUrl, 'GET', `/api/calendars/${calendar.id}`, undefined, bearer(granted))).status,
    200,
  );
  assert.is(
    (await request(context.app.baseUrl, 'PUT', `/api/calendars/${calendar.id}`, body(context), bearer(granted))).status,
    403,
  );
});

test('a calendar created before lanes existed reads with the default lane (upcaster)', async () => {
  const { upcast } = await import('../../domain/event-store/upcasters');
  const event = upcast({
    type: 'CalendarCreated',
    schemaVersion: 1,
    data: { calendarId: 1, settings: { name: 'Old' }, at: '2026-01-01T00:00:00Z' },
  });
  const settings = (event.data as { settings: { lanes: { name: string; startTime: string }[] } }).settings;
  assert.equal(
    settings.lanes.map((saved) => [saved.name, saved.startTime]),
    [['Staff 1', '08:45:00']],
  );
});

test('a PUT takes back the calendar as its GET answered it: read-only fields are ignored, unknown ones still refused', async (context) => {
  const { baseUrl } = context.app;
  const created = (
    await request(baseUrl, 'POST', '/api/calendars', body(context, { name: 'Maxville Clinic' }), bearer(context.root))
  ).json;
  const read = await request(baseUrl, 'GET', `/api/calendars/${created.id}?users=1`, undefined, bearer(context.root));
  assert.is(read.status, 200);
  const representation = read.json;
  for (const key of ['id', 'createdAt', 'updatedAt', 'location', 'category', 'users', 'lanes'])
    assert.ok(key in representation, `GET answers ${key}`);

  const changed = await request(
    baseUrl,
    'PUT',
    `/api/calendars/${created.id}`,
    { ...representation, description: 'Walk-in vaccines', nameFr: 'Clinique de Maxville', enabled: true },
    bearer(context.root),
  );
  assert.is(changed.status, 200, changed.text);
  const after = (await request(baseUrl, 'GET', `/api/calendars/${created.id}?users=1`, undefined, bearer(context.root)))
    .json;
  assert.equal([after.description, after.nameFr, after.enabled], ['Walk-in vaccines', 'Clinique de Maxville', true]);
  assert.equal(after.lanes, representation.lanes, 'the lanes taken back keep their ids');
  assert.is(after.createdAt, representation.createdAt);

  // Read-only values are ignored, whatever they say: they change nothing.
  const ignored = await request(
    baseUrl,
    'PUT',
    `/api/calendars/${created.id}`,
    {
      ...after,
      id: 999_999,
      createdAt: '2000-01-01T00:00:00.000Z',
      updatedAt: 'yesterday',
      location: { name: 'Elsewhere' },
      category: null,
      users: [{ id: 1, name: 'Someone' }],
    },
    bearer(context.root),
  );
  assert.is(ignored.status, 200, ignored.text);
  assert.equal(
    [ignored.json.id, ignored.json.createdAt, ignored.json.location.id, ignored.json.category.id],
    [created.id, after.createdAt, context.locationId, context.categoryId],
  );
  assert.is(
    (await request(baseUrl, 'GET', '/api/calendars/999999', undefined, bearer(context.root))).status,
    404,
    'no calendar made at the id sent',
  );

  // A field that belongs to no representation is still a 400 naming it.
  const unknown = await request(
    baseUrl,
    'PUT',
    `/api/calendars/${created.id}`,
    { ...after, colour: 'red' },
    bearer(context.root),
  );
  assert.is(unknown.status, 400);
  assert.is(unknown.json.error, 'VALIDATION_FAILED');
  assert.ok(unknown.json.detail.includes('colour'), unknown.text);
  // POST (a new calendar or a copy) still takes only settings.
  const posted = await request(
    baseUrl,
    'POST',
    '/api/calendars',
    { ...body(context, { name: 'Maxville Copy' }), id: created.id },
    bearer(context.root),
  );
  assert.is(posted.status, 400, posted.text);
});

test('the French name and description: trimmed, optional, and held to the rules of the English ones', async (context) => {
  const { baseUrl } = context.app;
  const named = await request(
    baseUrl,
    'POST',
    '/api/calendars',
    body(context, {
      name: 'Crysler Clinic',
      nameFr: '  Clinique de Crysler ',
      description: 'Vaccines',
      descriptionFr: ' Vaccins\n',
    }),
    bearer(context.root),
  );
  assert.is(named.status, 201, named.text);
  assert.equal([named.json.nameFr, named.json.descriptionFr], ['Clinique de Crysler', 'Vaccins']);
  const unnamed = await request(
    baseUrl,
    'POST',
    '/api/calendars',
    body(context, { name: 'Finch Clinic' }),
    bearer(context.root),
  );
  assert.is(unnamed.status, 201, 'a calendar without French texts (as §7 sends it) is taken');
  assert.equal([unnamed.json.nameFr, unnamed.json.descriptionFr], ['', '']);
  const refused = async (changes: Record<string, unknown>, field: string) => {
    const answer = await request(baseUrl, 'POST', '/api/calendars', body(context, changes), bearer(context.root));
    assert.is(answer.status, 400, JSON.stringify(changes));
    assert.equal(answer.json.issues[0].path, [field]);
  };
  await refused({ nameFr: 'x'.repeat(151) }, 'nameFr');
  await refused({ descriptionFr: 'x'.repeat(2001) }, 'descriptionFr');
  await refused({ nameFr: 5 }, 'nameFr');
  await refused({ nameFr: null }, 'nameFr');
});

test('a calendar created before the French texts existed reads, saves and changes with empty ones (upcaster)', async (context) => {
  const { baseUrl, server } = context.app;
  const calendarId = 90_001;
  const {
    nameFr: _n,
    descriptionFr: _d,
    ...settings
  } = {
    ...defaultCalendarSettings,
    name: 'Ingleside Clinic',
    locationId: context.locationId,
    categoryId: context.categoryId,
    lanes: [{ ...defaultLane(), id: 90_002 }],
  };
  const createdV2 = {
    ...newEvent('CalendarCreated', { calendarId, settings, at: '2026-11-01T12:00:00.000Z' }),
    schemaVersion: 2,
  };
  const updated = newEvent('CalendarUpdated', {
    calendarId,
    changes: { description: 'Old walk-in clinic' },
    at: '2026-11-02T12:00:00.000Z',
  });
  const { position } = await server.store.append(`calendar-${calendarId}`, 'no_stream', [createdV2, updated]);
  assert.ok(await server.runner.waitFor(position, 5000, ['calendars']));

  const read = await request(baseUrl, 'GET', `/api/calendars/${calendarId}`, undefined, bearer(context.root));
  assert.is(read.status, 200, read.text);
  assert.equal(
    [read.json.name, read.json.description, read.json.nameFr, read.json.descriptionFr],
    ['Ingleside Clinic', 'Old walk-in clinic', '', ''],
  );
  const same = await request(baseUrl, 'PUT', `/api/calendars/${calendarId}`, read.json, bearer(context.root));
  assert.is(same.status, 200, same.text);
  const changesNamed = async (field: string) =>
    (await server.store.readStream(`calendar-${calendarId}`)).events.filter(
      (event) => field in ((event.data as { changes?: object }).changes ?? {}),
    );
  assert.equal(
    await changesNamed('nameFr'),
    [],
    'taken back unchanged: the (empty) French texts are not recorded as a change',
  );
  assert.equal(await changesNamed('descriptionFr'), []);
  const french = await request(
    baseUrl,
    'PUT',
    `/api/calendars/${calendarId}`,
    { ...read.json, nameFr: 'Clinique d’Ingleside' },
    bearer(context.root),
  );
  assert.is(french.status, 200, french.text);
  assert.is(french.json.nameFr, 'Clinique d’Ingleside');
  const recorded = await changesNamed('nameFr');
  assert.is(recorded.length, 1);
  assert.equal(
    (recorded[0]!.data as { changes: object }).changes,
    { nameFr: 'Clinique d’Ingleside' },
    'only the French name is recorded',
  );
});

test('rows projected before the French texts get empty ones from migration 21; rows that have them keep them', async (context) => {
  const { baseUrl, server } = context.app;
  const knex = server.database.knex;
  const old = (
    await request(baseUrl, 'POST', '/api/calendars', body(context, { name: 'Lancaster Clinic' }), bearer(context.root))
  ).json;
  const kept = (
    await request(
      baseUrl,
      'POST',
      '/api/calendars',
      body(context, { name: 'Lunenburg Clinic', nameFr: 'Clinique de Lunenburg' }),
      bearer(context.root),
    )
  ).json;
  // As the row was before the migration: settings without the French texts.
  await knex('calendars')
    .where({ id: old.id })
    .update({ settings: knex.raw(`settings - 'nameFr' - 'descriptionFr'`) });
  const { up } = await import('../../migrations/20261124_21_calendar_french_texts');
  await up(knex);
  const settingsOf = async (id: number) =>
    (await knex('calendars').where({ id }).first<{ settings: Record<string, unknown> }>('settings')).settings;
  const migrated = await settingsOf(old.id);
  assert.equal(
    [migrated.nameFr, migrated.descriptionFr, migrated.name],
    ['', '', 'Lancaster Clinic'],
    'the row is what a rebuild would make',
  );
  assert.is((await settingsOf(kept.id)).nameFr, 'Clinique de Lunenburg');
  const oldRead = await request(baseUrl, 'GET', `/api/calendars/${old.id}`, undefined, bearer(context.root));
  assert.is(oldRead.status, 200, oldRead.text);
  assert.equal([oldRead.json.nameFr, oldRead.json.descriptionFr], ['', '']);
  assert.is(
    (await request(baseUrl, 'GET', `/api/calendars/${kept.id}`, undefined, bearer(context.root))).json.nameFr,
    'Clinique de Lunenburg',
  );
  // A later update is merged onto the migrated row.
  const enabled = await request(
    baseUrl,
    'PUT',
    `/api/calendars/${old.id}`,
    { ...oldRead.json, enabled: true },
    bearer(context.root),
  );
  assert.is(enabled.status, 200, enabled.text);
  assert.equal([enabled.json.enabled, enabled.json.nameFr], [true, '']);
});

test.run();
