import type { Browser, BrowserContext, Page } from 'playwright';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, todayIn, weekdayOf } from '../../domain/shared/plain-date';
import { formatDate, formatTime } from '../../web/src/i18n/format';
import { startTestApp, type TestApp } from '../support/app';
import { browserLifecycle } from '../support/browser';
import { newPage, row, signInAs } from '../support/admin-browser';
import { createUser, seedAdminToken, STRONG_PASSWORD } from '../support/identity';
import { calendarIdNamed, staffCall } from '../support/staff-api';

/**
 * §2.3 /admin/search in Chromium against the whole app (demo seed, the real clock): appointments booked through the
 * API found by name, sorted by a column both ways, the page size, the filters kept in the address (reload, Back),
 * the calendar filter of the calendar list as a removable tag, View opening the booking screen, a French pass, and a
 * Basic User who finds only the appointments of their calendar.
 */
interface Context {
  app?: TestApp;
  browser?: Browser;
  context?: BrowserContext;
  booked?: Booked;
}
interface Booked {
  cornwallId: number;
  hawkesburyId: number;
  cornwallDay: string;
  hawkesburyDay: string;
  ids: Record<string, number>;
}

const test = suite<Context>('e2e: admin appointment search');
const viewport = { width: 1400, height: 950 };
const cornwall = 'Cornwall Immunization Clinic';
const hawkesbury = 'Hawkesbury Immunization Clinic';

const call = (context: Context, method: string, path: string, body?: unknown, token?: string) =>
  staffCall(context.app!, method, path, body, token);
const calendarId = (context: Context, name: string) => calendarIdNamed(context.app!, name);

/** The first day after `after` whose weekday is one of `weekdays` (Cornwall opens every weekday, Hawkesbury Tue and Thu). */
function nextDay(after: string, weekdays: number[]): string {
  let date = addDays(after, 1);
  while (!weekdays.includes(weekdayOf(date))) date = addDays(date, 1);
  return date;
}

async function book(
  context: Context,
  id: number,
  date: string,
  time: string,
  firstName: string,
  lastName: string,
  token?: string,
): Promise<number> {
  const lanes = (await call(context, 'GET', `/api/calendars/${id}/dates/${date}?timeslots=1`, undefined, token))
    .lanes as { id: number }[];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const end = hours * 60 + minutes + 15;
  const endTime = `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}:00`;
  const lock = await call(
    context,
    'POST',
    '/api/locks',
    { calendarDateLaneId: lanes[0]!.id, startTime: time, endTime },
    token,
  );
  const answer = await call(
    context,
    'POST',
    '/api/appointments',
    {
      lockToken: lock.token,
      startTime: time,
      endTime,
      clientData: [{ firstName, lastName }],
      language: 'en',
      phone: '613-555-0100',
      phoneReminderType: 0,
    },
    token,
  );
  return answer.id as number;
}

/** Three appointments of a client named Zelda: two at Cornwall on one day, one at Hawkesbury on a later day. */
async function bookedOnce(context: Context): Promise<Booked> {
  if (context.booked) return context.booked;
  const today = todayIn('America/Toronto', new Date());
  const cornwallDay = nextDay(today, [1, 2, 3, 4, 5]);
  const hawkesburyDay = nextDay(cornwallDay, [2, 4]);
  const cornwallId = await calendarId(context, cornwall);
  const hawkesburyId = await calendarId(context, hawkesbury);
  const ids = {
    amber: await book(context, cornwallId, cornwallDay, '10:00:00', 'Zelda', 'Amber'),
    quartz: await book(context, cornwallId, cornwallDay, '10:15:00', 'Zelda', 'Quartz'),
    hawk: await book(context, hawkesburyId, hawkesburyDay, '08:45:00', 'Zelda', 'Hawk'),
  };
  context.booked = { cornwallId, hawkesburyId, cornwallDay, hawkesburyDay, ids };
  return context.booked;
}

/** The client names of the result rows, top to bottom. */
async function foundNames(page: Page): Promise<string[]> {
  const cells = page.locator('.search-results tbody tr td:nth-child(4)');
  return cells.allInnerTexts();
}

async function expectNames(page: Page, names: string[]) {
  await page.waitForFunction(
    (expected) =>
      [...document.querySelectorAll('.search-results tbody tr td:nth-child(4)')]
        .map((cell) => (cell as HTMLElement).innerText)
        .join('|') === expected,
    names.join('|'),
  );
  assert.equal(await foundNames(page), names);
}

