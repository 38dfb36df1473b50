import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { demoServices } from '../../commands/seed/demo-services';
import { serviceStream } from '../../domain/services/service';
import { startTestApp } from '../support/app';
import { browserLifecycle } from '../support/browser';
import { request } from '../support/http';
import { bearer, caughtUp, seedAdminToken } from '../support/identity';

/** The public pages in a phone-sized Chromium, against the whole app with the demo seed. */
const test = suite<{ app?: Awaited<ReturnType<typeof startTestApp>>; browser?: Browser; context?: BrowserContext }>(
  'e2e: public services',
);

const offered = demoServices.filter((service) => service.enabled && service.isPublic);
const withdrawn = demoServices.filter((service) => !service.enabled);
const consentLabel = 'I consent to the collection of my personal health information.';
const timeout = 15_000;

async function newPage(context: {
  app?: { baseUrl: string };
  browser?: Browser;
  context?: BrowserContext;
}): Promise<Page> {
  context.context = await context.browser!.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.context.newPage();
  page.setDefaultTimeout(timeout);
  page.on('pageerror', (error) => console.error('  page error:', error.message));
  return page;
}

/** Blueprint draws its checkbox over the native input, which takes the click through its label: force it. */
async function tick(page: Page, label: string) {
  await page.getByLabel(label).check({ force: true });
}

async function heading(page: Page, name: string) {
  await page.getByRole('heading', { name, exact: true }).first().waitFor({ state: 'visible' });
}

const register = browserLifecycle(test, {
  start: async (context) => {
    context.app = await startTestApp();
  },
  stop: async (context) => {
    await context.app?.stop();
  },
});

register('the seed has services to show and one to hide', () => {
  assert.ok(offered.length >= 2);
  assert.ok(withdrawn.length >= 1);
});

register('consent, services in English, switch to French, reload, open a service', async (context) => {
  const page = await newPage(context);
  await page.goto(`${context.app!.baseUrl}/`);
  assert.is(await page.getAttribute('html', 'lang'), 'en');

  await tick(page, consentLabel);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.waitForURL('**/en/service');
  for (const service of offered) await heading(page, service.title);
  for (const service of withdrawn)
    assert.is(await page.getByText(service.title).count(), 0, `${service.title} is disabled`);
  for (const service of offered) assert.ok(await page.getByText(service.description).isVisible());

  await page.getByRole('link', { name: 'Français' }).click();
  await page.waitForURL('**/fr/service');
  for (const service of offered) await heading(page, service.titleFr);
  assert.is(await page.getAttribute('html', 'lang'), 'fr');
  assert.ok(await page.getByRole('link', { name: 'English' }).isVisible());
  for (const service of withdrawn) assert.is(await page.getByText(service.titleFr).count(), 0);

  await page.reload();
  for (const service of offered) await heading(page, service.titleFr);
  assert.match(page.url(), /\/fr\/service$/);

  const chosen = offered[0]!;
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: chosen.titleFr, exact: true }) });
  await card.getByRole('link', { name: chosen.titleFr, exact: true }).click();
  await page.waitForURL(/\/fr\/service\/\d+$/);
  await page.getByRole('heading', { level: 1, name: chosen.titleFr, exact: true }).waitFor();
  const landingText = chosen.landingPageFr.replace(/<[^>]+>/g, '');
  assert.ok(await page.getByText(landingText).isVisible(), 'the service landing text is shown');

  await page.getByRole('button', { name: 'Retour' }).click();
  await page.waitForURL('**/fr/service');
});

register('Next cannot proceed without consent', async (context) => {
  const page = await newPage(context);
  await page.goto(`${context.app!.baseUrl}/en`);
  const next = page.getByRole('button', { name: 'Next', exact: true });
  const consent = page.getByLabel(consentLabel);
  assert.is(await consent.isChecked(), false);
  assert.ok(await next.isDisabled(), 'Next is disabled without consent');

  await next.click({ force: true });
  await page.getByRole('alert').filter({ hasText: 'You must consent' }).waitFor();
  assert.match(new URL(page.url()).pathname, /^\/en$/);

  await next.focus();
  await page.keyboard.press('Enter');
  assert.match(new URL(page.url()).pathname, /^\/en$/);

  await page.goto(`${context.app!.baseUrl}/fr/service`);
  await page.waitForURL(/\/fr$/);
  await heading(page, 'Prendre rendez-vous');

  await tick(page, 'Je consens à la collecte de mes renseignements personnels sur la santé.');
  assert.is(await page.getByRole('button', { name: 'Suivant', exact: true }).isDisabled(), false);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/fr/service');
  await heading(page, offered[0]!.titleFr);
});

register('an unknown service shows a translated not-found state', async (context) => {
  const page = await newPage(context);
  await page.goto(`${context.app!.baseUrl}/en`);
  await tick(page, consentLabel);
  await page.goto(`${context.app!.baseUrl}/en/service/999999`);
  await page.getByText('The service you chose is not available.').waitFor();
  await page.getByRole('button', { name: 'See the available services' }).click();
  await page.waitForURL('**/en/service');
  await heading(page, offered[0]!.title);
});

