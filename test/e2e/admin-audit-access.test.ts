import type { Browser, BrowserContext, Page } from 'playwright';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/app';
import { newPage, signInAs, type AdminLanguage } from '../support/admin-browser';
import { browserLifecycle } from '../support/browser';
import { demoBooking, lockDemoSlot } from '../support/demo-booking';
import { request } from '../support/http';
import { bearer, createUser, seedAdminToken, STRONG_PASSWORD } from '../support/identity';

/**
 * Issue 18 item 4, /admin/audit/access in Chromium (English and French): after a staff member opened an
 * appointment, an Auditor sees the entry, filters the log by the appointment's id, and sees the chain intact.
 */
interface Context {
  app?: TestApp;
  browser?: Browser;
  context?: BrowserContext;
  appointmentId?: number;
}

const test = suite<Context>('e2e: admin audit access');
const viewport = { width: 1400, height: 950 };

const texts = {
  en: {
    title: 'Access Log',
    menu: 'Staff menu',
    entry: 'Access Log',
    appointmentId: /^Appointment id/,
    filter: 'Filter',
    opened: 'Opened an appointment',
    appointment: (id: number) => `Appointment ${id}`,
    intact: /^The access log is intact: \d+ entries verified\.$/,
    when: /\d{1,2}:\d\d\u00a0(a|p)\.m\.$/,
  },
  fr: {
    title: 'Journal des accès',
    menu: 'Menu du personnel',
    entry: 'Journal des accès',
    appointmentId: /^Numéro du rendez-vous/,
    filter: 'Filtrer',
    opened: 'A ouvert un rendez-vous',
    appointment: (id: number) => `Rendez-vous ${id}`,
    intact: /^Le journal des accès est intact\u00a0: \d+ entrées vérifiées\.$/,
    when: /\d{1,2}\u00a0h(\u00a0\d\d)?$/,
  },
};

const register = browserLifecycle(test, {
  start: async (context) => {
    context.app = await startTestApp();
    const { baseUrl } = context.app;
    const token = await seedAdminToken(context.app);
    const { serviceId, token: lockToken } = await lockDemoSlot(context.app);
    const booked = await request(
      baseUrl,
      'POST',
      '/api/public/appointments',
      demoBooking(lockToken, serviceId, { firstName: 'Ada', lastName: 'Audited' }),
    );
    assert.is(booked.status, 201, booked.text);
    const found = await request(baseUrl, 'GET', '/api/appointments?query=Audited', undefined, bearer(token));
    context.appointmentId = found.json.items[0].id;
    // A staff member (the System Administrator) opens the appointment.
    const opened = await request(
      baseUrl,
      'GET',
      `/api/appointments/${context.appointmentId}`,
      undefined,
      bearer(token),
    );
    assert.is(opened.status, 200, opened.text);
    await context.app.server.accessLog.flush();
    for (const language of ['en', 'fr'])
      await createUser(baseUrl, token, {
        email: `access.auditor.${language}@example.com`,
        roles: ['ROLE_AUDITOR'],
        password: STRONG_PASSWORD,
      });
  },
  stop: async (context) => {
    await context.app?.stop();
  },
});

/** The table's rows: when, who, action, records, address. */
async function rows(page: Page) {
  await page.locator('.access-log-table tbody tr').first().waitFor();
  return page.locator('.access-log-table tbody tr').evaluateAll((found) =>
    found.map((row) => {
      const [when, who, action, records, address] = [...row.querySelectorAll('td')].map((cell) =>
        (cell as HTMLElement).innerText.trim(),
      );
      return { when: when!, who: who!, action: action!, records: records!, address: address! };
    }),
  );
}

async function walk(context: Context, language: AdminLanguage) {
  const t = texts[language];
  const id = context.appointmentId!;
  const page = await newPage(context, viewport, language);
  await signInAs(
    context,
    page,
    `access.auditor.${language}@example.com`,
    STRONG_PASSWORD,
    '/admin/audit/access',
    language,
  );
  await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
  const entries = await page.getByRole('navigation', { name: t.menu }).getByRole('link').allInnerTexts();
  assert.ok(entries.includes(t.entry), entries.join());

  // the chain's state
  const status = page.locator('.access-log-chain p');
  await page.waitForFunction(() => /\d/.test(document.querySelector('.access-log-chain p')?.textContent ?? ''));
  assert.match((await status.innerText()).trim(), t.intact);

  // who looked at this appointment?
  await page.getByLabel(t.appointmentId).fill(String(id));
  await page.getByRole('button', { name: t.filter, exact: true }).click();
  await page.waitForURL(new RegExp(`appointmentId=${id}`));
  await page.waitForFunction(
    (name) =>
      [...document.querySelectorAll('.access-log-table tbody tr td:nth-child(4)')].every((cell) =>
        cell.textContent?.includes(name),
      ),
    t.appointment(id),
  );
  const shown = await rows(page);
  const opened = shown.find((row) => row.action === t.opened);
  assert.ok(opened, shown.map((row) => row.action).join());
  assert.match(opened!.who, /^System Administrator #\d+$/);
  assert.match(opened!.when, t.when);
  assert.is(opened!.records, t.appointment(id));
  assert.match(opened!.address, /^(::ffff:)?127\.0\.0\.1$|^::1$/);
}

register('in English: an Auditor sees who opened an appointment, filtered by its id, and the chain intact', (context) =>
  walk(context, 'en'),
);

register('in French: the same walk', (context) => walk(context, 'fr'));

test.run();