/** Waits until the results show `count` rows (the previous answer stays on screen while the next one loads). */
async function rowCount(page: Page, count: number) {
  await page.waitForFunction(
    (expected) => document.querySelectorAll('.search-results tbody tr').length === expected,
    count,
  );
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
  'as root: search by name, sort both ways, page size, filters kept in the address, calendar tag, View',
  async (context) => {
    const { cornwallId, hawkesburyId, cornwallDay, ids } = await bookedOnce(context);
    const page = await newPage(context, viewport);
    await signInAs(context, page, context.app!.seedAdmin.email, context.app!.seedAdmin.password, '/admin/search');
    await page.getByRole('heading', { level: 1, name: 'Search Appointments' }).waitFor();
    assert.is(
      await page.getByLabel('Date from').inputValue(),
      todayIn('America/Toronto', new Date()),
      'from today by default',
    );
    assert.is(await page.getByLabel('Results per page').inputValue(), '50', 'page size 50 by default');

    await page.getByLabel('Client name, confirmation code or phone').fill('zelda');
    await page.getByLabel('Client name, confirmation code or phone').press('Enter');
    await page.waitForURL(/query=zelda/);
    await expectNames(page, ['Zelda Amber', 'Zelda Quartz', 'Zelda Hawk']);
    const amber = row(page, 'Zelda Amber');
    await amber.getByRole('cell', { name: formatDate('en', cornwallDay), exact: true }).waitFor();
    await amber.getByRole('cell', { name: formatTime('en', '10:00:00'), exact: true }).waitFor();
    await amber.getByRole('cell', { name: cornwall, exact: true }).waitFor();
    await row(page, 'Zelda Hawk').getByRole('cell', { name: 'Hawkesbury', exact: true }).waitFor();

    // a column header sorts ascending, then descending
    const timeHeader = page.getByRole('columnheader', { name: 'Time' });
    await timeHeader.getByRole('button').click();
    await expectNames(page, ['Zelda Hawk', 'Zelda Amber', 'Zelda Quartz']);
    assert.is(await timeHeader.getAttribute('aria-sort'), 'ascending');
    await timeHeader.getByRole('button').click();
    await expectNames(page, ['Zelda Quartz', 'Zelda Amber', 'Zelda Hawk']);
    assert.is(await timeHeader.getAttribute('aria-sort'), 'descending');
    assert.is(await page.getByRole('columnheader', { name: 'Appointment date' }).getAttribute('aria-sort'), 'none');

    // the page size, then a reload: the same search
    await page.getByLabel('Results per page').selectOption('25');
    await page.waitForURL(/pageSize=25/);
    await page.reload();
    await expectNames(page, ['Zelda Quartz', 'Zelda Amber', 'Zelda Hawk']);
    assert.is(await page.getByLabel('Results per page').inputValue(), '25');
    assert.is(await page.getByLabel('Client name, confirmation code or phone').inputValue(), 'zelda');

    // the office region narrows the list; nothing found says so
    await page.getByLabel('Office region').selectOption('Hawkesbury');
    await expectNames(page, ['Zelda Hawk']);
    await page.getByLabel('Office region').selectOption('');
    await expectNames(page, ['Zelda Quartz', 'Zelda Amber', 'Zelda Hawk']);
    await page.getByLabel('Client name, confirmation code or phone').fill('nobody-by-that-name');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No records found.').waitFor();

    // the calendar list's Search Appointments carries the calendar, shown as a tag that removes the filter
    await page.goto(`${context.app!.baseUrl}/admin/calendars`);
    await row(page, hawkesbury)
      .getByRole('button', { name: /Actions/ })
      .click();
    await page.getByRole('menuitem', { name: 'Search Appointments' }).click();
    await page.waitForURL(`**/admin/search?calendarId=${hawkesburyId}`);
    await page.getByText(`Calendar: ${hawkesbury}`).waitFor();
    await page.getByLabel('Client name, confirmation code or phone').fill('zelda');
    await page.getByLabel('Client name, confirmation code or phone').press('Enter');
    await expectNames(page, ['Zelda Hawk']);
    await page.locator('.search-filters .bp6-tag-remove').click();
    await expectNames(page, ['Zelda Amber', 'Zelda Quartz', 'Zelda Hawk']);
    assert.not.match(page.url(), /calendarId/);

    // View opens the booking screen on that date; Back returns to the same search
    await row(page, 'Zelda Amber')
      .getByRole('button', { name: /^View appointment / })
      .click();
    await page.waitForURL(`**/admin/booking?id=${cornwallId}&date=${cornwallDay}&appointmentId=${ids.amber}`);
    await page.getByRole('heading', { level: 2, name: `${cornwall} · ${formatDate('en', cornwallDay)}` }).waitFor();
    await page.goBack();
    await expectNames(page, ['Zelda Amber', 'Zelda Quartz', 'Zelda Hawk']);
  },
);

