import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/app';
import { request } from '../support/http';
import { bearer, signIn } from '../support/identity';
import { demoBooking, lockDemoSlot } from '../support/demo-booking';

/**
 * Issue 12, item 6: a null character, an unpaired surrogate, a control character, a direction override or a name of
 * invisible characters only, in any text field, is a 400 UNSAFE_TEXT naming the field, and writes nothing.
 */
interface Context {
  app: TestApp;
  root: string;
}

const test = suite<Context>('api: text no field may hold');

const expectRefused = (answer: { status: number; json: any; text: string }, path: (string | number)[]) => {
  assert.is(answer.status, 400, answer.text);
  assert.is(answer.json.error, 'UNSAFE_TEXT');
  assert.equal(answer.json.issues[0].path, path);
};

test.before(async (context) => {
  context.app = await startTestApp();
  context.root = await signIn(context.app.baseUrl, context.app.seedAdmin.email, context.app.seedAdmin.password);
});
test.after(async (context) => {
  await context.app?.stop();
});

test('a public booking with unsafe text is refused before it costs anything, and the lock still books', async (context) => {
  const { baseUrl } = context.app;
  const knex = context.app.server.database.knex;
  const { serviceId, token } = await lockDemoSlot(context.app);
  const booking = (firstName: string, lastName = 'Lovelace') => demoBooking(token, serviceId, { firstName, lastName });
  const codesBefore = Number((await knex('confirmation_codes').count({ n: '*' }).first())!.n);
  expectRefused(await request(baseUrl, 'POST', '/api/public/appointments', booking('Ada\u0000')), [
    'clientData',
    0,
    'firstName',
  ]);
  expectRefused(await request(baseUrl, 'POST', '/api/public/appointments', booking('Ada', 'Love\uD800lace')), [
    'clientData',
    0,
    'lastName',
  ]);
  expectRefused(await request(baseUrl, 'POST', '/api/public/appointments', booking('\u200B\u200D')), [
    'clientData',
    0,
    'firstName',
  ]);
  expectRefused(await request(baseUrl, 'POST', '/api/public/appointments', booking('Ada\u202E')), [
    'clientData',
    0,
    'firstName',
  ]);
  const codesAfter = Number((await knex('confirmation_codes').count({ n: '*' }).first())!.n);
  assert.is(codesAfter, codesBefore, 'no confirmation code was drawn for a refused booking');
  const booked = await request(baseUrl, 'POST', '/api/public/appointments', booking('Zoë 👶'));
  assert.is(booked.status, 201, booked.text);
});

test('staff forms: every text field refuses unsafe text with a 400 naming it', async (context) => {
  const { baseUrl } = context.app;
  const admin = bearer(context.root);
  const location = {
    name: 'Embrun Clinic',
    nameFr: 'Clinique d’Embrun',
    officeRegion: 'PR',
    address: '1 Notre-Dame Street\u0000',
    addressFr: '1, rue Notre-Dame',
    city: 'Embrun',
    postalCode: 'K0A 1W0',
    phone: '613-555-0150',
  };
  expectRefused(await request(baseUrl, 'POST', '/api/locations', location, admin), ['address']);
  expectRefused(await request(baseUrl, 'POST', '/api/categories', { name: 'Dental \uD800' }, admin), ['name']);
  const template = {
    name: 'Flu',
    fromEmail: 'flu@healthunit.example',
    fromName: 'Flu Clinic',
    fromNameFr: 'Clinique',
    subject: 'See you',
    subjectFr: 'À bientôt',
    body: 'Hello\u0001',
    bodyFr: 'Bonjour',
  };
  expectRefused(await request(baseUrl, 'POST', '/api/templates', template, admin), ['body']);
  expectRefused(
    await request(
      baseUrl,
      'POST',
      '/api/users',
      { email: 'nurse@example.com', firstName: '\u2060', lastName: 'Test', roles: ['ROLE_USER'] },
      admin,
    ),
    ['firstName'],
  );
  const calendar = (await request(baseUrl, 'GET', '/api/calendars', undefined, admin)).json.items[0];
  const full = (await request(baseUrl, 'GET', `/api/calendars/${calendar.id}`, undefined, admin)).json;
  expectRefused(
    await request(baseUrl, 'PUT', `/api/calendars/${calendar.id}`, { ...full, name: `${full.name}\u0000` }, admin),
    ['name'],
  );
  const service = (await request(baseUrl, 'GET', '/api/services', undefined, admin)).json.items[0];
  const fullService = (await request(baseUrl, 'GET', `/api/services/${service.id}`, undefined, admin)).json;
  expectRefused(
    await request(baseUrl, 'PUT', `/api/services/${service.id}`, { ...fullService, title: 'Clinic\u202E' }, admin),
    ['title'],
  );
  expectRefused(await request(baseUrl, 'GET', '/api/appointments?query=%00', undefined, admin), ['query']);

  const names = (await request(baseUrl, 'GET', '/api/calendars', undefined, admin)).json.items.map(
    (item: { name: string }) => item.name,
  );
  assert.ok(
    names.every((name: string) => !name.includes('\u0000')),
    'nothing was written',
  );
  const locations = (await request(baseUrl, 'GET', '/api/locations', undefined, admin)).json.items;
  assert.ok(locations.every((item: { name: string }) => item.name !== 'Embrun Clinic'));
});

test.run();
