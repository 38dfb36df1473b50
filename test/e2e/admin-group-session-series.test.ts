import type { Browser, BrowserContext, Page } from 'playwright';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { formatDate, formatDateTime, formatTime } from '../../web/src/i18n/format';
import { startTestApp, type TestApp } from '../support/app';
import { newPage, row, seeBanner, signInAs, type AdminLanguage } from '../support/admin-browser';
import { browserLifecycle } from '../support/browser';
import { request } from '../support/http';
import { bearer, createUser, signIn, STRONG_PASSWORD } from '../support/identity';

/**
 * §2.3 /admin/calendars/{id}/group-session-series and /{seriesId}, in Chromium against the whole app and its demo
 * seed: the 'Rockland Prenatal Classes' course (a group-session calendar with one series, offered by the 'Prenatal
 * Classes' service). Clients register through the public calls; an administrator finds the series from the
 * calendars list, reads the registration and unregisters it, and the public side shows the spots free again; in
 * French too; a Basic User sees the pages only once given the calendar, and never Unregister. The app runs with
 * UNIT_TIMEZONE=America/Regina, so "registered on" shows that it reaches the browser.
 */
interface SessionDate {
  date: string;
  time: string;
  duration: number;
}

interface Fixtures {
  root: string;
  calendar: { id: number; name: string };
  serviceId: number;
  series: {
    id: number;
    name: string;
    startDate: string;
    endDate: string;
    deadline: string;
    spots: number;
    sessionDates: SessionDate[];
  };
}

interface Context {
  app?: TestApp;
  browser?: Browser;
  context?: BrowserContext;
  fixtures?: Fixtures;
}

const test = suite<Context>('e2e: admin group-session series');
const NBSP = '\u00a0';
const CALENDAR = 'Rockland Prenatal Classes';
const UNIT_TIMEZONE = 'America/Regina'; // no daylight time, so Node's and Chromium's time-zone data agree

