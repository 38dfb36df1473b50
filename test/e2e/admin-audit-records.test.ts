import type { Browser, BrowserContext, Page } from 'playwright';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, todayIn } from '../../domain/shared/plain-date';
import { formatTime } from '../../web/src/i18n/format';
import { startTestApp, type TestApp } from '../support/app';
import { browserLifecycle } from '../support/browser';
import { checkSurely, newPage, signInAs, type AdminLanguage } from '../support/admin-browser';
import { createUser, seedAdminToken, STRONG_PASSWORD } from '../support/identity';
import { staffCall } from '../support/staff-api';

/**
 * Issue 18, item 3, /admin/audit/records in Chromium against the whole app (demo seed, real clock): an Auditor opens
 * an appointment (booked, then its phone changed), its versions and the difference between two; the moment of a
 * version; a moment before it existed; refusals. A System Administrator follows an appointment History's "View in
 * audit" link (French); an Administrator who is no auditor sees no such link.
 */
interface Context {
  app?: TestApp;
  browser?: Browser;
  context?: BrowserContext;
  calendarId?: number;
  day?: string;
  appointmentId?: number;
}

const test = suite<Context>('e2e: admin audit records');
const viewport = { width: 1400, height: 950 };
const auditor = { email: 'auditor@example.com', password: STRONG_PASSWORD };
const administrator = { email: 'administrator@example.com', password: STRONG_PASSWORD };
const lane = {
  name: 'Nurse A',
  startTime: '09:00:00',
  endTime: '11:00:00',
  durations: [{ value: 900, isDefault: true }],
  slotInterval: 900,
};
const details = (phone: string) => ({
  clientData: [{ firstName: 'Ada', lastName: 'Lovelace' }],
  language: 'en',
  phone,
  phoneReminderType: 0,
});

const register = browserLifecycle(test, {
  start: async (context) => {
    const app = await startTestApp();
    context.app = app;
    const call = (method: string, path: string, body?: unknown) => staffCall(app, method, path, body);
    const locationId = (await call('GET', '/api/locations')).items[0].id;
    const categoryId = (await call('GET', '/api/categories')).items[0].id;
    const calendar = await call('POST', '/api/calendars', {
      name: 'Audit Test Clinic',
      enabled: true,
      locationId,
      categoryId,
      lanes: [lane],
    });
    context.calendarId = calendar.id as number;
    context.day = addDays(todayIn('America/Toronto', new Date()), 2);
    const added = await call('POST', `/api/batch/calendars/${context.calendarId}/dates`, {
      dates: [context.day],
      lanes: [lane],
      enabled: true,
    });
    const laneId = added.items[0].lanes[0].id as number;
    const lock = await call('POST', '/api/locks', {
      calendarDateLaneId: laneId,
      startTime: '09:00:00',
      endTime: '09:15:00',
    });
    const booked = await call('POST', '/api/appointments', {
      lockToken: lock.token,
      startTime: '09:00:00',
      endTime: '09:15:00',
      ...details('613-555-0100'),
    });
    context.appointmentId = booked.id as number;
    await call('PUT', `/api/appointments/${booked.id}`, {
      ...details('613-555-0199'),
      version: 1,
      date: context.day,
      calendarDateLaneId: laneId,
      startTime: '09:00:00',
      endTime: '09:15:00',
    });
    const root = await seedAdminToken(app);
    await createUser(app.baseUrl, root, { ...auditor, firstName: 'Ann', lastName: 'Auditor', roles: ['ROLE_AUDITOR'] });
    await createUser(app.baseUrl, root, { ...administrator, lastName: 'Admin', roles: ['ROLE_ADMIN'] });
  },
  stop: async (context) => {
    await context.app?.stop();
  },
});

const stateText = (page: Page) => page.locator('.audit-record-json').innerText();
const summary = (page: Page) => page.locator('.audit-record-summary');

