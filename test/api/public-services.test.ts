import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { demoServices } from '../../commands/seed/demo-services';
import { startTestApp, type TestApp } from '../support/app';
import { request } from '../support/http';

const test = suite<{ app: TestApp }>('api: public services');
test.before(async (context) => {
  context.app = await startTestApp();
});
test.after(async (context) => {
  await context.app?.stop();
});

const open = demoServices.filter((service) => service.enabled && service.isPublic);
const closed = demoServices.filter((service) => !service.enabled);

test('lists only enabled public services, with English texts by default', async ({ app }) => {
  const response = await request(app.baseUrl, 'GET', '/api/public/services');
  assert.is(response.status, 200);
  const titles = response.json.items.map((item: { title: string }) => item.title).sort();
  assert.equal(titles, open.map((service) => service.title).sort());
  for (const service of closed) assert.not.ok(titles.includes(service.title));
  const first = response.json.items.find((item: { title: string }) => item.title === open[0]!.title);
  assert.equal(Object.keys(first).sort(), ['description', 'id', 'title']);
  assert.is(first.description, open[0]!.description);
});

test('answers French texts for locale=fr', async ({ app }) => {
  const response = await request(app.baseUrl, 'GET', '/api/public/services?locale=fr');
  assert.is(response.status, 200);
  assert.equal(response.json.items.map((item: { title: string }) => item.title).sort(), open.map((service) => service.titleFr).sort());
});

test('an unknown locale or query parameter is a 400 naming the field', async ({ app }) => {
  const badLocale = await request(app.baseUrl, 'GET', '/api/public/services?locale=de');
  assert.is(badLocale.status, 400);
  assert.is(badLocale.json.error, 'VALIDATION_FAILED');
  assert.equal(badLocale.json.issues[0].path, ['locale']);
  const unknown = await request(app.baseUrl, 'GET', '/api/public/services?foo=1');
  assert.is(unknown.status, 400);
});

test('one service answers the fields the wizard needs, in the locale', async ({ app }) => {
  const list = await request(app.baseUrl, 'GET', '/api/public/services');
  const id = list.json.items.find((item: { title: string }) => item.title === open[0]!.title).id;
  const response = await request(app.baseUrl, 'GET', `/api/public/services/${id}?locale=fr`);
  assert.is(response.status, 200);
  const service = response.json;
  assert.is(service.id, id);
  assert.is(service.title, open[0]!.titleFr);
  assert.is(service.landingPage, open[0]!.landingPageFr);
  assert.is(service.confirmationPage, open[0]!.confirmationPageFr);
  assert.is(service.calendarSelectionHeader, 'Choisissez une clinique :');
  assert.is(service.defaultDuration, 900);
  assert.equal(service.calendars.map((calendar: { name: string }) => calendar.name), ['Cornwall Immunization Clinic', 'Hawkesbury Immunization Clinic']);
  assert.ok(service.calendars.every((calendar: { location: { name: string } | null }) => calendar.location?.name), 'with their location');
  assert.is(service.removePrintButton, false);
  assert.is(service.fields.consentRequired, true);
  assert.is(service.questionnaire, null, 'no questionnaire: null, not text to parse');
  assert.not.ok('titleFr' in service, 'only the texts of the asked locale');
  assert.not.ok('enabled' in service);
});

test('a disabled, unknown or malformed service id answers 404 or 400, never 500', async ({ app }) => {
  const ids = await app.server.database.knex('services').where({ enabled: false }).pluck('id');
  assert.is((await request(app.baseUrl, 'GET', `/api/public/services/${ids[0]}`)).json.error, 'SERVICE_NOT_FOUND');
  const missing = await request(app.baseUrl, 'GET', '/api/public/services/99999');
  assert.is(missing.status, 404);
  assert.is(missing.json.error, 'SERVICE_NOT_FOUND');
  const malformed = await request(app.baseUrl, 'GET', '/api/public/services/abc');
  assert.is(malformed.status, 400);
  assert.equal(malformed.json.issues[0].path, ['id']);
  const huge = await request(app.baseUrl, 'GET', '/api/public/services/99999999999999999999');
  assert.is(huge.status, 400);
});

test.run();
