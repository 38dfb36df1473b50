import { readModelLookups } from '../../api/read-model-lookups';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createCalendar } from '../../commands/calendars/handlers';
import { defaultCalendarSettings, type CalendarSettings } from '../../domain/calendars/calendar';
import { startTestApp, type TestApp } from '../support/app';
import { request } from '../support/http';
import { createUser } from '../support/identity';

interface Context {
  app: TestApp;
  tokens: Record<'root' | 'manager' | 'nurse', string>;
}

const test = suite<Context>('api: reference data (categories, locations, e-mail templates)');

const as = (token: string) => ({ Authorization: `Bearer ${token}` });
const paths = (issues: { path: (string | number)[] }[]) => issues.map((issue) => issue.path.join('.')).sort();

const location = {
  name: 'Embrun Clinic',
  nameFr: 'Clinique d’Embrun',
  officeRegion: 'PR',
  address: '1 Notre-Dame Street',
  addressFr: '1, rue Notre-Dame',
  city: 'Embrun',
  postalCode: 'k0a 1w0',
  phone: '613-555-0150',
};
const template = {
  name: 'Flu clinic confirmation',
  fromEmail: 'flu@healthunit.example',
  fromName: 'Flu Clinic',
  fromNameFr: 'Clinique de grippe',
  subject: 'See you on {{date}}',
  subjectFr: 'À bientôt le {{date}}',
  body: 'Hello {{clientName}}, your code is {{confirmationCode}}.',
  bodyFr: 'Bonjour {{clientName}}, votre code est {{confirmationCode}}.',
};

/** A calendar naming reference data, made through the command handler like any other, and projected before use. */
async function calendarUsing(app: TestApp, settings: Partial<CalendarSettings>): Promise<void> {
  const dependencies = {
    store: app.server.store,
    knex: app.server.database.knex,
    lookups: readModelLookups(app.server.database.knex),
    now: () => new Date(),
  };
  // A calendar always names a location and a category (§5): any seeded ones unless the test names its own.
  const location = await dependencies.knex('locations').orderBy('id').first<{ id: number }>('id');
  const category = await dependencies.knex('categories').orderBy('id').first<{ id: number }>('id');
  const outcome = await createCalendar(
    dependencies,
    {
      ...defaultCalendarSettings,
      name: 'Reference data test clinic',
      locationId: location.id,
      categoryId: category.id,
      ...settings,
    },
    { actor: { system: 'test' }, correlationId: 'reference-data-test' },
  );
  assert.ok(await app.server.runner.waitFor(outcome.append!.position));
}

test.before(async (context) => {
  context.app = await startTestApp();
  const { baseUrl, seedAdmin } = context.app;
  const signIn = async (username: string, password: string) =>
    (await request(baseUrl, 'POST', '/api/login_check', { username, password })).json.token as string;
  const root = await signIn(seedAdmin.email, seedAdmin.password);
  context.tokens = { root } as Context['tokens'];
  for (const [key, role] of [
    ['manager', 'ROLE_ADMIN'],
    ['nurse', 'ROLE_USER'],
  ] as const) {
    const email = `${key}@example.com`;
    const password = 'Ref3rence!Password';
    // The helper gives a Basic User the calendars §5 requires (then revokes them): this nurse has none.
    await createUser(baseUrl, root, { email, firstName: key, lastName: 'Test', roles: [role], password });
    context.tokens[key] = await signIn(email, password);
  }
});
test.after(async (context) => {
  await context.app?.stop();
});

test('the demo seed has three categories, one location per office region and the templates 1 and 2', async ({
  app,
  tokens,
}) => {
  const categories = (await request(app.baseUrl, 'GET', '/api/categories', undefined, as(tokens.nurse))).json.items;
  assert.equal(
    categories.map((c: { name: string }) => c.name),
    ['Immunization', 'Prenatal and Parenting', 'Travel Health'],
  );
  assert.equal(
    categories.filter((c: { isDefault: boolean }) => c.isDefault).map((c: { name: string }) => c.name),
    ['Immunization'],
  );

  const locations = (await request(app.baseUrl, 'GET', '/api/locations', undefined, as(tokens.nurse))).json.items;
  assert.is(locations.length, 9);
  assert.equal(locations.map((l: { officeRegion: string }) => l.officeRegion).sort(), [
    'Alexandria',
    'Casselman',
    'Cornwall',
    'Hawkesbury',
    'PR',
    'Rockland',
    'SDG',
    'Virtual',
    'Winchester',
  ]);
  const cornwall = locations.find((l: { name: string }) => l.name === 'Cornwall Office');
  assert.is(cornwall.nameFr, 'Bureau de Cornwall');
  assert.ok(cornwall.address && cornwall.postalCode);
  const virtual = locations.find((l: { officeRegion: string }) => l.officeRegion === 'Virtual');
  assert.equal([virtual.isVirtual, virtual.address, virtual.city, virtual.postalCode], [true, '', '', '']);

  const templates = (await request(app.baseUrl, 'GET', '/api/templates', undefined, as(tokens.root))).json.items;
  assert.equal(templates.map((t: { id: number }) => t.id).sort(), [1, 2]);
  assert.equal(Object.keys(templates[0]).sort(), ['id', 'name'], 'the list carries id and name only');
  const confirmation = (await request(app.baseUrl, 'GET', '/api/templates/1', undefined, as(tokens.root))).json;
  assert.match(confirmation.body, '{{confirmationCode}}');
  assert.ok(confirmation.subjectFr && confirmation.bodyFr && confirmation.fromNameFr);
});

