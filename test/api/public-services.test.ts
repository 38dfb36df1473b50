import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { demoCalendars } from '../../commands/seed/demo-calendars';
import { demoServices } from '../../commands/seed/demo-services';
import { startTestApp, type TestApp } from '../support/app';
import { request } from '../support/http';
import { bearer, seedAdminToken } from '../support/identity';
import { createPublicService } from '../support/public-service';

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
  assert.equal(
    response.json.items.map((item: { title: string }) => item.title).sort(),
    open.map((service) => service.titleFr).sort(),
  );
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
  assert.equal(
    service.calendars.map((calendar: { name: string }) => calendar.name),
    ['Clinique de vaccination de Cornwall', 'Clinique de vaccination de Hawkesbury'],
  );
  assert.ok(
    service.calendars.every((calendar: { location: { name: string } | null }) => calendar.location?.name),
    'with their location',
  );
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

interface PublicCalendarTexts {
  name: string;
  description: string;
  location: { name: string } | null;
}
const calendarTexts = async (app: TestApp, id: number, locale?: string): Promise<PublicCalendarTexts[]> => {
  const answer = await request(app.baseUrl, 'GET', `/api/public/services/${id}${locale ? `?locale=${locale}` : ''}`);
  assert.is(answer.status, 200, answer.text);
  return answer.json.calendars.map(({ name, description, location }: PublicCalendarTexts) => ({
    name,
    description,
    location: location && { name: location.name },
  }));
};

test('a service’s calendars are named and described in French for locale=fr, in English without it or for locale=en', async ({
  app,
}) => {
  const list = await request(app.baseUrl, 'GET', '/api/public/services');
  const id = list.json.items.find((item: { title: string }) => item.title === 'Childhood Immunization Clinic').id;
  const english = [
    {
      name: 'Cornwall Immunization Clinic',
      description: 'Routine childhood vaccines',
      location: { name: 'Cornwall Office' },
    },
    {
      name: 'Hawkesbury Immunization Clinic',
      description: 'Routine childhood vaccines',
      location: { name: 'Hawkesbury Office' },
    },
  ];
  assert.equal(await calendarTexts(app, id), english);
  assert.equal(await calendarTexts(app, id, 'en'), english);
  assert.equal(await calendarTexts(app, id, 'fr'), [
    {
      name: 'Clinique de vaccination de Cornwall',
      description: 'Vaccins systématiques des enfants',
      location: { name: 'Bureau de Cornwall' },
    },
    {
      name: 'Clinique de vaccination de Hawkesbury',
      description: 'Vaccins systématiques des enfants',
      location: { name: 'Bureau de Hawkesbury' },
    },
  ]);
});

test('every demo calendar is seeded with a French name and description of its own', () => {
  const calendars = demoCalendars({ categoryIds: {}, locationIds: {}, templateIds: { confirmation: 1, reminder: 2 } });
  assert.ok(calendars.length > 0);
  for (const { settings } of calendars) {
    assert.ok(settings.nameFr && settings.nameFr !== settings.name, `${settings.name}: a French name`);
    assert.ok(
      settings.descriptionFr && settings.descriptionFr !== settings.description,
      `${settings.name}: a French description`,
    );
  }
});

test('a calendar without French texts shows its English ones for locale=fr; each French text stands alone', async ({
  app,
}) => {
  const root = bearer(await seedAdminToken(app));
  const locationId = (await request(app.baseUrl, 'GET', '/api/locations', undefined, root)).json.items[0].id;
  const categoryId = (await request(app.baseUrl, 'GET', '/api/categories', undefined, root)).json.items[0].id;
  const lane = {
    name: 'Nurse',
    startTime: '09:00:00',
    endTime: '12:00:00',
    durations: [{ value: 900, isDefault: true }],
    slotInterval: 900,
  };
  const created = async (texts: Record<string, string>) => {
    const answer = await request(
      app.baseUrl,
      'POST',
      '/api/calendars',
      { ...texts, enabled: true, locationId, categoryId, lanes: [lane] },
      root,
    );
    assert.is(answer.status, 201, answer.text);
    return answer.json.id as number;
  };
  const untranslated = await created({ name: 'Long Sault Clinic', description: 'Drop-in vaccines' });
  const nameOnly = await created({
    name: 'Morewood Clinic',
    description: 'Drop-in vaccines',
    nameFr: 'Clinique de Morewood',
  });
  const serviceId = await createPublicService(app.baseUrl, root, [untranslated, nameOnly]);
  const texts = (calendars: PublicCalendarTexts[]) => calendars.map(({ name, description }) => ({ name, description }));
  assert.equal(texts(await calendarTexts(app, serviceId, 'fr')), [
    { name: 'Long Sault Clinic', description: 'Drop-in vaccines' },
    { name: 'Clinique de Morewood', description: 'Drop-in vaccines' },
  ]);
  assert.equal(texts(await calendarTexts(app, serviceId)), [
    { name: 'Long Sault Clinic', description: 'Drop-in vaccines' },
    { name: 'Morewood Clinic', description: 'Drop-in vaccines' },
  ]);
});

test.run();
