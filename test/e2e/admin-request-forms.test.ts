import type { Browser, BrowserContext, Locator } from 'playwright';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { formatDate } from '../../domain/shared/format';
import { addMonths, todayIn } from '../../domain/shared/plain-date';
import { startTestApp, type TestApp } from '../support/app';
import { browserLifecycle } from '../support/browser';
import { newPage, row, seeBanner, signInAs } from '../support/admin-browser';
import { request } from '../support/http';
import { bearer, createUser, seedAdminToken, signIn, STRONG_PASSWORD } from '../support/identity';

/**
 * §2.3 /admin/request-forms in Chromium against the whole app (demo seed, sign-in code off): a Basic User submits a
 * request for a new calendar (the §5 checks on their fields, §4.4 lanes, clinic dates, the 3-second banner of §9)
 * and sees it in the list; an administrator sees everyone's, opens one and turns it into a calendar (in French), or
 * a request for dates into the calendar's dates, after which it shows as done with a link to the calendar.
 */
interface Context {
  app?: TestApp;
  browser?: Browser;
  context?: BrowserContext;
}

const test = suite<Context>('e2e: admin request forms');

const today = () => todayIn('America/Toronto', new Date());
/** A date in the clinic-date window (the first of this month to a year from today), `months` from now. */
const dateIn = (months: number) => `${addMonths(today(), months).slice(0, 8)}10`;
/** The label of a select's chosen option, its non-breaking spaces as spaces. */
const chosenLabel = async (select: Locator) =>
  (await select.locator('option:checked').innerText()).replace(/\u00a0/g, ' ');

async function api(context: Context, token: string, method: string, path: string, body?: unknown) {
  return request(context.app!.baseUrl, method, path, body, bearer(token));
}

async function staffUser(
  context: Context,
  email: string,
  firstName: string,
  lastName: string,
  role: 'ROLE_USER' | 'ROLE_ADMIN',
) {
  const root = await seedAdminToken(context.app!);
  await createUser(context.app!.baseUrl, root, {
    email,
    firstName,
    lastName,
    roles: [role],
    password: STRONG_PASSWORD,
  });
  return signIn(context.app!.baseUrl, email, STRONG_PASSWORD);
}

const lane = (clinicDates: string[], name = 'Nurse') => ({
  name,
  startTime: '09:00',
  endTime: '12:00',
  slotInterval: 15,
  durations: [15, 30],
  breakTimeAm: '10:30',
  breakTimePm: null,
  lunchTimeStart: null,
  lunchTimeEnd: null,
  firstAppointmentTime: '09:00',
  lastAppointmentTime: '11:45',
  clinicDates,
});

async function firstLocation(context: Context, token: string): Promise<{ id: number; name: string }> {
  const answer = await api(context, token, 'GET', '/api/locations');
  return (answer.json.items as { id: number; name: string }[])[0]!;
}

const register = browserLifecycle(test, {
  start: async (context) => {
    context.app = await startTestApp();
  },
  stop: async (context) => {
    await context.app?.stop();
  },
});