test('categories: an administrator creates, reads and changes one; only a System Administrator deletes it', async ({
  app,
  tokens,
}) => {
  const created = await request(app.baseUrl, 'POST', '/api/categories', { name: 'Dental Health' }, as(tokens.manager));
  assert.is(created.status, 201);
  const id = created.json.id;
  assert.type(id, 'number');
  const read = await request(app.baseUrl, 'GET', `/api/categories/${id}`, undefined, as(tokens.nurse));
  assert.equal([read.json.name, read.json.isDefault], ['Dental Health', false]);

  const changed = await request(
    app.baseUrl,
    'PUT',
    `/api/categories/${id}`,
    { name: 'Oral Health' },
    as(tokens.manager),
  );
  assert.equal([changed.status, changed.json], [200, { id }]);
  assert.is(
    (await request(app.baseUrl, 'GET', `/api/categories/${id}`, undefined, as(tokens.nurse))).json.name,
    'Oral Health',
  );
  assert.is((await request(app.baseUrl, 'POST', '/api/categories', { name: 'Nope' }, as(tokens.nurse))).status, 403);

  const byAdmin = await request(app.baseUrl, 'DELETE', `/api/categories/${id}`, undefined, as(tokens.manager));
  assert.equal([byAdmin.status, byAdmin.json.error], [403, 'FORBIDDEN']);
  const deleted = await request(app.baseUrl, 'DELETE', `/api/categories/${id}`, undefined, as(tokens.root));
  assert.equal([deleted.status, deleted.json], [200, { deleted: true }]);
  const list = (await request(app.baseUrl, 'GET', '/api/categories', undefined, as(tokens.root))).json.items;
  assert.not.ok(
    list.some((c: { id: number }) => c.id === id),
    'gone from the list',
  );
  for (const [method, body] of [
    ['GET', undefined],
    ['PUT', { name: 'Back' }],
    ['DELETE', undefined],
  ] as const) {
    const gone = await request(app.baseUrl, method, `/api/categories/${id}`, body, as(tokens.root));
    assert.equal([gone.status, gone.json.error], [404, 'CATEGORY_NOT_FOUND'], method);
  }
});

test('categories: a name is required', async ({ app, tokens }) => {
  for (const body of [{}, { name: '   ' }]) {
    const response = await request(app.baseUrl, 'POST', '/api/categories', body, as(tokens.manager));
    assert.is(response.status, 400);
    assert.equal(paths(response.json.issues), ['name']);
  }
});

test('categories: only the latest default keeps the flag', async ({ app, tokens }) => {
  const defaults = async () =>
    (await request(app.baseUrl, 'GET', '/api/categories', undefined, as(tokens.root))).json.items
      .filter((c: { isDefault: boolean }) => c.isDefault)
      .map((c: { name: string }) => c.name);
  const list = (await request(app.baseUrl, 'GET', '/api/categories', undefined, as(tokens.root))).json.items;
  const immunization = list.find((c: { name: string }) => c.name === 'Immunization').id;

  const flu = (
    await request(app.baseUrl, 'POST', '/api/categories', { name: 'Flu Season', isDefault: true }, as(tokens.manager))
  ).json.id;
  assert.equal(await defaults(), ['Flu Season']);
  await request(
    app.baseUrl,
    'PUT',
    `/api/categories/${immunization}`,
    { name: 'Immunization', isDefault: true },
    as(tokens.manager),
  );
  assert.equal(await defaults(), ['Immunization']);
  await request(
    app.baseUrl,
    'PUT',
    `/api/categories/${flu}`,
    { name: 'Flu Season', isDefault: true },
    as(tokens.manager),
  );
  assert.equal(await defaults(), ['Flu Season'], 'a category that was default before takes the flag back');
  await request(
    app.baseUrl,
    'PUT',
    `/api/categories/${immunization}`,
    { name: 'Immunization', isDefault: true },
    as(tokens.manager),
  );
  assert.equal(await defaults(), ['Immunization'], 'its stream still says default, yet the save is not lost');
  await request(app.baseUrl, 'DELETE', `/api/categories/${flu}`, undefined, as(tokens.root));
});

