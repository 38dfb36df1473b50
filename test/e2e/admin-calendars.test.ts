import type { Browser, BrowserContext, Locator, Page } from 'playwright';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/app';
import { browserLifecycle } from '../support/browser';
import { newContext, newPage, row, seeBanner, signInAs } from '../support/admin-browser';
import { request } from '../support/http';
import { bearer, createUser, seedAdminToken, STRONG_PASSWORD } from '../support/identity';

/**
 * §2.3 /admin/calendars and the calendar form (/new, /{id}/edit, /{id}/copy) in Chromium against the whole app
 * (demo seed, sign-in code off): creating a calendar with two lanes and its French name and description, editing
 * and copying it (§8 banners), the §5 lane rules in the Schedule tab, the list's filters kept in localStorage
 * `calendarFilters`, what a Basic User sees (§6), and the form in French. The seed's categories, locations,
 * templates 1 and 2 and the four demo calendars (Winchester Flu Clinic disabled) are assumed to exist.
 */
interface Context {
  app?: TestApp;
  browser?: Browser;
  context?: BrowserContext;
}

interface ApiLane {
  id: number;
  name: string;
  startTime: string;
  endTime: string;
  slotInterval: number;
  durations: { value: number; isDefault: boolean }[];
  breakSlots: string[];
  bookableSlots: string[];
}
interface ApiCalendar {
  id: number;
  name: string;
  description: string;
  nameFr: string;
  descriptionFr: string;
  enabled: boolean;
  locationId: number | null;
  categoryId: number | null;
  lockTime: number;
  fields: { name: string; required: boolean; category?: string; options?: string[] }[];
  lanes?: ApiLane[];
  emailsEnabled: boolean;
  notificationTemplateId: number | null;
  reminderTemplateId: number | null;
  reminderThreshold: number | null;
}

const test = suite<Context>('e2e: admin calendars');

async function api(context: Context, method: string, path: string, body?: unknown) {
  return request(context.app!.baseUrl, method, path, body, bearer(await seedAdminToken(context.app!)));
}

async function calendarNamed(context: Context, name: string): Promise<ApiCalendar> {
  const list = await api(context, 'GET', '/api/calendars');
  const found = (list.json.items as ApiCalendar[]).find((calendar) => calendar.name === name);
  assert.ok(found, `the calendar ${name} exists`);
  const one = await api(context, 'GET', `/api/calendars/${found!.id}?lanes=1`);
  assert.is(one.status, 200);
  return one.json as ApiCalendar;
}

async function referenceIds(context: Context) {
  const locations = (await api(context, 'GET', '/api/locations')).json.items as { id: number; name: string }[];
  const categories = (await api(context, 'GET', '/api/categories')).json.items as { id: number; name: string }[];
  const location = (name: string) => locations.find((candidate) => candidate.name === name)!.id;
  const category = (name: string) => categories.find((candidate) => candidate.name === name)!.id;
  return { location, category };
}

/** A calendar created through the API, with one default lane. */
async function createCalendar(context: Context, body: Record<string, unknown>): Promise<number> {
  const lane = {
    name: 'Staff 1',
    startTime: '08:45:00',
    endTime: '15:00:00',
    durations: [{ value: 900, isDefault: true }],
    slotInterval: 900,
  };
  const answer = await api(context, 'POST', '/api/calendars', { lanes: [lane], ...body });
  assert.is(answer.status, 201, answer.text);
  return answer.json.id as number;
}

const lane = (page: Page, number: number, language: 'en' | 'fr' = 'en') =>
  page.getByRole('region', { name: `${language === 'fr' ? 'Couloir' : 'Lane'} ${number}`, exact: true });
const group = (scope: Locator, name: string) => scope.getByRole('group', { name, exact: true });
const box = (scope: Locator, name: string) => scope.getByRole('checkbox', { name, exact: true });
const openTab = (page: Page, name: string) => page.getByRole('tab', { name }).click();
/** The label of a select's chosen option, its non-breaking spaces (times: "9:00 a.m.", "14 h 30") as spaces. */
const chosenLabel = async (select: Locator) =>
  (await select.locator('option:checked').innerText()).replace(/\u00a0/g, ' ');

const register = browserLifecycle(test, {
  start: async (context) => {
    context.app = await startTestApp();
  },
  stop: async (context) => {
    await context.app?.stop();
  },
});