register('a Basic User submits a request for a new calendar and sees it in the list', async (context) => {
  await staffUser(context, 'bob.basic@example.com', 'Bob', 'Basic', 'ROLE_USER');
  const page = await newPage(context, { width: 1280, height: 900 });
  await signInAs(context, page, 'bob.basic@example.com', STRONG_PASSWORD, '/admin/request-forms');
  await page.getByRole('heading', { level: 1, name: 'Request Forms' }).waitFor();
  await page.getByText('No records found.').waitFor();

  await page.getByRole('button', { name: 'Create New Request' }).click();
  await page.waitForURL('**/admin/request-forms/new');
  await page.getByRole('heading', { level: 1, name: 'New request' }).waitFor();

  // §5: what a request for a new calendar needs, each on its field; nothing is sent.
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Please fix the fields marked in red.').waitFor();
  for (const text of [
    'Enter the name of the calendar.',
    'Choose a location.',
    'Choose the enable date.',
    'Choose at least one clinic date.',
  ])
    await page.getByText(text, { exact: true }).waitFor();
  assert.is(page.url(), `${context.app!.baseUrl}/admin/request-forms/new`);

  // §9: times every 5 minutes from 6:00 a.m. to 6:00 p.m.
  const first = page.getByRole('region', { name: 'Lane 1', exact: true });
  const starts = first.getByLabel(/^Start time/).locator('option');
  assert.is((await starts.first().innerText()).replace(/\u00a0/g, ' '), '6:00 a.m.');
  assert.is((await starts.last().innerText()).replace(/\u00a0/g, ' '), '6:00 p.m.');
  assert.is(await starts.count(), 145);
  assert.is(await chosenLabel(first.getByLabel(/^Start time/)), '8:45 a.m.', '§3 default lane');

  // §4.4: the lane count rebuilds the lanes; the same data for every lane keeps a single one.
  await page.getByLabel(/^Number of lanes/).selectOption('3');
  await page.getByRole('region', { name: 'Lane 3', exact: true }).waitFor();
  assert.is(
    await page
      .getByRole('region', { name: 'Lane 2', exact: true })
      .getByLabel(/^Lane name/)
      .inputValue(),
    'Staff 2',
  );
  await page.getByRole('checkbox', { name: 'Same data for every lane' }).check({ force: true });
  await page.getByRole('region', { name: 'Lane 3', exact: true }).waitFor({ state: 'detached' });
  const every = page.getByRole('region', { name: 'Every lane (3)', exact: true });
  await every.waitFor();

  // A lane's times in order (§5).
  await every.getByLabel(/^Last appointment/).selectOption('08:00');
  await page.getByText('The last appointment cannot be before the first.').waitFor();
  await every.getByLabel(/^Last appointment/).selectOption('14:30');

  await page.getByLabel(/^Calendar name/).fill('Long Sault Immunization Clinic');
  await page.getByLabel(/^Location/).selectOption({ index: 1 });
  await page.getByLabel(/^Enable on/).fill(dateIn(1));
  await every.getByRole('checkbox', { name: '30 min', exact: true }).check({ force: true });

  // Clinic dates: the month shown first is this one; two dates next month, one taken back.
  const dates = [dateIn(1), `${dateIn(1).slice(0, 8)}17`];
  await every.getByRole('button', { name: 'Next month' }).click();
  for (const date of dates) await every.getByRole('button', { name: formatDate('en', date), exact: true }).click();
  await every.getByText('2 dates chosen').waitFor();
  await every.getByRole('button', { name: `Remove ${formatDate('en', dates[1]!)}` }).click();
  await every.getByText('1 date chosen').waitFor();
  assert.is(
    await every.getByRole('button', { name: formatDate('en', dates[0]!), exact: true }).getAttribute('aria-pressed'),
    'true',
  );
  await page.getByLabel(/^Additional information/).fill('Two nurses, same hours.');

  await page.getByRole('button', { name: 'Submit' }).click();
  await seeBanner(page, 'The request has been saved.');
  await page.waitForURL(/\/admin\/request-forms$/);
  await row(page, 'Long Sault Immunization Clinic').waitFor();
  const saved = row(page, 'Long Sault Immunization Clinic');
  assert.ok((await saved.innerText()).includes('New calendar'));
  assert.ok((await saved.innerText()).includes('Bob Basic'));
  assert.ok((await saved.innerText()).includes('Open'));
  await page.getByText('1 of 1 requests').waitFor();

  // What was sent, read back in the read-only view.
  await saved.getByRole('button', { name: /^View the request of Bob Basic/ }).click();
  await page.waitForURL(/\/admin\/request-forms\/\d+\/view$/);
  await page.getByRole('heading', { level: 1, name: 'Request form' }).waitFor();
  await page.getByText('Two nurses, same hours.').waitFor();
  await page.getByRole('region', { name: 'Every lane (3)' }).getByText('15 min, 30 min').waitFor();
  assert.is(await page.getByRole('button', { name: 'Create this calendar' }).count(), 0, 'administrators only');
});

