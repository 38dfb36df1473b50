import type { Browser, BrowserContext, Page } from 'playwright';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, addMonths, todayIn } from '../../domain/shared/plain-date';
import { formatDate } from '../../web/src/i18n/format';
import { startTestApp, type TestApp } from '../support/app';
import { browserLifecycle } from '../support/browser';
import { newPage, signInAs, type AdminLanguage } from '../support/admin-browser';
import { request } from '../support/http';
import { bearer, createUser, signIn, STRONG_PASSWORD } from '../support/identity';

/**
 * §2.3 /admin, the Calendar Overview, in Chromium against the whole app (demo seed, sign-in code off, the real
 * clock): the month grid of the calendars that have dates, Previous and Next month, the category and region filters,
 * the modal of a date (its figures, its capacity bar and the buttons of each role), a group session, a phone and
 * French. The calendars and dates are made through the API, on dates from today (in the unit's time zone) on.
 */
interface Fixtures {
  today: string;
  thisMonth: string;
  nextMonth: string;
  /** Dates of the next month. */
  nextOpen: string;
  nextDisabled: string;
  cornwall: { id: number; name: string };
  hawkesbury: { id: number; name: string };
  course: { id: number; name: string; seriesId: number };
}

interface Context {
  app?: TestApp;
  browser?: Browser;
  context?: BrowserContext;
  fixtures?: Fixtures;
}

const test = suite<Context>('e2e: admin calendar overview');

const NBSP = '\u00a0';
const monthNames: Record<AdminLanguage, string[]> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  fr: [
    'Janvier',
    'Février',
    'Mars',
    'Avril',
    'Mai',
    'Juin',
    'Juillet',
    'Août',
    'Septembre',
    'Octobre',
    'Novembre',
    'Décembre',
  ],
};
const monthTitle = (language: AdminLanguage, first: string) =>
  `${monthNames[language][Number(first.slice(5, 7)) - 1]} ${first.slice(0, 4)}`;

const morning = {
  name: 'Staff 1',
  startTime: '09:00:00',
  endTime: '12:00:00',
  durations: [{ value: 900, label: '15 min', isDefault: true }],
  slotInterval: 900,
};
const afternoon = {
  name: 'Staff 2',
  startTime: '13:00:00',
  endTime: '16:30:00',
  durations: [{ value: 900, label: '15 min', isDefault: true }],
  slotInterval: 900,
};

async function rootToken(context: Context): Promise<string> {
  return signIn(context.app!.baseUrl, context.app!.seedAdmin.email, context.app!.seedAdmin.password);
}