register('in French: labels, dates and times', async (context) => {
  const { cornwallDay } = await bookedOnce(context);
  const page = await newPage(context, viewport, 'fr');
  await signInAs(context, page, context.app!.seedAdmin.email, context.app!.seedAdmin.password, '/admin/search', 'fr');
  await page.getByRole('heading', { level: 1, name: 'Rechercher des rendez-vous' }).waitFor();
  await page.getByLabel('Nom du client, code de confirmation ou téléphone').fill('zelda');
  await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
  await expectNames(page, ['Zelda Amber', 'Zelda Quartz', 'Zelda Hawk']);
  await page.getByRole('columnheader', { name: 'Date du rendez-vous' }).waitFor();
  await page.getByRole('columnheader', { name: 'Région du bureau' }).waitFor();
  const amber = row(page, 'Zelda Amber');
  await amber.getByRole('cell', { name: formatDate('fr', cornwallDay), exact: true }).waitFor();
  assert.is(formatTime('fr', '10:00:00'), '10\u00a0h');
  await amber.getByRole('cell', { name: formatTime('fr', '10:00:00'), exact: true }).waitFor();
  await amber.getByRole('button', { name: /^Voir le rendez-vous / }).waitFor();
  assert.is(await page.getByLabel('Résultats par page').inputValue(), '50');
  await page.getByLabel('Nom du client, code de confirmation ou téléphone').fill('personne');
  await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
  await page.getByText('Aucun enregistrement trouvé.').waitFor();
});

register('a Basic User finds only the appointments of the calendars given to them', async (context) => {
  const { cornwallId } = await bookedOnce(context);
  const root = await seedAdminToken(context.app!);
  const email = 'sam.search@example.com';
  const userId = await createUser(context.app!.baseUrl, root, {
    email,
    firstName: 'Sam',
    lastName: 'Search',
    roles: ['ROLE_USER'],
    password: STRONG_PASSWORD,
  });
  await call(context, 'PUT', `/api/calendars/${cornwallId}/users`, { userIds: [userId] }, root);
  const page = await newPage(context, viewport);
  await signInAs(context, page, email, STRONG_PASSWORD, '/admin/search');
  await page.getByLabel('Client name, confirmation code or phone').fill('zelda');
  await page.getByLabel('Client name, confirmation code or phone').press('Enter');
  await expectNames(page, ['Zelda Amber', 'Zelda Quartz']);
});

register('paging: 26 found, 25 a page, Page 2 and Previous', async (context) => {
  const { cornwallId, hawkesburyDay } = await bookedOnce(context);
  const root = await seedAdminToken(context.app!);
  // Nurse 1 of the Cornwall clinic: 08:45 to 15:00 with a break from 12:00 to 13:00, 21 slots a day
  const times = Array.from({ length: 25 }, (_, index) => 8 * 60 + 45 + index * 15)
    .filter((minutes) => minutes < 12 * 60 || minutes >= 13 * 60)
    .map(
      (minutes) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`,
    );
  const days = [
    nextDay(hawkesburyDay, [1, 2, 3, 4, 5]),
    nextDay(nextDay(hawkesburyDay, [1, 2, 3, 4, 5]), [1, 2, 3, 4, 5]),
  ];
  const slots = days.flatMap((day) => times.map((time) => [day, time] as const)).slice(0, 26);
  for (const [index, [day, time]] of slots.entries())
    await book(context, cornwallId, day, time, 'Pia', `Pager${String(index).padStart(2, '0')}`, root);

  const page = await newPage(context, viewport);
  await signInAs(context, page, context.app!.seedAdmin.email, context.app!.seedAdmin.password, '/admin/search');
  await page.getByLabel('Client name, confirmation code or phone').fill('pager');
  await page.getByLabel('Client name, confirmation code or phone').press('Enter');
  await page.waitForURL(/query=pager/);
  await rowCount(page, 26);
  assert.is(await page.getByRole('navigation', { name: 'Pages' }).count(), 0, 'no pages to choose from');

  await page.getByLabel('Results per page').selectOption('25');
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await pages.waitFor();
  await rowCount(page, 25);
  assert.is(await pages.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current'), 'page');
  await pages.getByRole('button', { name: 'Page 2' }).click();
  await expectNames(page, ['Pia Pager25']);
  await page.waitForURL(/page=2/);
  assert.is(await pages.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current'), 'page');
  assert.ok(await pages.getByRole('button', { name: 'Next page' }).isDisabled(), 'no page after the last');
  await pages.getByRole('button', { name: 'Previous page' }).click();
  await rowCount(page, 25);
  assert.equal((await foundNames(page)).slice(0, 2), ['Pia Pager00', 'Pia Pager01']);

  // An address asking for a page past the last (a bookmark, Back after deletions) shows the last page.
  await page.goto(`${context.app!.baseUrl}/admin/search?${new URL(page.url()).searchParams.toString()}&page=9`);
  await expectNames(page, ['Pia Pager25']);
  await page.waitForURL(/page=2/);
  assert.is(await pages.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current'), 'page');
});

test.run();
