import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/app';
import { request } from '../support/http';
import { allEvents, bearer, signIn } from '../support/identity';

/** HTML written by staff (service pages, e-mail template bodies) is cleaned when it is saved: the event, the admin and the public read the cleaned HTML. */
interface Context {
  app: TestApp;
  root: string;
  calendarId: number;
}

const test = suite<Context>('api: staff-written HTML is stored cleaned');

const MXSS = '<p>Welcome</p><form><math><mtext></form><form><mglyph><xmp></math><img src=x onerror=alert(1)>';
const NOEMBED = '<p>Bienvenue</p><form><math><mtext></form><form><mglyph><noembed></math><img src=x onerror=alert(2)>';
const LINK =
  '<p><a href="jav&#x09;ascript:alert(3)">Click</a> <a href="https://example.org" target="_blank">Site</a></p>';
const SCRIPTED = /onerror|javascript:|<script|<svg|<math|<form|<iframe/i;

const service = (calendarId: number, changes: Record<string, unknown> = {}) => ({
  title: 'Flu Clinic',
  titleFr: 'Clinique de grippe',
  description: 'Flu shots.',
  descriptionFr: 'Vaccins contre la grippe.',
  enabled: true,
  landingPage: MXSS,
  landingPageFr: NOEMBED,
  confirmationPage: LINK,
  confirmationPageFr:
    '<p>Merci</p><svg><script>alert(4)</script></svg><iframe srcdoc="<script>alert(5)</script>"></iframe>',
  emailContent: '<p>See you</p><img src=x onerror=alert(6)>',
  emailContentFr: '<math><mi><mglyph><style><img src=x onerror=alert(7)>',
  calendarIds: [calendarId],
  ...changes,
});

const PAGES = [
  'landingPage',
  'landingPageFr',
  'confirmationPage',
  'confirmationPageFr',
  'emailContent',
  'emailContentFr',
];

test.before(async (context) => {
  context.app = await startTestApp();
  context.root = await signIn(context.app.baseUrl, context.app.seedAdmin.email, context.app.seedAdmin.password);
  context.calendarId = (
    await request(context.app.baseUrl, 'GET', '/api/calendars', undefined, bearer(context.root))
  ).json.items[0].id;
});
test.after(async (context) => {
  await context.app?.stop();
});

test('a service saved with XSS payloads keeps, records and serves only the cleaned pages', async (context) => {
  const { baseUrl } = context.app;
  const created = await request(baseUrl, 'POST', '/api/services', service(context.calendarId), bearer(context.root));
  assert.is(created.status, 201, created.text);
  for (const page of PAGES) assert.not.match(created.json[page], SCRIPTED, page);
  assert.is(created.json.landingPage, '<p>Welcome</p>');
  assert.is(
    created.json.confirmationPage,
    '<p><a>Click</a> <a href="https://example.org" target="_blank" rel="noopener noreferrer">Site</a></p>',
  );

  const read = await request(baseUrl, 'GET', `/api/services/${created.json.id}`, undefined, bearer(context.root));
  assert.equal(
    PAGES.map((page) => read.json[page]),
    PAGES.map((page) => created.json[page]),
  );
  for (const locale of ['en', 'fr']) {
    const shown = await request(baseUrl, 'GET', `/api/public/services/${created.json.id}?locale=${locale}`);
    assert.not.match(shown.json.landingPage + shown.json.confirmationPage, SCRIPTED, locale);
  }
  const [recorded] = (await allEvents(context.app.server.store)).filter(
    (event) => event.streamId === `service-${created.json.id}`,
  );
  const fields = (recorded!.data as { fields: Record<string, string> }).fields;
  for (const page of PAGES) assert.not.match(fields[page]!, SCRIPTED, `the event's ${page}`);

  const updated = await request(
    baseUrl,
    'PUT',
    `/api/services/${created.json.id}`,
    service(context.calendarId, {
      landingPage: '<h2>New</h2><noscript><p title="</noscript><img src=x onerror=alert(8)>"></noscript>',
    }),
    bearer(context.root),
  );
  assert.is(updated.status, 200, updated.text);
  assert.not.match(updated.json.landingPage, SCRIPTED);
  const change = (await allEvents(context.app.server.store))
    .filter((event) => event.streamId === `service-${created.json.id}`)
    .at(-1)!;
  assert.is(change.type, 'ServiceUpdated');
  assert.equal(Object.keys((change.data as { changes: object }).changes), ['landingPage']);
  assert.not.match((change.data as { changes: { landingPage: string } }).changes.landingPage, SCRIPTED);
});

test('an e-mail template body in HTML is kept cleaned; a plain text body stays as written', async (context) => {
  const { baseUrl } = context.app;
  const body = {
    name: 'Cleaned template',
    fromEmail: 'clinic@example.org',
    fromName: 'Clinic',
    fromNameFr: 'Clinique',
    subject: 'Your appointment',
    subjectFr: 'Votre rendez-vous',
    body: '<p>Hello {{clientName}}</p><img src=x onerror=alert(1)><a href="javascript:alert(2)">x</a>',
    bodyFr: 'Bonjour {{clientName}} & famille, 3 < 5\nÀ bientôt',
  };
  const created = await request(baseUrl, 'POST', '/api/templates', body, bearer(context.root));
  assert.is(created.status, 201, created.text);
  const read = (await request(baseUrl, 'GET', `/api/templates/${created.json.id}`, undefined, bearer(context.root)))
    .json;
  assert.is(read.body, '<p>Hello {{clientName}}</p><img src="x"><a>x</a>');
  assert.is(read.bodyFr, body.bodyFr, 'plain text is escaped when sent, not changed when saved');
  const recorded = (await allEvents(context.app.server.store)).find(
    (event) => event.streamId === `emailTemplate-${created.json.id}`,
  )!;
  assert.not.match(JSON.stringify(recorded.data), /onerror|javascript:/);
});

test.run();