async function call(context: Context, token: string, method: string, path: string, body?: unknown) {
  const answer = await request(context.app!.baseUrl, method, path, body, bearer(token));
  if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status} ${answer.text}`);
  return answer.json;
}

/** The calendars and dates of the suite, made once through the API. */
async function fixtures(context: Context): Promise<Fixtures> {
  if (context.fixtures) return context.fixtures;
  const token = await rootToken(context);
  const locations = (await call(context, token, 'GET', '/api/locations')).items as {
    id: number;
    officeRegion: string;
  }[];
  const categories = (await call(context, token, 'GET', '/api/categories')).items as { id: number; name: string }[];
  const locationId = (region: string) => locations.find((location) => location.officeRegion === region)!.id;
  const categoryId = (name: string) => categories.find((category) => category.name === name)!.id;
  const createCalendar = async (body: Record<string, unknown>): Promise<number> =>
    (await call(context, token, 'POST', '/api/calendars', { enabled: true, ...body })).id as number;
  const addDates = (calendarId: number, body: Record<string, unknown>) =>
    call(context, token, 'POST', `/api/batch/calendars/${calendarId}/dates`, body);

  const today = todayIn('America/Toronto', new Date());
  const thisMonth = `${today.slice(0, 7)}-01`;
  const nextMonth = addMonths(thisMonth, 1);
  const nextOpen = addDays(nextMonth, 9);
  const nextDisabled = addDays(nextMonth, 11);

  const cornwallName = 'Overview Cornwall Clinic';
  const cornwall = await createCalendar({
    name: cornwallName,
    locationId: locationId('Cornwall'),
    categoryId: categoryId('Immunization'),
    lanes: [morning, afternoon],
  });
  await addDates(cornwall, { dates: [today, nextOpen], lanes: [morning, afternoon], enabled: true });
  await addDates(cornwall, { dates: [nextDisabled], lanes: [morning], enabled: false });

  const hawkesburyName = 'Overview Hawkesbury Travel';
  const hawkesbury = await createCalendar({
    name: hawkesburyName,
    locationId: locationId('Hawkesbury'),
    categoryId: categoryId('Travel Health'),
    lanes: [morning],
  });
  await addDates(hawkesbury, { dates: [today], lanes: [morning], enabled: true });

  const courseName = 'Overview Rockland Course';
  const course = await createCalendar({
    name: courseName,
    locationId: locationId('Rockland'),
    categoryId: categoryId('Prenatal and Parenting'),
    groupSession: true,
    spots: 8,
    lanes: [morning],
  });
  await addDates(course, { dates: [today], lanes: [morning], enabled: true, deadline: today, spots: 8 });
  const series = (await call(context, token, 'GET', `/api/calendars/${course}/group-session-series`)).items as {
    id: number;
  }[];
  assert.is(series.length, 1, 'the course has one series');

  context.fixtures = {
    today,
    thisMonth,
    nextMonth,
    nextOpen,
    nextDisabled,
    cornwall: { id: cornwall, name: cornwallName },
    hawkesbury: { id: hawkesbury, name: hawkesburyName },
    course: { id: course, name: courseName, seriesId: series[0]!.id },
  };
  return context.fixtures;
}

const day = (page: Page, date: string) => page.locator(`td[data-date="${date}"]`);
const entry = (page: Page, date: string, name: string) => day(page, date).getByRole('button', { name });
const monthHeading = (page: Page) => page.locator('.overview-month h2');
const regionButton = (page: Page, name: string) =>
  page.getByRole('group', { name: /Office region|Région du bureau/ }).getByRole('button', { name, exact: true });

/** The value shown beside a label in the modal. */
async function stat(page: Page, label: string): Promise<string> {
  const dialog = page.getByRole('dialog');
  return (
    await dialog
      .locator('.overview-stat')
      .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
      .locator('dd')
      .innerText()
  ).trim();
}

async function stats(page: Page, labels: string[]): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const label of labels) values[label] = await stat(page, label);
  return values;
}

const register = browserLifecycle(test, {
  start: async (context) => {
    context.app = await startTestApp();
  },
  stop: async (context) => {
    await context.app?.stop();
  },
});

register(
  'an administrator sees the calendars of this month, moves between months and filters by region and category',
  async (context) => {
    const f = await fixtures(context);
    const { email, password } = context.app!.seedAdmin;
    const page = await newPage(context, { width: 1280, height: 900 });
    await signInAs(context, page, email, password, '/admin');

    await page.getByRole('heading', { level: 1, name: 'Calendar Overview' }).waitFor();
    assert.is(
      (await monthHeading(page).innerText()).trim(),
      monthTitle('en', f.thisMonth),
      'it opens on the current month',
    );
    assert.is(await page.locator('td.overview-day').count(), 42, '6 rows of 7 days');
    assert.is(await page.locator('.overview-grid tbody tr').count(), 6);
    assert.is(await day(page, f.today).getAttribute('aria-current'), 'date', 'today is marked');
    await entry(page, f.today, f.cornwall.name).waitFor();
    await entry(page, f.today, f.hawkesbury.name).waitFor();
    await entry(page, f.today, f.course.name).waitFor();
    const weekdays = await page.locator('.overview-grid thead th').allInnerTexts();
    assert.equal(weekdays.length, 7);
    assert.is(weekdays[0]!.trim(), 'Sun', 'weeks start on Sunday');
    // Days of the other months are muted.
    const first = page.locator('td.overview-day').first();
    if ((await first.getAttribute('data-date')) !== f.thisMonth)
      assert.match((await first.getAttribute('class'))!, /overview-day-outside/);
    assert.not.match((await day(page, f.thisMonth).getAttribute('class'))!, /overview-day-outside/);

    // The region buttons, each in its own colour; a region narrows the grid (and is sent to the API).
    const regionNames = [
      'All Regions',
      'Alexandria',
      'Casselman',
      'Cornwall',
      'Hawkesbury',
      'Rockland',
      'Winchester',
      'PR',
      'SDG',
      'Virtual',
    ];
    const colours = new Set<string>();
    for (const name of regionNames) {
      const button = regionButton(page, name);
      assert.ok(await button.isVisible(), `${name} button`);
      colours.add(await button.evaluate((element) => getComputedStyle(element).color));
    }
    assert.is(colours.size, regionNames.length, 'each region button has its own colour');
    assert.is(await regionButton(page, 'All Regions').getAttribute('aria-pressed'), 'true');
    const stripe = (name: string) =>
      entry(page, f.today, name).evaluate((element) => getComputedStyle(element).borderLeftColor);
    const hawkesburyColour = await regionButton(page, 'Hawkesbury').evaluate(
      (element) => getComputedStyle(element).color,
    );
    assert.is(await stripe(f.hawkesbury.name), hawkesburyColour, 'an entry carries its region’s colour');
    assert.is.not(await stripe(f.cornwall.name), hawkesburyColour);

    const dashboardCall = page.waitForRequest(
      (req) => req.url().includes('/api/dashboard') && req.url().includes('region=Hawkesbury'),
    );
    await regionButton(page, 'Hawkesbury').click();
    await dashboardCall;
    await entry(page, f.today, f.cornwall.name).waitFor({ state: 'detached' });
    await entry(page, f.today, f.hawkesbury.name).waitFor();
    assert.is(await entry(page, f.today, f.course.name).count(), 0);
    assert.is(await regionButton(page, 'Hawkesbury').getAttribute('aria-pressed'), 'true');
    assert.is(await regionButton(page, 'All Regions').getAttribute('aria-pressed'), 'false');
    assert.match(page.url(), /region=Hawkesbury/, 'the filter is kept in the address');
    await regionButton(page, 'Cornwall').click();
    await entry(page, f.today, f.hawkesbury.name).waitFor({ state: 'detached' });
    await entry(page, f.today, f.cornwall.name).waitFor();
    await regionButton(page, 'All Regions').click();
    await entry(page, f.today, f.hawkesbury.name).waitFor();
    await entry(page, f.today, f.cornwall.name).waitFor();

    // The category filter: All categories and each category.
    const select = page.getByLabel('Category');
    const options = (await select.locator('option').allInnerTexts()).map((text) => text.trim());
    assert.is(options[0], 'All categories');
    for (const name of ['Immunization', 'Prenatal and Parenting', 'Travel Health'])
      assert.ok(options.includes(name), `${name} offered`);
    await select.selectOption({ label: 'Travel Health' });
    await entry(page, f.today, f.cornwall.name).waitFor({ state: 'detached' });
    await entry(page, f.today, f.hawkesbury.name).waitFor();
    assert.is(await entry(page, f.today, f.course.name).count(), 0);
    // Category and region together: nothing of Travel Health in Cornwall.
    await regionButton(page, 'Cornwall').click();
    await entry(page, f.today, f.hawkesbury.name).waitFor({ state: 'detached' });
    await select.selectOption({ label: 'All categories' });
    await regionButton(page, 'All Regions').click();
    await entry(page, f.today, f.cornwall.name).waitFor();

    // Next month: its dates, a disabled one marked; then back.
    await page.getByRole('button', { name: 'Next month' }).click();
    await monthHeading(page).getByText(monthTitle('en', f.nextMonth)).waitFor();
    await entry(page, f.nextOpen, f.cornwall.name).waitFor();
    const disabled = entry(page, f.nextDisabled, f.cornwall.name);
    await disabled.waitFor();
    assert.is((await disabled.textContent())!.trim(), `${f.cornwall.name} (Disabled)`, 'a disabled date says so');
    assert.match((await disabled.getAttribute('class'))!, /overview-entry-disabled/);
    assert.is(
      await disabled
        .locator('.overview-entry-name')
        .evaluate((element) => getComputedStyle(element).textDecorationLine),
      'line-through',
    );
    assert.is(
      await entry(page, f.nextOpen, f.cornwall.name).locator('.visually-hidden').count(),
      0,
      'an enabled date does not',
    );
    await page.getByRole('button', { name: 'This month' }).waitFor();
    await page.getByRole('button', { name: 'Previous month' }).click();
    await monthHeading(page).getByText(monthTitle('en', f.thisMonth)).waitFor();
    await entry(page, f.today, f.cornwall.name).waitFor();
    assert.is(await page.getByRole('button', { name: 'This month' }).count(), 0, 'already on this month');

    // The month before has no dates (they cannot be in the past): a quiet note.
    await page.getByRole('button', { name: 'Previous month' }).click();
    await monthHeading(page)
      .getByText(monthTitle('en', addMonths(f.thisMonth, -1)))
      .waitFor();
    await page.getByText('No calendar dates this month.').waitFor();
    await page.getByRole('button', { name: 'This month' }).click();
    await monthHeading(page).getByText(monthTitle('en', f.thisMonth)).waitFor();
    assert.is(await page.getByText('No calendar dates this month.').count(), 0);
  },
);

register(
  'the modal shows a date’s figures and capacity; an administrator opens Edit Calendar Date',
  async (context) => {
    const f = await fixtures(context);
    const { email, password } = context.app!.seedAdmin;
    const page = await newPage(context, { width: 1280, height: 900 });
    await signInAs(context, page, email, password, '/admin');

    await entry(page, f.today, f.cornwall.name).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: f.cornwall.name }).waitFor();
    assert.ok(await dialog.getByText(formatDate('en', f.today), { exact: true }).isVisible(), 'the date');
    assert.ok(await dialog.getByText('0% full').isVisible());
    const bar = dialog.getByRole('progressbar');
    assert.is(await bar.getAttribute('aria-valuenow'), '0');
    assert.match((await bar.getAttribute('class'))!, /bp6-intent-success/, 'green under 50 percent');
    assert.equal(
      await stats(page, [
        'Location',
        'Start time',
        'End time',
        'First appointment',
        'Last appointment',
        'Clients',
        'Booked slots',
        'Total slots',
        'Staff',
      ]),
      {
        Location: 'Cornwall Office',
        'Start time': `9:00${NBSP}a.m.`,
        'End time': `4:30${NBSP}p.m.`,
        'First appointment': 'None',
        'Last appointment': 'None',
        Clients: '0',
        'Booked slots': '0',
        'Total slots': '26',
        Staff: '2',
      },
    );
    assert.is(await dialog.getByText('Total spots').count(), 0, 'no spots outside group sessions');
    assert.is(await dialog.getByRole('button', { name: 'View Registrations' }).count(), 0);
    const viewAppointments = dialog.getByRole('button', { name: 'View Appointments' });
    assert.is(
      await viewAppointments.getAttribute('href'),
      `/admin/booking?id=${f.cornwall.id}&date=${f.today}`,
      'an administrator has access',
    );

    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Edit Calendar Date goes to the date editor.
    await entry(page, f.today, f.cornwall.name).click();
    await dialog.getByRole('button', { name: 'Edit Calendar Date' }).click();
    await page.waitForURL(`**/admin/calendars/${f.cornwall.id}/dates/${f.today}/edit`);
    await page.getByRole('dialog').waitFor({ state: 'detached' }); // the modal is gone

    // The capacity bar's colours (§9 thresholds 50 and 80), with the figures of the answer changed on the way.
    await page.route('**/api/dashboard?*', async (route) => {
      const response = await route.fetch();
      const answer = (await response.json()) as { items: { calendarName: string; capacity: number }[] };
      const capacity: Record<string, number> = { [f.cornwall.name]: 50, [f.hawkesbury.name]: 79, [f.course.name]: 80 };
      await route.fulfill({
        response,
        json: {
          items: answer.items.map((item) => ({ ...item, capacity: capacity[item.calendarName] ?? item.capacity })),
        },
      });
    });
    await page.goto(`${context.app!.baseUrl}/admin`);
    for (const [name, percent, intent] of [
      [f.cornwall.name, 50, 'warning'],
      [f.hawkesbury.name, 79, 'warning'],
      [f.course.name, 80, 'danger'],
    ] as const) {
      await entry(page, f.today, name).click();
      await dialog.getByText(`${percent}% full`).waitFor();
      assert.match(
        (await dialog.getByRole('progressbar').getAttribute('class'))!,
        new RegExp(`bp6-intent-${intent}`),
        `${percent}% is ${intent}`,
      );
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
  },
);

register('a group session shows its spots and View Registrations', async (context) => {
  const f = await fixtures(context);
  const { email, password } = context.app!.seedAdmin;
  const page = await newPage(context, { width: 1280, height: 900 });
  await signInAs(context, page, email, password, '/admin');

  await entry(page, f.today, f.course.name).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: f.course.name }).waitFor();
  assert.ok(await dialog.getByText('Group session', { exact: true }).isVisible());
  assert.equal(
    await stats(page, ['Location', 'Start time', 'End time', 'Total spots', 'Spots available', 'Registrations']),
    {
      Location: 'Rockland Office',
      'Start time': `9:00${NBSP}a.m.`,
      'End time': `12:00${NBSP}p.m.`,
      'Total spots': '8',
      'Spots available': '8',
      Registrations: '0',
    },
  );
  for (const label of ['Clients', 'Booked slots', 'Total slots', 'Staff', 'First appointment'])
    assert.is(await dialog.locator('dt', { hasText: new RegExp(`^${label}$`) }).count(), 0, `no ${label}`);
  assert.is(await dialog.getByRole('button', { name: 'Edit Calendar Date' }).count(), 0);
  assert.is(await dialog.getByRole('button', { name: 'View Appointments' }).count(), 0);
  await dialog.getByRole('button', { name: 'View Registrations' }).click();
  await page.waitForURL(`**/admin/calendars/${f.course.id}/group-session-series/${f.course.seriesId}`);
});

register(
  'a Basic User sees no Edit Calendar Date, and View Appointments only with access to the calendar',
  async (context) => {
    const f = await fixtures(context);
    const root = await rootToken(context);
    const userId = await createUser(context.app!.baseUrl, root, {
      email: 'bea.basic@example.com',
      firstName: 'Bea',
      lastName: 'Basic',
      roles: ['ROLE_USER'],
      password: STRONG_PASSWORD,
    });
    const page = await newPage(context, { width: 1280, height: 900 });
    await signInAs(context, page, 'bea.basic@example.com', STRONG_PASSWORD, '/admin');

    await page.getByRole('heading', { level: 1, name: 'Calendar Overview' }).waitFor();
    // The category filter works for a Basic User too (GET /api/categories is open to staff).
    await page.getByLabel('Category').locator('option', { hasText: 'Travel Health' }).waitFor({ state: 'attached' });
    await entry(page, f.today, f.cornwall.name).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: f.cornwall.name }).waitFor();
    await dialog.getByText('0% full').waitFor();
    assert.is(await dialog.getByRole('button', { name: 'Edit Calendar Date' }).count(), 0, 'not an administrator');
    assert.is(await dialog.getByRole('button', { name: 'View Appointments' }).count(), 0, 'no access to the calendar');
    assert.ok(await dialog.getByRole('button', { name: 'Close' }).isVisible());
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    await entry(page, f.today, f.course.name).click();
    await dialog.getByRole('heading', { name: f.course.name }).waitFor();
    assert.is(await dialog.getByRole('button', { name: 'View Registrations' }).count(), 0, 'administrators only');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Given access to the calendar, View Appointments appears.
    await call(context, root, 'PUT', `/api/calendars/${f.cornwall.id}/users`, { userIds: [userId] });
    await page.reload();
    await entry(page, f.today, f.cornwall.name).click();
    await dialog.getByRole('heading', { name: f.cornwall.name }).waitFor();
    await dialog.getByRole('button', { name: 'View Appointments' }).waitFor();
    assert.is(await dialog.getByRole('button', { name: 'Edit Calendar Date' }).count(), 0);
    await call(context, root, 'PUT', `/api/calendars/${f.cornwall.id}/users`, { userIds: [] });
  },
);

register('in French on a phone: the month as a list of days, the filters and the modal', async (context) => {
  const f = await fixtures(context);
  const { email, password } = context.app!.seedAdmin;
  const page = await newPage(context, { width: 390, height: 844 }, 'fr');
  await signInAs(context, page, email, password, '/admin', 'fr');

  await page.getByRole('heading', { level: 1, name: 'Aperçu des calendriers' }).waitFor();
  assert.is((await monthHeading(page).innerText()).trim(), monthTitle('fr', f.thisMonth));
  await entry(page, f.today, f.cornwall.name).waitFor();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(overflow <= 0, `nothing scrolls sideways (${overflow}px)`);
  // Only the days with dates are listed, each with its weekday.
  assert.ok(await day(page, f.today).isVisible());
  const emptyDay = page.locator('td.overview-day-empty').first();
  assert.not.ok(await emptyDay.isVisible(), 'an empty day is not listed');
  assert.ok(await day(page, f.today).locator('.overview-day-weekday').isVisible());
  for (const name of ['Toutes les régions', 'Cornwall', 'Virtuel'])
    assert.ok(await regionButton(page, name).isVisible(), name);
  assert.is((await page.getByLabel('Catégorie').locator('option').first().innerText()).trim(), 'Toutes les catégories');

  await regionButton(page, 'Hawkesbury').click();
  await entry(page, f.today, f.cornwall.name).waitFor({ state: 'detached' });
  await regionButton(page, 'Toutes les régions').click();

  await entry(page, f.today, f.cornwall.name).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: f.cornwall.name }).waitFor();
  assert.ok(await dialog.getByText(formatDate('fr', f.today), { exact: true }).isVisible());
  assert.ok(await dialog.getByText(`Rempli à 0${NBSP}%`).isVisible());
  assert.equal(
    await stats(page, [
      'Emplacement',
      'Heure de début',
      'Heure de fin',
      'Premier rendez-vous',
      'Clients',
      'Plages réservées',
      'Plages au total',
      'Membres du personnel',
    ]),
    {
      Emplacement: 'Bureau de Cornwall',
      'Heure de début': `9${NBSP}h`,
      'Heure de fin': `16${NBSP}h${NBSP}30`,
      'Premier rendez-vous': 'Aucun',
      Clients: '0',
      'Plages réservées': '0',
      'Plages au total': '26',
      'Membres du personnel': '2',
    },
  );
  for (const name of ['Modifier la date du calendrier', 'Voir les rendez-vous', 'Fermer'])
    assert.ok(await dialog.getByRole('button', { name }).isVisible(), name);
  const box = await dialog.boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 390, 'the modal fits the phone');
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await dialog.waitFor({ state: 'detached' });

  await page.getByRole('button', { name: 'Mois suivant' }).click();
  await monthHeading(page).getByText(monthTitle('fr', f.nextMonth)).waitFor();
  const disabled = entry(page, f.nextDisabled, f.cornwall.name);
  assert.is((await disabled.textContent())!.trim(), `${f.cornwall.name} (Désactivée)`);
  await entry(page, f.nextOpen, f.cornwall.name).click();
  await dialog.getByText(formatDate('fr', f.nextOpen), { exact: true }).waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Mois précédent' }).click();
  await page.getByRole('button', { name: 'Mois précédent' }).click();
  await page.getByText('Aucune date de calendrier ce mois-ci.').waitFor();
});

register('a failed load shows the error in red and Try again', async (context) => {
  const f = await fixtures(context);
  const { email, password } = context.app!.seedAdmin;
  const page = await newPage(context, { width: 1280, height: 900 });
  let fail = true;
  await page.route('**/api/dashboard?*', async (route) => {
    if (fail) await route.fulfill({ status: 500, json: { error: 'INTERNAL_ERROR', detail: 'boom' } });
    else await route.continue();
  });
  await signInAs(context, page, email, password, '/admin');
  const alert = page.getByRole('alert').filter({ hasText: 'An error occurred on the server. Please try again later.' });
  await alert.waitFor();
  assert.match((await alert.getAttribute('class'))!, /bp6-intent-danger/);
  assert.is(await page.getByText('No calendar dates this month.').count(), 0, 'a failure is not an empty month');
  fail = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await entry(page, f.today, f.cornwall.name).waitFor();
  await alert.waitFor({ state: 'detached' });
});

test.run();
