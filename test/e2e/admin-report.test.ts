import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, addMonths, todayIn, weekdayOf } from '../../domain/shared/plain-date';
import { shortDate } from '../../web/src/shared/dateText';
import { birthDate } from '../../web/src/features/report/reportDates';
import { startTestApp, type TestApp } from '../support/app';
import { browserLifecycle } from '../support/browser';
import { checkSurely, newPage, row, signInAs } from '../support/admin-browser';
import { createUser, seedAdminToken, STRONG_PASSWORD } from '../support/identity';
import { calendarIdNamed, staffCall } from '../support/staff-api';

/**
 * §2.3 /admin/report in Chromium against the whole app (demo seed, the real clock): clients booked through the API
 * with dates of birth; the form's defaults (§9 ages), its §5 checks, the count and the table, the age bounds, the
 * report kept in the address, the CSV download; a French pass as a Calendar Administrator with the dates the wrong
 * way round; a Basic User is refused the screen.
 */
interface Context {
  app?: TestApp;
  browser?: Browser;
  context?: BrowserContext;
  booked?: Booked;
}
interface Booked {
  cornwallDay: string;
  hawkesburyDay: string;
  sixMonths: string;
  fourYears: string;
}

const test = suite<Context>('e2e: admin report');
const viewport = { width: 1400, height: 950 };
const cornwall = 'Cornwall Immunization Clinic';
const hawkesbury = 'Hawkesbury Immunization Clinic';

/** The first day after `after` whose weekday is one of `weekdays`. */
function nextDay(after: string, weekdays: number[]): string {
  let date = addDays(after, 1);
  while (!weekdays.includes(weekdayOf(date))) date = addDays(date, 1);
  return date;
}

async function book(context: Context, name: string, date: string, time: string, dateOfBirth: string) {
  const id = await calendarIdNamed(context.app!, name);
  const lanes = (await staffCall(context.app!, 'GET', `/api/calendars/${id}/dates/${date}?timeslots=1`)).lanes as {
    id: number;
  }[];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const end = hours * 60 + minutes + 15;
  const endTime = `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}:00`;
  const lock = await staffCall(context.app!, 'POST', '/api/locks', {
    calendarDateLaneId: lanes[0]!.id,
    startTime: time,
    endTime,
  });
  await staffCall(context.app!, 'POST', '/api/appointments', {
    lockToken: lock.token,
    startTime: time,
    endTime,
    clientData: [{ firstName: 'Report', lastName: `Client ${time}`, dateOfBirth }],
    language: 'en',
    phone: '613-555-0100',
    phoneReminderType: 0,
  });
}

/** At Cornwall: a client of 6 months, one of 1 month, one without a date of birth; at Hawkesbury, one of 4 years. */
async function bookedOnce(context: Context): Promise<Booked> {
  if (context.booked) return context.booked;
  const today = todayIn('America/Toronto', new Date());
  const cornwallDay = nextDay(today, [1, 2, 3, 4, 5]);
  const hawkesburyDay = nextDay(cornwallDay, [2, 4]);
  const sixMonths = addMonths(cornwallDay, -6);
  const fourYears = addMonths(hawkesburyDay, -48);
  await book(context, cornwall, cornwallDay, '10:00:00', sixMonths);
  await book(context, cornwall, cornwallDay, '10:15:00', addMonths(cornwallDay, -1));
  await book(context, cornwall, cornwallDay, '10:30:00', '');
  await book(context, hawkesbury, hawkesburyDay, '08:45:00', fourYears);
  context.booked = { cornwallDay, hawkesburyDay, sixMonths, fourYears };
  return context.booked;
}

