import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/app';
import { request } from '../support/http';
import { bearer, signIn } from '../support/identity';

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

/** A free slot of a demo service the public can book, locked through that service. */
async function lockedDemoSlot(context: Context) {
  const { baseUrl } = context.app;
  for (const service of (await request(baseUrl, 'GET', '/api/public/services?locale=en')).json.items) {
    const detail = (await request(baseUrl, 'GET', `/api/public/services/${service.id}?locale=en`)).json;
    for (const calendar of detail.calendars) {
      const dates = (await request(baseUrl, 'GET', `/api/public/services/${service.id}/calendar/${calendar.id}/dates?duration=900`)).json.items;
      const date = dates.find((candidate: { timeslots: unknown[] }) => candidate.timeslots.length > 0);
      if (!date) continue;
      const slot = date.timeslots[0];
      const [hours, minutes] = slot.time.split(':').map(Number);
      const end = hours * 60 + minutes + 15;
      const endTime = `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}:00`;
      const lock = await request(baseUrl, 'POST', '/api/public/locks', { calendarDateLaneId: slot.id, startTime: slot.time, endTime, serviceId: service.id });
      assert.is(lock.status, 201, lock.text);
      return { serviceId: service.id as number, token: lock.json.token as string };
    }
  }
  throw new Error('the demo offers no free slot');
}

const booking = (lockToken: string, serviceId: number, firstName: string, lastName = 'Lovelace') => ({
  lockToken,
  serviceId,
  clientData: [{ firstName, lastName }],
  email: 'ada@example.com',
  language: 'en',
  phone: '613-555-0100',
  phoneReminderType: 2,
  sendConfirmationEmail: true,
  agreeValidInfo: true,
  agreePhone: true,
});

test('a public booking with unsafe text is refused before it costs anything, and the lock still books', async (context) => {
  const { baseUrl } = context.app;
  const knex = context.app.server.database.knex;
  const { serviceId, token } = await lockedDemoSlot(context);
  const codesBefore = Number((await knex('confirmation_codes').count({ n: '*' }).first())!.n);
  expectRefused(await request(baseUrl, 'POST', '/api/public/appointments', booking(token, serviceId, 'Ada\u0000')), ['clientData', 0, 'firstName']);
  expectRefused(await request(baseUrl, 'POST', '/api/public/appointments', booking(token, serviceId, 'Ada', 'Love\uD800lace')), ['clientData', 0, 'lastName']);
  expectRefused(await request(baseUrl, 'POST', '/api/public/appointments', booking(token, serviceId, '\u200B\u200D')), ['clientData', 0, 'firstName']);
  expectRefused(await request(baseUrl, 'POST', '/api/public/appointments', booking(token, serviceId, 'Ada\u202E')), ['clientData', 0, 'firstName']);
  const codesAfter = Number((await knex('confirmation_codes').count({ n: '*' }).first())!.n);
  assert.is(codesAfter, codesBefore, 'no confirmation code was drawn for a refused booking');
  const booked = await request(baseUrl, 'POST', '/api/public/appointments', booking(token, serviceId, 'Zoë 👶'));
  assert.is(booked.status, 201, booked.text);
});

test('staff forms: every text field refuses unsafe text with a 400 naming it', async (context) => {
  const { baseUrl } = context.app;
  const admin = bearer(context.root);
  const location = { name: 'Embrun Clinic', nameFr: 'Clinique d’Embrun', officeRegion: 'PR', address: '1 Notre-Dame Street\u0000', addressFr: '1, rue Notre-Dame', city: 'Embrun', postalCode: 'K0A 1W0', phone: '613-555-0150' };
  expectRefused(await request(baseUrl, 'POST', '/api/locations', location, admin), ['address']);
  expectRefused(await request(baseUrl, 'POST', '/api/categories', { name: 'Dental \uD800' }, admin), ['name']);
  const template = { name: 'Flu', fromEmail: 'flu@healthunit.example', fromName: 'Flu Clinic', fromNameFr: 'Clinique', subject: 'See you', subjectFr: 'À bientôt', body: 'Hello\u0001', bodyFr: 'Bonjour' };
  expectRefused(await request(baseUrl, 'POST', '/api/templates', template, admin), ['body']);
  expectRefused(await request(baseUrl, 'POST', '/api/users', { email: 'nurse@example.com', firstName: '\u2060', lastName: 'Test', roles: ['ROLE_USER'] }, admin), ['firstName']);
  const calendar = (await request(baseUrl, 'GET', '/api/calendars', undefined, admin)).json.items[0];
  const full = (await request(baseUrl, 'GET', `/api/calendars/${calendar.id}`, undefined, admin)).json;
  expectRefused(await request(baseUrl, 'PUT', `/api/calendars/${calendar.id}`, { ...full, name: `${full.name}\u0000` }, admin), ['name']);
  const service = (await request(baseUrl, 'GET', '/api/services', undefined, admin)).json.items[0];
  const fullService = (await request(baseUrl, 'GET', `/api/services/${service.id}`, undefined, admin)).json;
  expectRefused(await request(baseUrl, 'PUT', `/api/services/${service.id}`, { ...fullService, title: 'Clinic\u202E' }, admin), ['title']);
  expectRefused(await request(baseUrl, 'GET', '/api/appointments?query=%00', undefined, admin), ['query']);

  const names = (await request(baseUrl, 'GET', '/api/calendars', undefined, admin)).json.items.map((item: { name: string }) => item.name);
  assert.ok(names.every((name: string) => !name.includes('\u0000')), 'nothing was written');
  const locations = (await request(baseUrl, 'GET', '/api/locations', undefined, admin)).json.items;
  assert.ok(locations.every((item: { name: string }) => item.name !== 'Embrun Clinic'));
});

test.run();