async function call(context: Context, method: string, path: string, body?: unknown, token?: string) {
  const answer = await request(context.app!.baseUrl, method, path, body, token ? bearer(token) : {});
  if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status} ${answer.text}`);
  return answer.json;
}

async function fixtures(context: Context): Promise<Fixtures> {
  if (context.fixtures) return context.fixtures;
  const root = await signIn(context.app!.baseUrl, context.app!.seedAdmin.email, context.app!.seedAdmin.password);
  const calendars = (await call(context, 'GET', '/api/calendars', undefined, root)).items as {
    id: number;
    name: string;
  }[];
  const calendar = calendars.find((candidate) => candidate.name === CALENDAR)!;
  const services = (await call(context, 'GET', '/api/public/services?locale=en')).items as {
    id: number;
    title: string;
  }[];
  const serviceId = services.find((service) => service.title === 'Prenatal Classes')!.id;
  const series = (await call(context, 'GET', `/api/calendars/${calendar.id}/group-session-series`, undefined, root))
    .items as Fixtures['series'][];
  assert.is(series.length, 1, 'the demo course has one series');
  context.fixtures = { root, calendar, serviceId, series: series[0]! };
  return context.fixtures;
}

/** The spots the public side offers on the course's session (GET .../sessions). */
async function publicSpots(context: Context): Promise<number> {
  const f = await fixtures(context);
  const sessions = (
    await call(context, 'GET', `/api/public/services/${f.serviceId}/calendar/${f.calendar.id}/sessions?spots=1`)
  ).items as { spots: number }[];
  assert.is(sessions.length, 1, 'one session is offered');
  return sessions[0]!.spots;
}

/** Registers clients for two spots through the public calls, as the booking wizard does. */
async function registerClients(
  context: Context,
  clients: { firstName: string; lastName: string }[],
  email: string,
  language: AdminLanguage = 'en',
) {
  const f = await fixtures(context);
  const [session] = (
    await call(context, 'GET', `/api/public/services/${f.serviceId}/calendar/${f.calendar.id}/sessions?spots=1`)
  ).items as { id: number; time: string; endTime: string }[];
  const lock = await call(context, 'POST', '/api/public/locks', {
    calendarDateLaneId: session!.id,
    startTime: session!.time,
    endTime: session!.endTime,
    spots: 2,
    serviceId: f.serviceId,
  });
  await call(context, 'POST', '/api/public/appointments', {
    lockToken: lock.token,
    serviceId: f.serviceId,
    clientData: clients,
    language,
    phone: '613-555-0100',
    phoneReminderType: 0,
    spots: 2,
    email,
  });
}

/** The registrations the staff call answers (for when each registered). */
async function registrations(
  context: Context,
): Promise<{ appointmentId: number; email: string; registeredOn: string }[]> {
  const f = await fixtures(context);
  return (
    await call(
      context,
      'GET',
      `/api/calendars/${f.calendar.id}/group-session-series/${f.series.id}/registrations`,
      undefined,
      f.root,
    )
  ).items;
}

/** The texts of a table row's cells, header cell first. */
const cells = async (page: Page, text: string) =>
  (await row(page, text).locator('th, td').allInnerTexts()).map((cell) => cell.trim());

/** The value beside a label in the series' figures. */
const figure = (page: Page, label: string) =>
  page
    .locator('.gss-figure')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

const register = browserLifecycle(test, {
  start: async (context) => {
    context.app = await startTestApp({ unitTimezone: UNIT_TIMEZONE });
  },
  stop: async (context) => {
    await context.app?.stop();
  },
});

register(
  'an administrator finds the series from the calendars list, reads a registration and unregisters it: the spots are free again',
  async (context) => {
    const f = await fixtures(context);
    const before = await publicSpots(context);
    await registerClients(
      context,
      [
        { firstName: 'Ana', lastName: 'Lopez' },
        { firstName: 'Ben', lastName: 'Lopez' },
      ],
      'ana.lopez@example.com',
    );
    assert.is(await publicSpots(context), before - 2, 'the registration took two spots');
    const [registration] = (await registrations(context)).filter((item) => item.email === 'ana.lopez@example.com');

    const { email, password } = context.app!.seedAdmin;
    const page = await newPage(context, { width: 1280, height: 900 });
    await signInAs(context, page, email, password, '/admin/calendars');
    await page.getByRole('button', { name: `Actions for ${CALENDAR}` }).click();
    await page.getByRole('menuitem', { name: 'View Series' }).click();
    await page.waitForURL(`**/admin/calendars/${f.calendar.id}/group-session-series`);

    // The list: the calendar as the title, one row per series.
    await page.getByRole('heading', { level: 1, name: CALENDAR }).waitFor();
    assert.equal(await cells(page, f.series.name), [
      f.series.name,
      formatDate('en', f.series.startDate),
      formatDate('en', f.series.endDate),
      formatDate('en', f.series.deadline),
      String(f.series.spots),
      String(before - 2),
      '1',
      'View',
    ]);
    await page.getByRole('link', { name: f.series.name, exact: true }).click();
    await page.waitForURL(`**/admin/calendars/${f.calendar.id}/group-session-series/${f.series.id}`);

    // The detail: the figures, the session dates and the registration. (A series is named after its calendar, so the
    // heading alone does not tell the detail from the list.)
    await page.getByText(`Series of ${CALENDAR}`).waitFor();
    await page.getByRole('heading', { level: 1, name: f.series.name }).waitFor();
    assert.is((await figure(page, 'Spots available').innerText()).trim(), String(before - 2));
    assert.is((await figure(page, 'Registrations').innerText()).trim(), '1');
    const sessions = page.getByRole('table', { name: 'Session dates' });
    assert.is(await sessions.locator('tbody tr').count(), f.series.sessionDates.length);
    const first = f.series.sessionDates[0]!;
    assert.equal(await cells(page, formatDate('en', first.date)), [
      formatDate('en', first.date),
      formatTime('en', first.time),
      `${first.duration / 60} min`,
    ]);
    assert.is(formatTime('en', first.time), `6:00${NBSP}p.m.`);

    await row(page, 'Ana Lopez').waitFor();
    const registered = await cells(page, 'Ana Lopez');
    const registeredOn = new Date(registration!.registeredOn);
    assert.equal(registered.slice(0, 5), [
      'Ana Lopez\nBen Lopez',
      '613-555-0100',
      'ana.lopez@example.com',
      '2',
      formatDateTime('en', registeredOn, UNIT_TIMEZONE),
    ]);
    assert.not.equal(
      formatDateTime('en', registeredOn, UNIT_TIMEZONE),
      formatDateTime('en', registeredOn, 'America/Toronto'),
      'the zone shows',
    );

    // Unregister asks first; Cancel keeps the registration.
    await page.getByRole('button', { name: 'Unregister Ana Lopez, Ben Lopez' }).click();
    const alert = page.getByRole('alertdialog');
    await alert
      .getByText(`Unregister Ana Lopez, Ben Lopez from ${f.series.name}? The 2 spots will be free again.`)
      .waitFor();
    await alert.getByRole('button', { name: 'Cancel' }).click();
    await alert.waitFor({ state: 'detached' });
    assert.is(await publicSpots(context), before - 2, 'Cancel unregisters no one');

    await page.getByRole('button', { name: 'Unregister Ana Lopez, Ben Lopez' }).click();
    await alert.getByRole('button', { name: 'Unregister', exact: true }).click();
    await seeBanner(page, 'The client has been unregistered.');
    await page.getByText('No one has registered for this series yet.').waitFor();
    await figure(page, 'Spots available').getByText(String(before), { exact: true }).waitFor();
    assert.is((await figure(page, 'Registrations').innerText()).trim(), '0');
    assert.is(await publicSpots(context), before, 'the public side offers the spots again');

    // Back on the list, the counts follow.
    await page.getByRole('button', { name: 'Back to the series' }).click();
    await row(page, f.series.name).waitFor();
    assert.equal((await cells(page, f.series.name)).slice(5, 7), [String(before), '0']);
  },
);

register('in French: dates, times and labels, and Désinscrire with its banner', async (context) => {
  const f = await fixtures(context);
  const before = await publicSpots(context);
  await registerClients(context, [{ firstName: 'Chloé', lastName: 'Tremblay' }], 'chloe.tremblay@example.com', 'fr');
  const [registration] = (await registrations(context)).filter((item) => item.email === 'chloe.tremblay@example.com');

  const { email, password } = context.app!.seedAdmin;
  const page = await newPage(context, { width: 1280, height: 900 }, 'fr');
  const listPath = `/admin/calendars/${f.calendar.id}/group-session-series`;
  await signInAs(context, page, email, password, listPath, 'fr');
  await page.getByRole('heading', { level: 1, name: CALENDAR }).waitFor();
  await page.getByText('Séries de séances de groupe', { exact: true }).waitFor();
  const headers = (await page.locator('thead th').allInnerTexts()).map((text) => text.trim());
  assert.equal(headers.slice(0, 7), [
    'Nom',
    'Date de début',
    'Date de fin',
    'Date limite d’inscription',
    'Places',
    'Places disponibles',
    'Inscriptions',
  ]);
  assert.equal((await cells(page, f.series.name)).slice(1, 4), [
    formatDate('fr', f.series.startDate),
    formatDate('fr', f.series.endDate),
    formatDate('fr', f.series.deadline),
  ]);

  await page.getByRole('button', { name: `Voir ${f.series.name}` }).click();
  await page.getByText(`Série de ${CALENDAR}`).waitFor();
  await page.getByRole('heading', { level: 1, name: f.series.name }).waitFor();
  const first = f.series.sessionDates[0]!;
  assert.equal(await cells(page, formatDate('fr', first.date)), [
    formatDate('fr', first.date),
    `18${NBSP}h`,
    `${first.duration / 60} min`,
  ]);
  await page.getByRole('heading', { name: 'Dates des séances' }).waitFor();
  await page.getByRole('heading', { name: 'Inscriptions' }).waitFor();
  await row(page, 'Chloé Tremblay').waitFor();
  const registered = await cells(page, 'Chloé Tremblay');
  assert.equal(registered.slice(0, 5), [
    'Chloé Tremblay',
    '613-555-0100',
    'chloe.tremblay@example.com',
    '2',
    formatDateTime('fr', new Date(registration!.registeredOn), UNIT_TIMEZONE),
  ]);
  assert.match(registered[4]!, / à \d+\u00a0h/);

  await page.getByRole('button', { name: 'Désinscrire Chloé Tremblay' }).click();
  const alert = page.getByRole('alertdialog');
  await alert
    .getByText(`Désinscrire Chloé Tremblay de ${f.series.name}${NBSP}? Les 2 places redeviendront libres.`)
    .waitFor();
  await alert.getByRole('button', { name: 'Désinscrire', exact: true }).click();
  await seeBanner(page, 'Le client a été désinscrit.');
  await page.getByText('Personne ne s’est encore inscrit à cette série.').waitFor();
  await figure(page, 'Places disponibles').getByText(String(before), { exact: true }).waitFor();
  assert.is(await publicSpots(context), before);
});

register('a Basic User sees the series only once given the calendar, and never Unregister', async (context) => {
  const f = await fixtures(context);
  await registerClients(context, [{ firstName: 'Dana', lastName: 'Roy' }], 'dana.roy@example.com');
  const userId = await createUser(context.app!.baseUrl, f.root, {
    email: 'basil.basic@example.com',
    firstName: 'Basil',
    lastName: 'Basic',
    roles: ['ROLE_USER'],
    password: STRONG_PASSWORD,
  });
  const listPath = `/admin/calendars/${f.calendar.id}/group-session-series`;
  const page = await newPage(context, { width: 1280, height: 900 });
  await signInAs(context, page, 'basil.basic@example.com', STRONG_PASSWORD, listPath);

  // Without access: the API's 403 as the page's error state.
  const denied = page.getByRole('alert').filter({ hasText: 'You do not have access to this page or action.' });
  await denied.waitFor();
  assert.is(await page.getByRole('table').count(), 0);
  await page.goto(`${context.app!.baseUrl}${listPath}/${f.series.id}`);
  await denied.waitFor();
  assert.is(await page.getByText('Dana Roy').count(), 0);

  // Given the calendar: both pages, without Unregister.
  await call(context, 'PUT', `/api/calendars/${f.calendar.id}/users`, { userIds: [userId] }, f.root);
  await page.goto(`${context.app!.baseUrl}/admin/calendars`);
  await page.getByRole('button', { name: `Actions for ${CALENDAR}` }).click();
  await page.getByRole('menuitem', { name: 'View Series' }).click();
  await row(page, f.series.name).waitFor();
  await page.getByRole('link', { name: f.series.name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: f.series.name }).waitFor();
  await row(page, 'Dana Roy').waitFor();
  const registered = await cells(page, 'Dana Roy');
  assert.equal(registered.slice(0, 4), ['Dana Roy', '613-555-0100', 'dana.roy@example.com', '2']);
  assert.is(registered.length, 5, 'no action column');
  assert.is(await page.getByRole('button', { name: /Unregister/ }).count(), 0);
});

register(
  'a failed load shows the error with Try again, and an empty calendar says it has no series',
  async (context) => {
    const f = await fixtures(context);
    const { email, password } = context.app!.seedAdmin;
    const page = await newPage(context, { width: 1280, height: 900 });
    let fail = true;
    await page.route('**/api/calendars/*/group-session-series', async (route) => {
      if (fail) await route.fulfill({ status: 500, json: { error: 'INTERNAL_ERROR', detail: 'boom' } });
      else await route.continue();
    });
    await signInAs(context, page, email, password, `/admin/calendars/${f.calendar.id}/group-session-series`);
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'An error occurred on the server. Please try again later.' });
    await alert.waitFor();
    assert.is(
      await page.getByText('This calendar has no group-session series.').count(),
      0,
      'a failure is not an empty list',
    );
    fail = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await row(page, f.series.name).waitFor();
    await alert.waitFor({ state: 'detached' });

    const locationId = ((await call(context, 'GET', '/api/locations', undefined, f.root)).items as { id: number }[])[0]!
      .id;
    const categoryId = (
      (await call(context, 'GET', '/api/categories', undefined, f.root)).items as { id: number }[]
    )[0]!.id;
    const lanes = [
      {
        name: 'Educator',
        startTime: '18:00:00',
        endTime: '20:00:00',
        durations: [{ value: 7200, label: '120 min', isDefault: true }],
        slotInterval: 7200,
      },
    ];
    const body = {
      name: 'Course without dates',
      enabled: true,
      groupSession: true,
      spots: 5,
      locationId,
      categoryId,
      lanes,
    };
    const empty = (await call(context, 'POST', '/api/calendars', body, f.root)).id as number;
    await page.goto(`${context.app!.baseUrl}/admin/calendars/${empty}/group-session-series`);
    await page.getByRole('heading', { level: 1, name: 'Course without dates' }).waitFor();
    await page.getByText('This calendar has no group-session series.').waitFor();
    await page.getByRole('button', { name: 'Back to calendars' }).click();
    await page.waitForURL('**/admin/calendars');
  },
);

register(
  'unregistering a registration someone else already took back says so and refreshes the list',
  async (context) => {
    const f = await fixtures(context);
    await registerClients(context, [{ firstName: 'Eve', lastName: 'Stone' }], 'eve.stone@example.com');
    const [registration] = (await registrations(context)).filter((item) => item.email === 'eve.stone@example.com');
    const { email, password } = context.app!.seedAdmin;
    const page = await newPage(context, { width: 1280, height: 900 });
    await signInAs(
      context,
      page,
      email,
      password,
      `/admin/calendars/${f.calendar.id}/group-session-series/${f.series.id}`,
    );
    await row(page, 'Eve Stone').waitFor();

    await call(
      context,
      'DELETE',
      `/api/calendars/${f.calendar.id}/group-session-series/${f.series.id}/registrations/${registration!.appointmentId}`,
      undefined,
      f.root,
    );
    await page.getByRole('button', { name: 'Unregister Eve Stone' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Unregister', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'This registration could not be found. It may already have been unregistered.' })
      .waitFor();
    await row(page, 'Eve Stone').waitFor({ state: 'detached' });
    assert.is(await page.getByText('The client has been unregistered.').count(), 0, 'no success banner');
  },
);

test.run();