register('an administrator creates a calendar with two lanes and custom durations, then edits it', async (context) => {
  const { email, password } = context.app!.seedAdmin;
  const page = await newPage(context, { width: 1280, height: 900 });
  await signInAs(context, page, email, password, '/admin/calendars');
  await page.getByRole('heading', { level: 1, name: 'Calendars' }).waitFor();
  await row(page, 'Winchester Flu Clinic').waitFor();

  await page.getByRole('button', { name: 'Add New Calendar' }).click();
  await page.waitForURL('**/admin/calendars/new');
  await page.getByRole('heading', { level: 1, name: 'New calendar' }).waitFor();
  // §3 defaults of a new calendar.
  assert.is(await page.getByLabel(/^Lock time/).inputValue(), '5', '300 seconds, shown in minutes');
  assert.not.ok(await page.getByRole('checkbox', { name: 'Enabled', exact: true }).isChecked());
  assert.ok(await page.getByRole('checkbox', { name: 'Sync with event dashboard' }).isChecked());
  assert.ok(await page.getByRole('checkbox', { name: 'Show on Calendar Overview' }).isChecked());
  assert.is(await page.getByLabel(/^Spots per session/).count(), 0, 'spots only for group sessions');

  // §5: name, location and category are required (and the French name, on the form); nothing is sent.
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Enter the English name of the calendar.').waitFor();
  await page.getByText('Enter the French name of the calendar.').waitFor();
  await page.getByText('Choose a location.').waitFor();
  await page.getByText('Choose a category.').waitFor();
  await page.getByText('Please correct the fields marked in red.').waitFor();
  assert.is(page.url(), `${context.app!.baseUrl}/admin/calendars/new`);

  await page.getByLabel(/^Name \(English\)/).fill('Alexandria Travel Clinic');
  await page.getByLabel(/^Description \(English\)/).fill('Travel vaccines and advice');
  assert.is(await page.getByLabel(/^Name \(French\)/).getAttribute('lang'), 'fr');
  await page.getByLabel(/^Name \(French\)/).fill('Clinique santé-voyage d’Alexandria');
  await page.getByText('Enter the French name of the calendar.').waitFor({ state: 'detached' });
  await page.getByLabel(/^Description \(French\)/).fill('Vaccins et conseils pour les voyageurs');
  await page.getByLabel(/^Location/).selectOption({ label: 'Alexandria Office' });
  await page.getByLabel(/^Category/).selectOption({ label: 'Travel Health' });
  await page.getByRole('checkbox', { name: 'Enabled', exact: true }).check({ force: true });
  await page.getByLabel(/^Lock time/).fill('10');

  // Fields: date of birth required; codes from All need at least one code.
  await openTab(page, 'Fields');
  assert.ok(await page.getByRole('checkbox', { name: 'Use First name' }).isDisabled(), 'first name is always on');
  assert.ok(await page.getByRole('checkbox', { name: 'First name required' }).isChecked());
  await page
    .getByText('Staff only: these fields are filled in by staff and never shown on the self-booking page.')
    .waitFor();
  assert.ok(await page.getByRole('checkbox', { name: 'Date of birth required' }).isDisabled(), 'required once used');
  await page.getByRole('checkbox', { name: 'Use Date of birth' }).check({ force: true });
  await page.getByRole('checkbox', { name: 'Date of birth required' }).check({ force: true });
  await page.getByRole('checkbox', { name: 'Use Codes' }).check({ force: true });
  assert.is(await page.getByLabel(/^Code category/).inputValue(), 'All');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Choose at least one code when the code category is All.').waitFor();
  await box(group(page.locator('body'), 'Codes offered'), 'FLU').check({ force: true });
  await page.getByText('Choose at least one code when the code category is All.').waitFor({ state: 'detached' });

  // Schedule: one lane 9:00 a.m. to 12:00 p.m. with 15 and 30 minutes (30 the default) and a break; then a copy.
  await openTab(page, 'Schedule');
  const first = lane(page, 1);
  await first.getByLabel(/^Lane name/).fill('Nurse A');
  await first.getByLabel('Start time').selectOption('09:00:00');
  await first.getByLabel('End time').selectOption('12:00:00');
  assert.is(await chosenLabel(first.getByLabel('Start time')), '9:00 a.m.', 'English 12-hour times');
  await box(group(first, 'Durations'), '30 min').check({ force: true });
  await first
    .getByRole('radiogroup', { name: 'Default duration' })
    .getByRole('radio', { name: '30 min' })
    .check({ force: true });
  await box(group(first, 'Break slots'), '10:30 a.m.').check({ force: true });
  assert.is(await box(group(first, 'Bookable slots'), '10:30 a.m.').count(), 0, 'a break is not bookable');
  await page.getByRole('button', { name: 'Add Lane' }).click();
  const second = lane(page, 2);
  assert.is(await second.getByLabel(/^Lane name/).inputValue(), 'Nurse A copy');
  await second.getByLabel(/^Lane name/).fill('Nurse B');
  await second.getByLabel('End time').selectOption('16:00:00');
  await second.getByLabel('Slot interval').selectOption({ label: '30 min' });
  await page.getByRole('button', { name: 'Save' }).click();
  await seeBanner(page, 'The calendar has been created.');
  await page.waitForURL(/\/admin\/calendars$/);
  await row(page, 'Alexandria Travel Clinic').waitFor();
  assert.is(await row(page, 'Alexandria Travel Clinic').getByRole('cell').nth(0).innerText(), 'Travel Health');
  assert.is(await row(page, 'Alexandria Travel Clinic').getByRole('cell').nth(1).innerText(), 'Alexandria Office');
  assert.is(await row(page, 'Alexandria Travel Clinic').getByRole('cell').nth(2).innerText(), 'Yes');

  const { location, category } = await referenceIds(context);
  const created = await calendarNamed(context, 'Alexandria Travel Clinic');
  assert.is(created.description, 'Travel vaccines and advice');
  assert.is(created.nameFr, 'Clinique santé-voyage d’Alexandria');
  assert.is(created.descriptionFr, 'Vaccins et conseils pour les voyageurs');
  assert.is(created.enabled, true);
  assert.is(created.locationId, location('Alexandria Office'));
  assert.is(created.categoryId, category('Travel Health'));
  assert.is(created.lockTime, 600);
  assert.equal(
    created.fields.map(({ name, required, options }) => ({ name, required, ...(options ? { options } : {}) })),
    [
      { name: 'firstName', required: true },
      { name: 'lastName', required: true },
      { name: 'dateOfBirth', required: true },
      { name: 'codes', required: false, options: ['FLU'] },
    ],
  );
  const lanes = created.lanes!;
  assert.is(lanes.length, 2);
  assert.equal(
    lanes.map(({ name, startTime, endTime, slotInterval, breakSlots }) => ({
      name,
      startTime,
      endTime,
      slotInterval,
      breakSlots,
    })),
    [
      { name: 'Nurse A', startTime: '09:00:00', endTime: '12:00:00', slotInterval: 900, breakSlots: ['10:30:00'] },
      { name: 'Nurse B', startTime: '09:00:00', endTime: '16:00:00', slotInterval: 1800, breakSlots: ['10:30:00'] },
    ],
  );
  for (const saved of lanes) {
    assert.equal(
      saved.durations.map(({ value, isDefault }) => ({ value, isDefault })),
      [
        { value: 900, isDefault: false },
        { value: 1800, isDefault: true },
      ],
    );
  }

  // Edited: what was saved comes back; the second lane goes, the first keeps its id.
  await row(page, 'Alexandria Travel Clinic').getByRole('button', { name: 'Edit Alexandria Travel Clinic' }).click();
  await page.waitForURL(`**/admin/calendars/${created.id}/edit`);
  await page.getByRole('heading', { level: 1, name: 'Edit calendar' }).waitFor();
  assert.is(await page.getByLabel(/^Name \(English\)/).inputValue(), 'Alexandria Travel Clinic');
  assert.is(await page.getByLabel(/^Name \(French\)/).inputValue(), 'Clinique santé-voyage d’Alexandria');
  assert.is(await page.getByLabel(/^Description \(French\)/).inputValue(), 'Vaccins et conseils pour les voyageurs');
  assert.is(await page.getByLabel(/^Lock time/).inputValue(), '10');
  await page.getByLabel(/^Description \(English\)/).fill('Travel vaccines');
  await page.getByLabel(/^Description \(French\)/).fill('Vaccins pour les voyageurs');
  await openTab(page, 'Schedule');
  assert.is(
    await lane(page, 2)
      .getByLabel(/^Lane name/)
      .inputValue(),
    'Nurse B',
  );
  await lane(page, 2).getByRole('button', { name: 'Delete Lane' }).click();
  await lane(page, 2).waitFor({ state: 'detached' });
  assert.is(await page.getByRole('button', { name: 'Delete Lane' }).count(), 0, 'one lane is always kept');
  await openTab(page, 'Emails');
  await page.getByRole('checkbox', { name: 'Send confirmation and reminder emails' }).check({ force: true });
  assert.is(
    await chosenLabel(page.getByLabel(/^Confirmation template/)),
    'Appointment confirmation',
    'template 1 by default',
  );
  await page.getByLabel(/^Reminder template/).selectOption({ label: 'Appointment reminder' });
  assert.is(await page.getByLabel(/^Reminder threshold/).inputValue(), '2', '§3 default');
  await page.getByLabel(/^Reminder threshold/).fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Enter the reminder threshold: 0 to 60 days.').waitFor();
  await page.getByLabel(/^Reminder threshold/).fill('3');
  await page.getByRole('button', { name: 'Save' }).click();
  await seeBanner(page, 'The calendar has been saved.');
  await page.waitForURL(/\/admin\/calendars$/);
  const edited = await calendarNamed(context, 'Alexandria Travel Clinic');
  assert.is(edited.id, created.id);
  assert.is(edited.description, 'Travel vaccines');
  assert.is(edited.descriptionFr, 'Vaccins pour les voyageurs');
  assert.is(edited.nameFr, 'Clinique santé-voyage d’Alexandria');
  assert.equal(
    edited.lanes!.map((saved) => saved.id),
    [lanes[0]!.id],
  );
  assert.is(edited.emailsEnabled, true);
  assert.is(edited.reminderTemplateId, 2);
  assert.is(edited.reminderThreshold, 3);

  // Copied: a new calendar with new lane ids.
  await row(page, 'Alexandria Travel Clinic').getByRole('button', { name: 'Copy Alexandria Travel Clinic' }).click();
  await page.waitForURL(`**/admin/calendars/${created.id}/copy`);
  await page.getByRole('heading', { level: 1, name: 'Copy calendar' }).waitFor();
  assert.is(await page.getByLabel(/^Name \(English\)/).inputValue(), 'Copy of Alexandria Travel Clinic');
  assert.is(
    await page.getByLabel(/^Name \(French\)/).inputValue(),
    'Copie de Clinique santé-voyage d’Alexandria',
    'each name copied in its language',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  await seeBanner(page, 'The calendar has been copied.');
  await page.waitForURL(/\/admin\/calendars$/);
  await row(page, 'Copy of Alexandria Travel Clinic').waitFor();
  const copy = await calendarNamed(context, 'Copy of Alexandria Travel Clinic');
  assert.is.not(copy.id, created.id);
  assert.is(copy.lanes!.length, 1);
  assert.equal(
    [copy.nameFr, copy.descriptionFr],
    ['Copie de Clinique santé-voyage d’Alexandria', 'Vaccins pour les voyageurs'],
  );
  assert.is.not(copy.lanes![0]!.id, lanes[0]!.id, 'the copy’s lane is its own');
  assert.is(copy.lanes![0]!.name, 'Nurse A');
  assert.is(copy.lockTime, 600);
  assert.is(copy.reminderThreshold, 3);
  assert.is(
    (await calendarNamed(context, 'Alexandria Travel Clinic')).lanes![0]!.id,
    lanes[0]!.id,
    'the original is untouched',
  );

  // The Actions dropdown.
  await row(page, 'Alexandria Travel Clinic')
    .getByRole('button', { name: 'Actions for Alexandria Travel Clinic' })
    .click();
  const menu = page.getByRole('menu', { name: 'Actions for Alexandria Travel Clinic' });
  await menu.waitFor();
  assert.is(
    await menu.getByRole('menuitem', { name: 'Edit Calendar Dates' }).getAttribute('href'),
    `/admin/calendars/${created.id}/dates`,
  );
  assert.is(
    await menu.getByRole('menuitem', { name: 'Manage Access' }).getAttribute('href'),
    `/admin/calendars/${created.id}/users`,
  );
  assert.is(
    await menu.getByRole('menuitem', { name: 'View Appointments' }).getAttribute('href'),
    `/admin/booking?id=${created.id}`,
  );
  assert.is(
    await menu.getByRole('menuitem', { name: 'Search Appointments' }).getAttribute('href'),
    `/admin/search?calendarId=${created.id}`,
  );
  await menu.getByRole('menuitem', { name: 'Manage Access' }).click();
  await page.waitForURL(`**/admin/calendars/${created.id}/users`);
  await page.getByRole('heading', { level: 1, name: 'Alexandria Travel Clinic' }).waitFor();

  // An unknown calendar.
  await page.goto(`${context.app!.baseUrl}/admin/calendars/999999/edit`);
  await page.getByText('This calendar could not be found.').waitFor();
});

register('the lane rules of the Schedule tab', async (context) => {
  const { email, password } = context.app!.seedAdmin;
  const page = await newPage(context, { width: 1280, height: 900 });
  await signInAs(context, page, email, password, '/admin/calendars/new');
  await openTab(page, 'Schedule');
  const first = lane(page, 1);

  // §3 default lane; Delete Lane only with more than one lane.
  assert.is(await first.getByLabel(/^Lane name/).inputValue(), 'Staff 1');
  assert.is(await first.getByLabel('Start time').inputValue(), '08:45:00');
  assert.is(await first.getByLabel('End time').inputValue(), '15:00:00');
  assert.is(await first.getByLabel('Slot interval').inputValue(), '900');
  assert.ok(await box(group(first, 'Durations'), '15 min').isChecked());
  assert.is(await page.getByRole('button', { name: 'Delete Lane' }).count(), 0);
  assert.is(
    await first.getByLabel('Start time').locator('option').first().getAttribute('value'),
    '06:00:00',
    'times from 6:00 a.m.',
  );
  assert.is(
    await first.getByLabel('Start time').locator('option').last().getAttribute('value'),
    '22:00:00',
    'to 10:00 p.m.',
  );
  assert.is(await first.getByLabel('Start time').locator('option').count(), 193, 'every 5 minutes');

  // A change making the lane start at or after its end is ignored.
  await first.getByLabel('Start time').selectOption('15:00:00');
  assert.is(await first.getByLabel('Start time').inputValue(), '08:45:00');
  await first.getByLabel('End time').selectOption('08:00:00');
  assert.is(await first.getByLabel('End time').inputValue(), '15:00:00');
  await first.getByLabel('End time').selectOption('12:00:00');
  assert.is(await first.getByLabel('End time').inputValue(), '12:00:00');

  // Breaks leave the bookable choices; slots outside the lane go.
  await box(group(first, 'Break slots'), '11:45 a.m.').check({ force: true });
  await box(group(first, 'Bookable slots'), '11:30 a.m.').check({ force: true });
  assert.is(await box(group(first, 'Bookable slots'), '11:45 a.m.').count(), 0);
  await first.getByLabel('End time').selectOption('11:30:00');
  assert.is(await box(group(first, 'Break slots'), '11:45 a.m.').count(), 0, 'past the end');
  assert.is(await box(group(first, 'Break slots'), '11:15 a.m.').count(), 1);
  await first.getByLabel('End time').selectOption('12:00:00');
  assert.not.ok(await box(group(first, 'Break slots'), '11:45 a.m.').isChecked(), 'a dropped break does not come back');

  // The default duration is always one of those on: the first when the default goes.
  await box(group(first, 'Durations'), '20 min').check({ force: true });
  await box(group(first, 'Durations'), '40 min').check({ force: true });
  const defaults = first.getByRole('radiogroup', { name: 'Default duration' });
  assert.ok(await defaults.getByRole('radio', { name: '15 min' }).isChecked());
  await defaults.getByRole('radio', { name: '40 min' }).check({ force: true });
  await box(group(first, 'Durations'), '40 min').uncheck({ force: true });
  assert.ok(await defaults.getByRole('radio', { name: '15 min' }).isChecked(), 'back to the first');
  assert.is(await defaults.getByRole('radio').count(), 2);
  await box(group(first, 'Durations'), '15 min').uncheck({ force: true });
  await box(group(first, 'Durations'), '20 min').uncheck({ force: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await first.getByText('Choose at least one duration.').waitFor();
  await box(group(first, 'Durations'), '60 min').check({ force: true });
  await first.getByText('Choose at least one duration.').waitFor({ state: 'detached' });

  // Add Lane copies the last lane with ' copy'; then each lane can be deleted while two remain.
  await first.getByLabel(/^Lane name/).fill('Nurse');
  await page.getByRole('button', { name: 'Add Lane' }).click();
  const second = lane(page, 2);
  assert.is(await second.getByLabel(/^Lane name/).inputValue(), 'Nurse copy');
  assert.is(await second.getByLabel('End time').inputValue(), '12:00:00');
  assert.ok(await box(group(second, 'Durations'), '60 min').isChecked());
  await page.getByRole('button', { name: 'Add Lane' }).click();
  assert.is(
    await lane(page, 3)
      .getByLabel(/^Lane name/)
      .inputValue(),
    'Nurse copy copy',
  );
  assert.is(await page.getByRole('button', { name: 'Delete Lane' }).count(), 3);
  await second.getByLabel(/^Lane name/).fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await second.getByText('Enter the name of the lane.').waitFor();
  await second.getByRole('button', { name: 'Delete Lane' }).click();
  assert.is(
    await lane(page, 2)
      .getByLabel(/^Lane name/)
      .inputValue(),
    'Nurse copy copy',
  );
  await lane(page, 3).waitFor({ state: 'detached' });
  await lane(page, 1).getByRole('button', { name: 'Delete Lane' }).click();
  assert.is(await page.getByRole('button', { name: 'Delete Lane' }).count(), 0);
  assert.is(
    await lane(page, 1)
      .getByLabel(/^Lane name/)
      .inputValue(),
    'Nurse copy copy',
  );
  // The General tab has the form's other problems: it is marked, and Save opens it.
  await page.getByRole('tab', { name: /^General.*4 fields to correct$/ }).waitFor();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Enter the English name of the calendar.').waitFor();
});

register('the list filters are kept in localStorage across a reload', async (context) => {
  const { location, category } = await referenceIds(context);
  const vision = await api(context, 'POST', '/api/categories', { name: 'Vision Screening' });
  assert.is(vision.status, 201, vision.text);
  const visionId = vision.json.id as number;
  await createCalendar(context, {
    name: 'Casselman Vision Clinic',
    enabled: true,
    locationId: location('Casselman Office'),
    categoryId: visionId,
  });
  await createCalendar(context, {
    name: 'Casselman Prenatal Drop-in',
    enabled: false,
    locationId: location('Casselman Office'),
    categoryId: category('Prenatal and Parenting'),
  });
  await createCalendar(context, {
    name: 'Rockland Vision Clinic',
    enabled: false,
    locationId: location('Rockland Office'),
    categoryId: visionId,
  });

  const { email, password } = context.app!.seedAdmin;
  const page = await newPage(context, { width: 1280, height: 900 });
  await signInAs(context, page, email, password, '/admin/calendars');
  await row(page, 'Rockland Vision Clinic').waitFor();
  const rows = async () => (await page.locator('tbody tr th').allInnerTexts()).map((text) => text.trim());

  await page.getByLabel('Category').selectOption({ label: 'Vision Screening' });
  assert.equal(await rows(), ['Casselman Vision Clinic', 'Rockland Vision Clinic']);
  await page.getByText('Showing 2 of ', { exact: false }).waitFor();
  await page.getByLabel('Status').selectOption({ label: 'Disabled' });
  assert.equal(await rows(), ['Rockland Vision Clinic']);
  await page.getByLabel('Status').selectOption({ label: 'All' });
  await page.getByLabel('Location').selectOption({ label: 'Casselman Office' });
  assert.equal(await rows(), ['Casselman Vision Clinic']);
  await page.getByLabel('Category').selectOption({ label: 'All categories' });
  assert.equal(await rows(), ['Casselman Prenatal Drop-in', 'Casselman Vision Clinic']);
  await page.getByLabel('Title').fill('DROP');
  assert.equal(await rows(), ['Casselman Prenatal Drop-in']);
  await page.getByLabel('Title').fill('nothing like this');
  await page.getByText('No calendars found.').waitFor();
  await page.getByLabel('Title').fill('casselman');
  await page.getByLabel('Status').selectOption({ label: 'Enabled' });
  assert.equal(await rows(), ['Casselman Vision Clinic']);

  const stored = JSON.parse((await page.evaluate(() => window.localStorage.getItem('calendarFilters')))!);
  assert.equal(stored, {
    title: 'casselman',
    categoryId: null,
    locationId: location('Casselman Office'),
    status: 'enabled',
  });

  // Back on the list after a reload and after another page: the same filters.
  await page.reload();
  await row(page, 'Casselman Vision Clinic').waitFor();
  assert.is(await page.getByLabel('Title').inputValue(), 'casselman');
  assert.is(await page.getByLabel('Status').inputValue(), 'enabled');
  assert.is(await page.getByLabel('Location').inputValue(), String(location('Casselman Office')));
  assert.equal(await rows(), ['Casselman Vision Clinic']);
  await page.getByRole('button', { name: 'Edit Casselman Vision Clinic' }).click();
  await page.getByRole('heading', { level: 1, name: 'Edit calendar' }).waitFor();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await row(page, 'Casselman Vision Clinic').waitFor();
  assert.equal(await rows(), ['Casselman Vision Clinic']);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await row(page, 'Winchester Flu Clinic').waitFor();
  assert.equal(JSON.parse((await page.evaluate(() => window.localStorage.getItem('calendarFilters')))!), {
    title: '',
    categoryId: null,
    locationId: null,
    status: 'all',
  });
});

register(
  'a Basic User sees only enabled calendars, without Add, Edit, Copy or the administrators’ actions',
  async (context) => {
    const root = await seedAdminToken(context.app!);
    const { location, category } = await referenceIds(context);
    const enabled = await createCalendar(context, {
      name: 'Winchester Hearing Clinic',
      enabled: true,
      locationId: location('Winchester Office'),
      categoryId: category('Immunization'),
    });
    const disabled = await createCalendar(context, {
      name: 'Winchester Dental Clinic',
      enabled: false,
      locationId: location('Winchester Office'),
      categoryId: category('Immunization'),
    });
    const userId = await createUser(context.app!.baseUrl, root, {
      email: 'bea.basic@example.com',
      firstName: 'Bea',
      lastName: 'Basic',
      roles: ['ROLE_USER'],
      password: STRONG_PASSWORD,
    });
    for (const id of [enabled, disabled]) {
      const granted = await request(
        context.app!.baseUrl,
        'PUT',
        `/api/calendars/${id}/users`,
        { userIds: [userId] },
        bearer(root),
      );
      assert.is(granted.status, 200, granted.text);
    }

    const { browserContext, page } = await newContext(context, { width: 1280, height: 900 }, 'en');
    context.context = browserContext;
    await signInAs(context, page, 'bea.basic@example.com', STRONG_PASSWORD, '/admin/calendars');
    await row(page, 'Winchester Hearing Clinic').waitFor();
    assert.is(await row(page, 'Winchester Dental Clinic').count(), 0, 'a disabled calendar is not shown');
    assert.is(await page.getByRole('row').count(), 2, 'the header and the one calendar');
    assert.is(await page.getByRole('button', { name: 'Add New Calendar' }).count(), 0);
    assert.is(await page.getByRole('button', { name: /^Edit / }).count(), 0);
    assert.is(await page.getByRole('button', { name: /^Copy / }).count(), 0);

    await page.getByRole('button', { name: 'Actions for Winchester Hearing Clinic' }).click();
    const menu = page.getByRole('menu', { name: 'Actions for Winchester Hearing Clinic' });
    await menu.getByRole('menuitem', { name: 'View Appointments' }).waitFor();
    assert.is(
      await menu.getByRole('menuitem', { name: 'Search Appointments' }).getAttribute('href'),
      `/admin/search?calendarId=${enabled}`,
    );
    assert.is(await menu.getByRole('menuitem').count(), 2, 'no Edit Calendar Dates or Manage Access');

    await page.goto(`${context.app!.baseUrl}/admin/calendars/${enabled}/edit`);
    await page.getByText('Access denied').waitFor();
  },
);

register('in French: a group-session calendar created by a Calendar Administrator', async (context) => {
  const root = await seedAdminToken(context.app!);
  await createUser(context.app!.baseUrl, root, {
    email: 'carole.admin@example.com',
    firstName: 'Carole',
    lastName: 'Admin',
    roles: ['ROLE_ADMIN'],
    password: STRONG_PASSWORD,
  });
  const page = await newPage(context, { width: 1280, height: 900 }, 'fr');
  await signInAs(context, page, 'carole.admin@example.com', STRONG_PASSWORD, '/admin/calendars', 'fr');
  await page.getByRole('heading', { level: 1, name: 'Calendriers' }).waitFor();
  await page.getByRole('button', { name: 'Ajouter un calendrier' }).click();
  await page.getByRole('heading', { level: 1, name: 'Nouveau calendrier' }).waitFor();

  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await page.getByText('Entrez le nom anglais du calendrier.').waitFor();
  await page.getByText('Entrez le nom français du calendrier.').waitFor();
  await page.getByText('Veuillez corriger les champs indiqués en rouge.').waitFor();
  await page.getByLabel(/^Nom \(anglais\)/).fill('Hawkesbury Prenatal Course');
  await page.getByLabel(/^Nom \(français\)/).fill('Cours prénatal de Hawkesbury');
  await page.getByLabel(/^Description \(français\)/).fill('Cours de six semaines');
  await page.getByLabel(/^Emplacement/).selectOption({ label: 'Bureau de Hawkesbury' });
  await page.getByLabel(/^Catégorie/).selectOption({ label: 'Prenatal and Parenting' });
  await page.getByRole('checkbox', { name: 'Séances de groupe (cours)' }).check({ force: true });
  await page.getByLabel(/^Places par séance/).fill('120');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await page.getByText('Entrez un nombre de places de 1 à 100.').waitFor();
  await page.getByLabel(/^Places par séance/).fill('15');

  await openTab(page, 'Horaire');
  const first = lane(page, 1, 'fr');
  assert.is(await chosenLabel(first.getByLabel('Heure de début')), '8 h 45', 'French times');
  assert.is(await chosenLabel(first.getByLabel('Heure de fin')), '15 h');
  await first.getByLabel('Heure de début').selectOption('18:30:00');
  assert.is(await chosenLabel(first.getByLabel('Heure de début')), '8 h 45', 'not after the end');
  await first.getByLabel('Heure de fin').selectOption('20:30:00');
  await first.getByLabel('Heure de début').selectOption('18:30:00');
  assert.is(await chosenLabel(first.getByLabel('Heure de début')), '18 h 30');
  await first.getByRole('checkbox', { name: '120 min' }).check({ force: true });
  await page.getByRole('button', { name: 'Ajouter un couloir' }).click();
  assert.is(
    await lane(page, 2, 'fr')
      .getByLabel(/^Nom du couloir/)
      .inputValue(),
    'Staff 1 copie',
  );
  await lane(page, 2, 'fr').getByRole('button', { name: 'Supprimer le couloir' }).click();

  // A Calendar Administrator chooses among the templates by name (the templates themselves are a System Administrator's).
  await openTab(page, 'Courriels');
  await page
    .getByRole('checkbox', { name: 'Envoyer des courriels de confirmation et de rappel' })
    .check({ force: true });
  const templates: { id: number; name: string }[] = (await api(context, 'GET', '/api/templates')).json.items;
  assert.is(
    await chosenLabel(page.getByLabel(/^Modèle de confirmation/)),
    templates.find((template) => template.id === 1)!.name,
  );
  assert.is(
    await page
      .getByLabel(/^Modèle de rappel/)
      .locator('option:not([value=""])')
      .count(),
    templates.length,
    'every template is offered',
  );

  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await seeBanner(page, 'Le calendrier a été créé.');
  await page.waitForURL(/\/admin\/calendars$/);
  await row(page, 'Hawkesbury Prenatal Course').waitFor();
  assert.is(
    await row(page, 'Hawkesbury Prenatal Course').getByRole('cell').nth(1).innerText(),
    'Bureau de Hawkesbury',
    'the location in French',
  );
  assert.is(await row(page, 'Hawkesbury Prenatal Course').getByRole('cell').nth(2).innerText(), 'Non');

  const saved = await calendarNamed(context, 'Hawkesbury Prenatal Course');
  assert.equal(
    [saved.nameFr, saved.descriptionFr, saved.description],
    ['Cours prénatal de Hawkesbury', 'Cours de six semaines', ''],
  );
  assert.equal(
    saved.lanes!.map(({ startTime, endTime, durations }) => ({
      startTime,
      endTime,
      durations: durations.map((duration) => duration.value),
    })),
    [{ startTime: '18:30:00', endTime: '20:30:00', durations: [900, 7200] }],
  );
  assert.is(saved.emailsEnabled, true);
  assert.is(saved.notificationTemplateId, 1);

  // A group-session calendar offers View Series.
  await row(page, 'Hawkesbury Prenatal Course')
    .getByRole('button', { name: 'Actions pour Hawkesbury Prenatal Course' })
    .click();
  const menu = page.getByRole('menu', { name: 'Actions pour Hawkesbury Prenatal Course' });
  assert.is(
    await menu.getByRole('menuitem', { name: 'Voir les séries' }).getAttribute('href'),
    `/admin/calendars/${saved.id}/group-session-series`,
  );
  assert.is(await menu.getByRole('menuitem', { name: 'Voir les rendez-vous' }).count(), 0);
});

test.run();