register('an unknown language goes to English and an unknown page says so', async (context) => {
  const page = await newPage(context);
  await page.goto(`${context.app!.baseUrl}/de`);
  await page.waitForURL(/\/en$/);
  await heading(page, 'Book an appointment');
  await page.goto(`${context.app!.baseUrl}/fr/nowhere`);
  await page.getByText('Page introuvable').waitFor();
  assert.ok(await page.getByRole('button', { name: 'Retour à la page d’accueil' }).isVisible());
});

/** Mutation-XSS payloads (each parses to a live <img onerror> once its cleaned serialisation is parsed again). */
const MXSS_PAGE = [
  '<p>Welcome to the XSS clinic.</p>',
  `<form><math><mtext></form><form><mglyph><xmp></math><img src=x onerror="alert('XSS-MARKER xmp')">`,
  `<form><math><mtext></form><form><mglyph><noembed></math><img src=x onerror="alert('XSS-MARKER noembed')">`,
  `<form><math><mtext></form><form><mglyph><noframes></math><img src=x onerror="alert('XSS-MARKER noframes')">`,
  `<math><mtext><table><mglyph><style><img src=x onerror="alert('XSS-MARKER style')">`,
].join('');

register(
  'a landing page with mutation-XSS payloads shows its text and no live handler, even with the CSP off',
  async (context) => {
    const app = context.app!;
    const token = await seedAdminToken(app);
    const calendarIds = [
      (await request(app.baseUrl, 'GET', '/api/calendars', undefined, bearer(token))).json.items[0].id,
    ];
    const service = (title: string, landingPage: string) => ({
      title,
      titleFr: title,
      description: 'XSS test.',
      descriptionFr: 'Essai XSS.',
      enabled: true,
      calendarIds,
      landingPage,
      landingPageFr: landingPage,
      confirmationPage: '<p>Done</p>',
      confirmationPageFr: '<p>Fini</p>',
    });
    // Saved through the API: the server cleans it.
    const saved = (
      await request(app.baseUrl, 'POST', '/api/services', service('Saved XSS Clinic', MXSS_PAGE), bearer(token))
    ).json;
    // Recorded before pages were cleaned on save: only the browser's cleaning stands between it and the visitor.
    const legacy = (
      await request(app.baseUrl, 'POST', '/api/services', service('Legacy XSS Clinic', '<p>Old</p>'), bearer(token))
    ).json;
    const stream = serviceStream(legacy.id);
    const { events } = await app.server.store.readStream(stream);
    await app.server.store.append(stream, events.length - 1, [
      {
        eventId: randomUUID(),
        type: 'ServiceUpdated',
        schemaVersion: 1,
        data: { serviceId: legacy.id, changes: { landingPage: MXSS_PAGE }, updatedAt: new Date().toISOString() },
        metadata: {
          eventId: randomUUID(),
          occurredAt: new Date().toISOString(),
          actor: { system: 'test' },
          correlationId: randomUUID(),
          causationId: null,
          schemaVersion: 1,
        },
      },
    ]);
    await caughtUp(app);
    assert.match(
      (await request(app.baseUrl, 'GET', `/api/public/services/${legacy.id}?locale=en`)).json.landingPage,
      'onerror',
      'the legacy page is served uncleaned',
    );

    // Without the CSP, a live handler would run: the dialog or the console says so.
    context.context = await context.browser!.newContext({ viewport: { width: 375, height: 812 }, bypassCSP: true });
    const page = await context.context.newPage();
    page.setDefaultTimeout(timeout);
    const ran: string[] = [];
    page.on('dialog', (dialog) => {
      ran.push(dialog.message());
      void dialog.dismiss();
    });
    page.on('console', (message) => {
      if (message.text().includes('XSS-MARKER')) ran.push(message.text());
    });
    await page.goto(`${app.baseUrl}/en`);
    await tick(page, consentLabel);
    for (const id of [saved.id, legacy.id]) {
      await page.goto(`${app.baseUrl}/en/service/${id}`);
      await page.getByText('Welcome to the XSS clinic.').waitFor();
      await page.waitForTimeout(500);
      const handlers = await page.evaluate(() =>
        Array.from(document.querySelectorAll('*')).flatMap((element) =>
          Array.from(element.attributes)
            .filter((attribute) => attribute.name.toLowerCase().startsWith('on'))
            .map((attribute) => `${element.localName}[${attribute.name}]`),
        ),
      );
      assert.equal(handlers, [], `service ${id}: no element with a handler`);
      assert.is(
        await page.locator('.service-landing math, .service-landing form, .service-landing svg').count(),
        0,
        `service ${id}: no foreign or form element`,
      );
    }
    assert.equal(ran, [], 'no payload ran');
  },
);

test.run();