register('in French: a Basic User submits a request, told in French what is missing', async (context) => {
  await staffUser(context, 'berthe.base@example.com', 'Berthe', 'Base', 'ROLE_USER');
  const page = await newPage(context, { width: 1280, height: 900 }, 'fr');
  await signInAs(context, page, 'berthe.base@example.com', STRONG_PASSWORD, '/admin/request-forms/new', 'fr');
  await page.getByRole('heading', { level: 1, name: 'Nouvelle demande' }).waitFor();
  await page.getByRole('button', { name: 'Soumettre' }).click();
  await page.getByText('Veuillez corriger les champs indiqués en rouge.').waitFor();
  for (const text of [
    'Entrez le nom du calendrier.',
    'Choisissez un emplacement.',
    'Choisissez la date d’activation.',
    'Choisissez au moins une date de clinique.',
  ])
    await page.getByText(text, { exact: true }).waitFor();

  await page.getByLabel(/^Nom du calendrier/).fill('Clinique de Crysler');
  await page.getByLabel(/^Emplacement/).selectOption({ index: 1 });
  await page.getByLabel(/^Activer le/).fill(dateIn(1));
  const first = page.getByRole('region', { name: 'Couloir 1', exact: true });
  await first.getByRole('button', { name: 'Mois suivant' }).click();
  await first.getByRole('button', { name: formatDate('fr', dateIn(1)), exact: true }).click();
  await first.getByText('1 date choisie').waitFor();
  await page.getByRole('button', { name: 'Soumettre' }).click();
  await seeBanner(page, 'La demande a été enregistrée.');
  await page.waitForURL(/\/admin\/request-forms$/);
  const saved = row(page, 'Clinique de Crysler');
  await saved.waitFor();
  assert.ok((await saved.innerText()).includes('Nouveau calendrier'));
  assert.ok((await saved.innerText()).includes('Ouverte'));
});

