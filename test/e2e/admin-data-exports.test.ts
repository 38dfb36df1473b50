import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, BrowserContext, Page } from 'playwright';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, todayIn } from '../../domain/shared/plain-date';
import { newPage, seeBanner, signInAs } from '../support/admin-browser';
import { startTestApp, type TestApp } from '../support/app';
import { browserLifecycle } from '../support/browser';
import { createUser, seedAdminToken, STRONG_PASSWORD } from '../support/identity';

/**
 * §2.3 /admin/export in Chromium against the whole app (demo seed, sign-in code off): a System Administrator
 * chooses the dates (§5: both required, the end not before the start), generates the archive, sees 'The archive
 * has been generated.' (in French 'L’archive a été générée.') and the browser downloads the zip; a Calendar
 * Administrator has neither the menu entry nor the screen.
 */
interface Context {
  app?: TestApp;
  browser?: Browser;
  context?: BrowserContext;
}

const test = suite<Context>('e2e: admin data exports');
const today = () => todayIn('America/Toronto', new Date());

const register = browserLifecycle(test, {
  start: async (context) => {
    context.app = await startTestApp();
  },
  stop: async (context) => {
    await context.app?.stop();
  },
});

/** Generates the archive and returns the downloaded zip's files (each CSV's byte-order mark checked). */
async function generateAndDownload(page: Page, button: string, banner: string, expectedName: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  await seeBanner(page, banner);
  assert.is(download.suggestedFilename(), expectedName);
  const files = unzipSync(await readFile((await download.path())!));
  assert.equal(Object.keys(files).sort(), [
    'README.txt',
    'appointments.csv',
    'calendars.csv',
    'dates.csv',
    'registrations.csv',
  ]);
  for (const name of Object.keys(files))
    assert.equal([...files[name]!.subarray(0, 3)], [0xef, 0xbb, 0xbf], `${name} has the byte-order mark`);
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes.subarray(3))]));
}

register(
  'a System Administrator generates a month’s archive in English and the browser downloads it',
  async (context) => {
    const page = await newPage(context, { width: 1280, height: 900 });
    await signInAs(context, page, context.app!.seedAdmin.email, context.app!.seedAdmin.password, '/admin/export');
    await page.getByRole('heading', { level: 1, name: 'Data Exporter' }).waitFor();
    await page.getByRole('link', { name: 'Data Exporter' }).waitFor();

    // §5: both dates are required; then the end may not come before the start. Nothing is generated meanwhile.
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.getByText('Correct the dates shown in red.').waitFor();
    assert.is(await page.getByText('Enter a date.', { exact: true }).count(), 2);
    const start = today();
    const end = addDays(start, 30);
    await page.getByLabel(/^Start date/).fill(end);
    await page.getByLabel(/^End date/).fill(start);
    await page.getByText('The end date must not be before the start date.').waitFor();
    await page.getByLabel(/^Start date/).fill(start);
    await page.getByText('The end date must not be before the start date.').waitFor({ state: 'detached' });
    await page.getByLabel(/^End date/).fill(end);

    const files = await generateAndDownload(
      page,
      'Generate',
      'The archive has been generated.',
      `export-${start}-${end}.zip`,
    );
    assert.match(files['appointments.csv']!, /^appointmentId,confirmationCode,calendarId,calendarName,/);
    assert.match(files['calendars.csv']!, 'Cours prénataux de Rockland', 'French names with their accents');
    assert.match(files['dates.csv']!, 'Rockland Prenatal Classes', 'the demo’s dates of the month');
    assert.match(files['README.txt']!, `Dates: ${start} to ${end}`);
    await page.getByText(`Last archive: export-${start}-${end}.zip`).waitFor();
  },
);

register('in French: the same form, its messages and the banner L’archive a été générée.', async (context) => {
  const page = await newPage(context, { width: 1280, height: 900 }, 'fr');
  await signInAs(context, page, context.app!.seedAdmin.email, context.app!.seedAdmin.password, '/admin/export', 'fr');
  await page.getByRole('heading', { level: 1, name: 'Exportation de données' }).waitFor();
  await page.getByRole('button', { name: 'Générer', exact: true }).click();
  await page.getByText('Corrigez les dates en rouge.').waitFor();
  assert.is(await page.getByText('Entrez une date.', { exact: true }).count(), 2);
  const start = today();
  await page.getByLabel(/^Date de début/).fill(start);
  await page.getByLabel(/^Date de fin/).fill(addDays(start, 400));
  await page.getByText('La date de fin peut être au plus un an après la date de début.').waitFor();
  await page.getByLabel(/^Date de fin/).fill(start);
  const files = await generateAndDownload(page, 'Générer', 'L’archive a été générée.', `export-${start}-${start}.zip`);
  assert.match(files['README.txt']!, `Dates : du ${start} au ${start} (inclusivement)`);
  await page.getByText(`Dernière archive : export-${start}-${start}.zip`).waitFor();
});

register(
  'a Calendar Administrator has no Data Exporter: no menu entry, and the address is refused',
  async (context) => {
    await createUser(context.app!.baseUrl, await seedAdminToken(context.app!), {
      email: 'cal.admin@example.com',
      firstName: 'Cal',
      lastName: 'Admin',
      roles: ['ROLE_ADMIN'],
      password: STRONG_PASSWORD,
    });
    const page = await newPage(context, { width: 1280, height: 900 });
    await signInAs(context, page, 'cal.admin@example.com', STRONG_PASSWORD, '/admin/export');
    await page.getByText('Access denied').waitFor();
    await page.getByRole('link', { name: 'Users' }).waitFor();
    assert.is(await page.getByRole('link', { name: 'Data Exporter' }).count(), 0);
  },
);

test.run();