test('categories: one that a calendar uses cannot be deleted', async ({ app, tokens }) => {
  const id = (await request(app.baseUrl, 'POST', '/api/categories', { name: 'School Health' }, as(tokens.manager))).json
    .id;
  await calendarUsing(app, { categoryId: id });
  const refused = await request(app.baseUrl, 'DELETE', `/api/categories/${id}`, undefined, as(tokens.root));
  assert.equal([refused.status, refused.json.error], [409, 'CATEGORY_IN_USE']);
  assert.is(refused.json.detail, 'The category could not be deleted. Make sure the category is not currently in use.');
  assert.is((await request(app.baseUrl, 'GET', `/api/categories/${id}`, undefined, as(tokens.root))).status, 200);
});

test('locations: create, read, change (a virtual one keeps no address) and delete', async ({ app, tokens }) => {
  const created = await request(app.baseUrl, 'POST', '/api/locations', location, as(tokens.manager));
  assert.is(created.status, 201);
  const id = created.json.id;
  const read = (await request(app.baseUrl, 'GET', `/api/locations/${id}`, undefined, as(tokens.nurse))).json;
  assert.equal(
    [read.nameFr, read.postalCode, read.province, read.isVirtual, read.email],
    ['Clinique d’Embrun', 'K0A 1W0', 'ON', false, ''],
  );

  const virtual = await request(
    app.baseUrl,
    'PUT',
    `/api/locations/${id}`,
    { ...location, isVirtual: true },
    as(tokens.manager),
  );
  assert.equal([virtual.status, virtual.json], [200, { id }]);
  const changed = (await request(app.baseUrl, 'GET', `/api/locations/${id}`, undefined, as(tokens.nurse))).json;
  assert.equal(
    [changed.isVirtual, changed.address, changed.addressFr, changed.city, changed.postalCode],
    [true, '', '', '', ''],
  );
  assert.is(changed.name, 'Embrun Clinic');

  assert.is((await request(app.baseUrl, 'POST', '/api/locations', location, as(tokens.nurse))).status, 403);
  const deleted = await request(app.baseUrl, 'DELETE', `/api/locations/${id}`, undefined, as(tokens.manager));
  assert.equal([deleted.status, deleted.json], [200, { deleted: true }]);
  const list = (await request(app.baseUrl, 'GET', '/api/locations', undefined, as(tokens.nurse))).json.items;
  assert.not.ok(
    list.some((l: { id: number }) => l.id === id),
    'gone from the list',
  );
  const again = await request(app.baseUrl, 'DELETE', `/api/locations/${id}`, undefined, as(tokens.manager));
  assert.equal([again.status, again.json.error], [404, 'LOCATION_NOT_FOUND']);
});

test('locations: names always, an address unless virtual, and well-formed postal codes and phones', async ({
  app,
  tokens,
}) => {
  const post = (body: unknown) => request(app.baseUrl, 'POST', '/api/locations', body, as(tokens.manager));
  const noNames = await post({ ...location, name: '', nameFr: undefined });
  assert.is(noNames.status, 400);
  assert.equal(paths(noNames.json.issues), ['name', 'nameFr']);
  const noAddress = await post({ name: 'Somewhere', nameFr: 'Quelque part' });
  assert.is(noAddress.status, 400);
  assert.equal(paths(noAddress.json.issues), ['address', 'addressFr', 'city', 'postalCode']);
  assert.is(
    (await post({ name: 'Online', nameFr: 'En ligne', officeRegion: 'Virtual', isVirtual: true })).status,
    201,
    'a virtual one needs no address',
  );
  const badPostalCode = await post({ ...location, postalCode: '12345' });
  assert.equal([badPostalCode.status, paths(badPostalCode.json.issues)], [400, ['postalCode']]);
  const badPhone = await post({ ...location, phone: '555-01' });
  assert.equal([badPhone.status, paths(badPhone.json.issues)], [400, ['phone']]);
});