register('in French: an administrator sees every request and turns one into a calendar', async (context) => {
  const nina = await staffUser(context, 'nina.nurse@example.com', 'Nina', 'Nurse', 'ROLE_USER');
  const location = await firstLocation(context, nina);
  const created = await api(context, nina, 'POST', '/api/request-forms', {
    requestType: 'requestformcalendar',
    calendarName: 'Rockland Travel Clinic',
    locationId: location.id,
    enableOn: dateIn(1),
    laneCount: 2,
    sameLaneData: false,
    lanes: [lane([dateIn(2)], 'Nurse A'), lane([dateIn(2)], 'Nurse B')],
    fields: 'Health card number',
  });
  assert.is(created.status, 201, created.text);
  const requestId = created.json.id as number;
  await api(context, nina, 'POST', '/api/request-forms', {
    requestType: 'requestformcalendar',
    calendarName: 'Winchester Prenatal Classes',
    locationId: location.id,
    enableOn: dateIn(1),
    laneCount: 1,
    lanes: [lane([dateIn(3)])],
  });

  await staffUser(context, 'carl.admin@example.com', 'Carl', 'Admin', 'ROLE_ADMIN');
  const page = await newPage(context, { width: 1280, height: 900 }, 'fr');
  await signInAs(context, page, 'carl.admin@example.com', STRONG_PASSWORD, '/admin/request-forms', 'fr');
  await page.getByRole('heading', { level: 1, name: 'Formulaires de demande' }).waitFor();
  // Everyone's requests: the Basic User's of the first test too.
  await row(page, 'Rockland Travel Clinic').waitFor();
  await row(page, 'Winchester Prenatal Classes').waitFor();
  assert.ok(await row(page, 'Bob Basic').first().isVisible(), 'an administrator sees all');
  await page.getByLabel(/^Type de demande/).selectOption({ label: 'Dates pour un calendrier' });
  await page.getByText('Aucun enregistrement trouvé.').waitFor();
  await page.getByLabel(/^Type de demande/).selectOption({ label: 'Nouveau calendrier' });
  await row(page, 'Rockland Travel Clinic').waitFor();
  assert.ok(page.url().endsWith('?type=requestformcalendar'), 'the filter is kept in the address');

  await row(page, 'Rockland Travel Clinic')
    .getByRole('button', { name: /^Voir la demande de Nina Nurse/ })
    .click();
  await page.waitForURL(`**/admin/request-forms/${requestId}/view`);
  await page.getByRole('heading', { level: 1, name: 'Formulaire de demande' }).waitFor();
  await page.getByText('Health card number').waitFor();
  await page.getByRole('region', { name: 'Couloir 2' }).getByText('Nurse B').waitFor();
  assert.ok((await page.getByRole('region', { name: 'Couloir 1' }).innerText()).includes('9\u00a0h'), 'French times');

  await page.getByRole('button', { name: 'Créer ce calendrier' }).click();
  await page.waitForURL('**/admin/calendars/new');
  await page.getByRole('heading', { level: 1, name: 'Nouveau calendrier' }).waitFor();
  assert.is(await page.getByLabel(/^Nom \(anglais\)/).inputValue(), 'Rockland Travel Clinic', 'prefilled');
  assert.is(await page.getByLabel(/^Emplacement/).inputValue(), String(location.id));
  await page.getByRole('tab', { name: /Horaire/ }).click();
  const laneTwo = page.getByRole('region', { name: 'Couloir 2', exact: true });
  assert.is(await laneTwo.getByLabel(/^Nom du couloir/).inputValue(), 'Nurse B');
  assert.is(await chosenLabel(laneTwo.getByLabel('Heure de début')), '9 h');
  await page.getByRole('tab', { name: /Général/ }).click();
  await page.getByLabel(/^Nom \(français\)/).fill('Clinique santé-voyage de Rockland');
  await page.getByLabel(/^Catégorie/).selectOption({ label: 'Travel Health' });
  await page.getByRole('button', { name: 'Enregistrer' }).click();

  await page.waitForURL(`**/admin/request-forms/${requestId}/view`);
  await seeBanner(page, 'La demande a été marquée comme traitée.');
  const done = await api(context, nina, 'GET', `/api/request-forms/${requestId}`);
  const calendarId = done.json.fulfilledCalendarId as number;
  assert.ok(calendarId > 0, 'recorded as done');
  await page.getByText('Traitée', { exact: true }).first().waitFor();
  const link = page.getByRole('link', { name: 'Rockland Travel Clinic' }).first();
  assert.is(await link.getAttribute('href'), `/admin/calendars/${calendarId}/edit`);
  assert.is(await page.getByRole('button', { name: 'Créer ce calendrier' }).count(), 0, 'done: nothing left to do');

  await page.getByRole('button', { name: 'Retour aux formulaires de demande' }).click();
  await row(page, 'Rockland Travel Clinic').getByText('Traitée').waitFor();
  assert.ok(await row(page, 'Winchester Prenatal Classes').getByText('Ouverte').isVisible());
});