register('English: an Auditor opens an appointment, its versions and what changed between two', async (context) => {
  const page = await newPage(context, viewport);
  await signInAs(context, page, auditor.email, auditor.password, '/admin/audit/records');
  await page.getByRole('heading', { level: 1, name: 'Records as of a Moment' }).waitFor();
  await page
    .getByRole('navigation', { name: 'Staff menu' })
    .getByRole('link', { name: 'Records as of a Moment' })
    .waitFor();

  // a malformed id is refused on its field; nothing is asked
  await page.getByLabel(/^Id/).fill('abc');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await page.getByText("Enter the record's number.", { exact: true }).waitFor();

  await page.getByRole('combobox', { name: /^Record/ }).selectOption('appointment');
  await page.getByLabel(/^Id/).fill(String(context.appointmentId));
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await page.waitForURL(`**/admin/audit/records?kind=appointment&id=${context.appointmentId}`);
  await summary(page).getByText('Version 2 of 2').waitFor();
  assert.match(await stateText(page), '"phone": "613-555-0199"');
  assert.match(await stateText(page), `"date": "${context.day}"`);

  // the versions: one per event, with who made it
  const versions = page.locator('.audit-record-versions tbody tr');
  assert.is(await versions.count(), 2);
  assert.match(await versions.nth(0).innerText(), /AppointmentBooked\s+System Administrator/);
  assert.match(await versions.nth(1).innerText(), /AppointmentChanged\s+System Administrator/);

  // the version shown and the one before are compared at first
  const diff = page.getByRole('region', { name: 'Changes from version 1 to version 2' });
  const phoneRow = diff.getByRole('row').filter({ hasText: '/appointment/phone' });
  await phoneRow.waitFor();
  assert.match(await phoneRow.innerText(), /"613-555-0100"\s+"613-555-0199"/);

  // a version's moment shows the record as it was then
  await page.getByRole('button', { name: 'Show version 1' }).click();
  await page.waitForURL(/[?&]at=/);
  await summary(page).getByText('Version 1 of 2').waitFor();
  assert.match(await stateText(page), '"phone": "613-555-0100"');

  // two versions picked: the same one twice has no differences
  await checkSurely(page.getByRole('radio', { name: 'Compare to version 1' }));
  await page.getByRole('region', { name: 'Changes from version 1 to version 1' }).getByText('No differences').waitFor();
  assert.match(page.url(), /from=1&to=1/);

  // before it was booked: no state yet
  await page.getByLabel(/^Date/).fill(addDays(todayIn('America/Toronto', new Date()), -1));
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await page.getByText('The record did not exist yet at this moment.').waitFor();
  await summary(page).getByText('Before its first version (2 versions in all)').waitFor();

  // a record that does not exist
  await page.getByRole('combobox', { name: /^Record/ }).selectOption('calendar');
  await page.getByLabel(/^Id/).fill('999999');
  await page.getByLabel(/^Date/).fill('');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await page.getByText('There is no such record, or nothing was ever recorded about it.').waitFor();
});

const slotRow = (page: Page, language: AdminLanguage) =>
  page
    .locator('.appt-slots tbody tr')
    .filter({ has: page.getByRole('rowheader', { name: formatTime(language, '09:00:00'), exact: true }) });

register("French: a System Administrator follows an appointment History's link to the audit", async (context) => {
  const page = await newPage(context, viewport, 'fr');
  const { email, password } = context.app!.seedAdmin;
  await signInAs(context, page, email, password, `/admin/booking?id=${context.calendarId}&date=${context.day}`, 'fr');
  await slotRow(page, 'fr').getByRole('button', { name: 'Historique' }).click();
  const history = page.getByRole('dialog', { name: 'Historique du rendez-vous' });
  const links = history.getByRole('link', { name: 'Voir dans l’audit' });
  await links.first().waitFor();
  assert.is(await links.count(), 2, 'one link per History entry');
  await links.first().click();
  await page.waitForURL(`**/admin/audit/records?kind=appointment&id=${context.appointmentId}&at=*`);
  await page.getByRole('heading', { level: 1, name: 'Dossiers à un moment donné' }).waitFor();
  await summary(page).getByText('Version 1 sur 2').waitFor();
  assert.match(await stateText(page), '"phone": "613-555-0100"', 'as the first History entry left it');
  assert.is(await page.getByRole('combobox', { name: /^Dossier/ }).inputValue(), 'appointment');
  assert.is(await page.getByLabel(/^Identifiant/).inputValue(), String(context.appointmentId));

  // compare the two versions
  await checkSurely(page.getByRole('radio', { name: 'Comparer à la version 2' }));
  const diff = page.getByRole('region', { name: 'Changements de la version 1 à la version 2' });
  await diff.getByRole('row').filter({ hasText: '/appointment/phone' }).waitFor();
  await page.getByRole('columnheader', { name: 'Champ (pointeur JSON)' }).waitFor();

  // a calendar date, named by its calendar and date
  await page.getByRole('combobox', { name: /^Dossier/ }).selectOption('calendarDate');
  await page.getByLabel(/^Identifiant/).fill(`${context.calendarId}:${context.day}`);
  await page.getByLabel(/^Date/).fill('');
  await page.getByRole('button', { name: 'Afficher', exact: true }).click();
  await summary(page).getByText('Version 4 sur 4').waitFor();
  assert.match(await stateText(page), `"appointmentId": ${context.appointmentId}`);
});

register('English: an Administrator who is no auditor sees the History without the audit link', async (context) => {
  const page = await newPage(context, viewport);
  await signInAs(
    context,
    page,
    administrator.email,
    administrator.password,
    `/admin/booking?id=${context.calendarId}&date=${context.day}`,
  );
  await slotRow(page, 'en').getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'Appointment history' });
  await history.getByRole('cell', { name: 'Updated', exact: true }).waitFor();
  assert.is(await history.getByRole('link', { name: 'View in audit' }).count(), 0);
});

test.run();