test('locations: one that a calendar uses cannot be deleted', async ({ app, tokens }) => {
  const id = (
    await request(app.baseUrl, 'POST', '/api/locations', { ...location, name: 'Russell Clinic' }, as(tokens.manager))
  ).json.id;
  await calendarUsing(app, { locationId: id });
  const refused = await request(app.baseUrl, 'DELETE', `/api/locations/${id}`, undefined, as(tokens.root));
  assert.equal([refused.status, refused.json.error], [409, 'LOCATION_IN_USE']);
  assert.is(refused.json.detail, 'The location could not be deleted. Make sure the location is not currently in use.');
});

test('templates: a System Administrator creates, reads, changes and deletes one; others at most list the names', async ({
  app,
  tokens,
}) => {
  const names = await request(app.baseUrl, 'GET', '/api/templates', undefined, as(tokens.manager));
  assert.is(names.status, 200, 'a Calendar Administrator lists the names, to choose a calendar’s templates');
  assert.equal(Object.keys(names.json.items[0]).sort(), ['id', 'name']);
  assert.is((await request(app.baseUrl, 'GET', '/api/templates', undefined, as(tokens.nurse))).status, 403);
  assert.is(
    (await request(app.baseUrl, 'GET', `/api/templates/${names.json.items[0].id}`, undefined, as(tokens.manager)))
      .status,
    403,
  );
  const created = await request(app.baseUrl, 'POST', '/api/templates', template, as(tokens.root));
  assert.is(created.status, 201);
  const id = created.json.id;
  const read = (await request(app.baseUrl, 'GET', `/api/templates/${id}`, undefined, as(tokens.root))).json;
  assert.equal(
    { ...read, id: undefined, createdAt: undefined, updatedAt: undefined },
    { ...template, id: undefined, createdAt: undefined, updatedAt: undefined },
  );

  const changed = await request(
    app.baseUrl,
    'PUT',
    `/api/templates/${id}`,
    { ...template, subjectFr: 'Rendez-vous le {{date}}' },
    as(tokens.root),
  );
  assert.equal([changed.status, changed.json], [200, { id }]);
  assert.is(
    (await request(app.baseUrl, 'GET', `/api/templates/${id}`, undefined, as(tokens.root))).json.subjectFr,
    'Rendez-vous le {{date}}',
  );
  const list = (await request(app.baseUrl, 'GET', '/api/templates', undefined, as(tokens.root))).json.items;
  assert.ok(list.some((t: { id: number; name: string }) => t.id === id && t.name === template.name));

  const deleted = await request(app.baseUrl, 'DELETE', `/api/templates/${id}`, undefined, as(tokens.root));
  assert.equal([deleted.status, deleted.json], [200, { deleted: true }]);
  const after = (await request(app.baseUrl, 'GET', '/api/templates', undefined, as(tokens.root))).json.items;
  assert.not.ok(
    after.some((t: { id: number }) => t.id === id),
    'gone from the list',
  );
  const gone = await request(app.baseUrl, 'GET', `/api/templates/${id}`, undefined, as(tokens.root));
  assert.equal([gone.status, gone.json.error], [404, 'TEMPLATE_NOT_FOUND']);
});

test('templates: every field is required, French ones included, and the sender must be an address', async ({
  app,
  tokens,
}) => {
  const missing = await request(
    app.baseUrl,
    'POST',
    '/api/templates',
    { name: 'Half done', fromEmail: 'x@healthunit.example', fromName: 'X', subject: 'S', body: 'B' },
    as(tokens.root),
  );
  assert.is(missing.status, 400);
  assert.equal(paths(missing.json.issues), ['bodyFr', 'fromNameFr', 'subjectFr']);
  const badSender = await request(
    app.baseUrl,
    'POST',
    '/api/templates',
    { ...template, fromEmail: 'not an address' },
    as(tokens.root),
  );
  assert.equal([badSender.status, paths(badSender.json.issues)], [400, ['fromEmail']]);
});

test('templates: one that a calendar sends cannot be deleted', async ({ app, tokens }) => {
  const id = (
    await request(app.baseUrl, 'POST', '/api/templates', { ...template, name: 'School reminder' }, as(tokens.root))
  ).json.id;
  await calendarUsing(app, { reminderTemplateId: id });
  const refused = await request(app.baseUrl, 'DELETE', `/api/templates/${id}`, undefined, as(tokens.root));
  assert.equal([refused.status, refused.json.error], [409, 'TEMPLATE_IN_USE']);
  const seeded = await request(app.baseUrl, 'DELETE', '/api/templates/1', undefined, as(tokens.root));
  assert.equal([seeded.status, seeded.json.error], [409, 'TEMPLATE_IN_USE'], 'the demo calendars send template 1');
});

test.run();