register('an administrator turns a request for dates into the calendar’s dates', async (context) => {
  const root = await seedAdminToken(context.app!);
  const calendars = await api(context, root, 'GET', '/api/calendars?lanes=1&enabled=1');
  const calendar = (
    calendars.json.items as { id: number; name: string; groupSession: boolean; lanes: unknown[] }[]
  ).find((candidate) => !candidate.groupSession && candidate.lanes.length >= 1)!;
  const wanted = [dateIn(5), `${dateIn(5).slice(0, 8)}11`];
  const created = await api(context, root, 'POST', '/api/request-forms', {
    requestType: 'requestformdates',
    calendarId: calendar.id,
    laneCount: 1,
    lanes: [lane(wanted)],
  });
  assert.is(created.status, 201, created.text);
  const requestId = created.json.id as number;

  const { email, password } = context.app!.seedAdmin;
  const page = await newPage(context, { width: 1280, height: 900 });
  await signInAs(context, page, email, password, `/admin/request-forms/${requestId}/view`);
  await page.getByRole('heading', { level: 1, name: 'Request form' }).waitFor();
  await page.getByText(calendar.name).first().waitFor();
  await page.getByRole('button', { name: 'Add these dates' }).click();
  await page.waitForURL(`**/admin/calendars/${calendar.id}/dates/batch/add`);
  await page.getByRole('heading', { level: 1, name: 'Add calendar dates' }).waitFor();
  await page.getByText('2 dates', { exact: true }).first().waitFor();
  assert.is(
    await page
      .getByRole('region', { name: 'Lane 1', exact: true })
      .getByLabel(/^Lane name/)
      .inputValue(),
    'Nurse',
  );
  await page.getByRole('button', { name: 'Save' }).click();

  await page.waitForURL(`**/admin/request-forms/${requestId}/view`);
  await seeBanner(page, 'The request has been marked as done.');
  await page.getByText('Done', { exact: true }).first().waitFor();
  const done = await api(context, root, 'GET', `/api/request-forms/${requestId}`);
  assert.is(done.json.fulfilledCalendarId, calendar.id);
  assert.equal(done.json.fulfilledDates, wanted);
  const date = await api(context, root, 'GET', `/api/calendars/${calendar.id}/dates/${wanted[0]}`);
  assert.is(date.status, 200, 'the date was added');

  // The new form: choosing an existing calendar sets the lane count from its lanes (§4.4).
  await page.goto(`${context.app!.baseUrl}/admin/request-forms/new`);
  await page.getByRole('radio', { name: 'Dates for a calendar' }).check({ force: true });
  await page.getByRole('combobox', { name: /^Calendar/ }).selectOption(String(calendar.id));
  const count = String(Math.min(4, calendar.lanes.length));
  for (let tries = 0; (await page.getByLabel(/^Number of lanes/).inputValue()) !== count && tries < 50; tries++)
    await page.waitForTimeout(100);
  assert.is(await page.getByLabel(/^Number of lanes/).inputValue(), count);
  await page.getByRole('region', { name: `Lane ${count}`, exact: true }).waitFor();
});

register('the list loads 25 requests at a time (§9), then the rest with Load More', async (context) => {
  const root = await seedAdminToken(context.app!);
  const location = await firstLocation(context, root);
  const before = await api(context, root, 'GET', '/api/request-forms?limit=1');
  const missing = Math.max(0, 26 - (before.json.total as number));
  for (let index = 0; index < missing; index++) {
    const answer = await api(context, root, 'POST', '/api/request-forms', {
      requestType: 'requestformcalendar',
      calendarName: `Bulk Clinic ${index + 1}`,
      locationId: location.id,
      enableOn: dateIn(1),
      laneCount: 1,
      lanes: [lane([dateIn(1)])],
    });
    assert.is(answer.status, 201, answer.text);
  }
  const total = Math.max(26, before.json.total as number);

  const { email, password } = context.app!.seedAdmin;
  const page = await newPage(context, { width: 1280, height: 900 });
  await signInAs(context, page, email, password, '/admin/request-forms');
  await page.getByText(`25 of ${total} requests`).waitFor();
  assert.is(await page.getByRole('row').count(), 26, 'the header and 25 requests');
  await page.getByRole('button', { name: 'Load More' }).click();
  await page.getByText(`${total} of ${total} requests`).waitFor();
  assert.is(await page.getByRole('row').count(), total + 1);
  assert.is(await page.getByRole('button', { name: 'Load More' }).count(), 0, 'nothing more to load');
});

test.run();