/** The table's rows, top to bottom, as "calendar | date | date of birth". */
async function tableRows(page: Page, expected: string[]) {
  await page.waitForFunction(
    (wanted) =>
      [...document.querySelectorAll('.report-table tbody tr')]
        .map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText).join(' | '))
        .join('\n') === wanted,
    expected.join('\n'),
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
  'as root: defaults, required calendars, the count and the table, age bounds, the address, CSV',
  async (context) => {
    const { cornwallDay, hawkesburyDay, sixMonths, fourYears } = await bookedOnce(context);
    const page = await newPage(context, viewport);
    await signInAs(context, page, context.app!.seedAdmin.email, context.app!.seedAdmin.password, '/admin/report');
    await page.getByRole('heading', { level: 1, name: 'Report' }).waitFor();
    const minAge = page.getByLabel('Minimum age');
    const maxAge = page.getByLabel('Maximum age');
    assert.is(await minAge.inputValue(), '2', '§9 default minimum: 2 months');
    assert.is(await maxAge.inputValue(), '780', '§9 default maximum: 780 months');
    assert.is(await minAge.locator('option:checked').innerText(), '2 months');
    assert.is(await maxAge.locator('option:checked').innerText(), '65 years');
    assert.equal(
      await minAge.locator('option').allInnerTexts(),
      [
        '2 months',
        '4 months',
        '6 months',
        '12 months',
        '15 months',
        '18 months',
        '2 years',
        '4 years',
        '6 years',
        '14 years',
        '16 years',
        '24 years',
        '65 years',
      ],
      '§9 age choices',
    );
    assert.not.ok(
      (await page.getByRole('group', { name: 'Calendars' }).innerText()).includes('Rockland Prenatal Classes'),
      'a course has no dated appointments: not offered',
    );

    await page.getByRole('button', { name: 'Show Report' }).click();
    await page.getByText('Choose at least one calendar.').waitFor();
    await checkSurely(page.getByRole('checkbox', { name: cornwall }));
    await checkSurely(page.getByRole('checkbox', { name: hawkesbury }));
    await page.getByLabel('Start date').fill(cornwallDay);
    await page.getByLabel('End date').fill(hawkesburyDay);
    await page.getByRole('button', { name: 'Show Report' }).click();
    await page.getByText('2 records found').waitFor();
    await tableRows(page, [
      `${cornwall} | ${shortDate('en', cornwallDay)} | ${birthDate('en', sixMonths)}`,
      `${hawkesbury} | ${shortDate('en', hawkesburyDay)} | ${birthDate('en', fourYears)}`,
    ]);
    assert.equal(await page.getByRole('columnheader').allInnerTexts(), [
      'Calendar',
      'Appointment date',
      'Date of birth',
    ]);

    // the bounds: from 4 years, then a minimum above the maximum is refused on the spot
    await minAge.selectOption({ label: '4 years' });
    await page.getByRole('button', { name: 'Show Report' }).click();
    await page.getByText('1 record found').waitFor();
    await tableRows(page, [`${hawkesbury} | ${shortDate('en', hawkesburyDay)} | ${birthDate('en', fourYears)}`]);
    await maxAge.selectOption({ label: '2 years' });
    await page.getByRole('button', { name: 'Show Report' }).click();
    await page.getByText('The minimum age cannot be above the maximum age.').waitFor();
    assert.is(await minAge.getAttribute('aria-invalid'), 'true');
    await maxAge.selectOption({ label: '6 years' });
    await page.getByText('The minimum age cannot be above the maximum age.').waitFor({ state: 'detached' });

    // the report asked for is in the address: a reload shows it again
    await page.waitForURL(/minAgeMonths=48/);
    await page.reload();
    await page.getByText('1 record found').waitFor();
    assert.is(await minAge.inputValue(), '48');
    assert.ok(await page.getByRole('checkbox', { name: hawkesbury }).isChecked());

    // the CSV file holds the same rows
    await minAge.selectOption({ label: '2 months' });
    await maxAge.selectOption({ label: '65 years' });
    await page.getByRole('button', { name: 'Show Report' }).click();
    await page.getByText('2 records found').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    assert.is(download.suggestedFilename(), `report-${cornwallDay}-${hawkesburyDay}.csv`);
    const bytes = await readFile((await download.path())!);
    assert.equal([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 byte order mark');
    assert.is(
      bytes.subarray(3).toString('utf8'),
      'Calendar,Appointment date,Date of birth\r\n' +
        `${cornwall},${cornwallDay},${sixMonths}\r\n` +
        `${hawkesbury},${hawkesburyDay},${fourYears}\r\n`,
    );
  },
);

register(
  'in French, as a Calendar Administrator: select all, dates the wrong way round, French CSV',
  async (context) => {
    const { cornwallDay, hawkesburyDay, sixMonths, fourYears } = await bookedOnce(context);
    await createUser(context.app!.baseUrl, await seedAdminToken(context.app!), {
      email: 'rapport.admin@example.com',
      roles: ['ROLE_ADMIN'],
      password: STRONG_PASSWORD,
    });
    const page = await newPage(context, viewport, 'fr');
    await signInAs(context, page, 'rapport.admin@example.com', STRONG_PASSWORD, '/admin/report', 'fr');
    await page.getByRole('heading', { level: 1, name: 'Rapport' }).waitFor();
    assert.is(await page.getByLabel('Âge minimum').locator('option:checked').innerText(), '2 mois');
    assert.is(await page.getByLabel('Âge maximum').locator('option:checked').innerText(), '65 ans');
    await page.getByRole('button', { name: 'Tout sélectionner' }).click();
    // every calendar but the course: Cornwall, Hawkesbury and the disabled Winchester clinic
    await page.getByText(/3 calendriers choisis\.$/).waitFor();
    assert.ok(await page.getByRole('checkbox', { name: cornwall }).isChecked());
    await page.getByLabel('Date de début').fill(hawkesburyDay);
    await page.getByLabel('Date de fin').fill(cornwallDay);
    await page.getByRole('button', { name: 'Afficher le rapport' }).click();
    await page.getByText('2 dossiers trouvés').waitFor();
    await tableRows(page, [
      `${cornwall} | ${shortDate('fr', cornwallDay)} | ${birthDate('fr', sixMonths)}`,
      `${hawkesbury} | ${shortDate('fr', hawkesburyDay)} | ${birthDate('fr', fourYears)}`,
    ]);
    assert.equal(await page.getByRole('columnheader').allInnerTexts(), [
      'Calendrier',
      'Date du rendez-vous',
      'Date de naissance',
    ]);
    await row(page, hawkesbury).waitFor();

    await page.getByLabel('Âge minimum').selectOption({ label: '6 ans' });
    await page.getByRole('button', { name: 'Afficher le rapport' }).click();
    await page.getByText('Aucun dossier trouvé.').waitFor();

    await page.getByLabel('Âge minimum').selectOption({ label: '6 mois' });
    await page.getByLabel('Âge maximum').selectOption({ label: '6 mois' });
    await page.getByRole('button', { name: 'Afficher le rapport' }).click();
    await page.getByText('1 dossier trouvé').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Télécharger le CSV' }).click(),
    ]);
    assert.is(
      (await readFile((await download.path())!)).toString('utf8'),
      '\uFEFFCalendrier,Date du rendez-vous,Date de naissance\r\n' + `${cornwall},${cornwallDay},${sixMonths}\r\n`,
    );
  },
);

register('a Basic User is refused the screen', async (context) => {
  await createUser(context.app!.baseUrl, await seedAdminToken(context.app!), {
    email: 'rapport.basic@example.com',
    roles: ['ROLE_USER'],
    calendarIds: [await calendarIdNamed(context.app!, cornwall)],
    password: STRONG_PASSWORD,
  });
  const page = await newPage(context, viewport);
  await signInAs(context, page, 'rapport.basic@example.com', STRONG_PASSWORD, '/admin/report');
  await page.getByText('Access denied').waitFor();
  assert.is(await page.getByRole('button', { name: 'Show Report' }).count(), 0);
});

test.run();
