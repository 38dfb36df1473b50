/**
 * The steps of each help topic, walked in the app for `npm run help:screenshots` (help-screenshots.ts): each walk
 * does what its guide tells (web/src/i18n/locales/admin.*.json `help.topics.<key>.steps`) and takes one screenshot
 * per step. Labels come from the app's own locale files, so one walk serves English and French.
 */
import type { Locator, Page } from 'playwright';
import { addDays, todayIn, weekdayOf } from '../../domain/shared/plain-date';
import type { HelpTopicKey } from '../../web/src/features/help/helpTopics';
import { adminResources } from '../../web/src/i18n/adminTexts';
import type { AdminLanguage } from './admin-browser';
import type { TestApp } from './app';
import { createUser, seedAdminToken } from './identity';

export type Shot = (step: number) => Promise<void>;
interface Walk {
  page: Page;
  app: TestApp;
  language: AdminLanguage;
  shot: Shot;
}

/** The calendar made by the first topic, whose dates the next topics add, change, move and copy. */
const newCalendar = { name: 'Alexandria Travel Clinic', nameFr: 'Clinique santé-voyage d’Alexandria' };
const accessCalendar = 'Cornwall Immunization Clinic';

/** A text of the admin locale files by its key (`calendarDates.modes.add`), with {{values}} filled in. */
function textOf(language: AdminLanguage, key: string, values: Record<string, string | number> = {}): string {
  let node: unknown = adminResources[language];
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no text ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

/** Outlines what the step is about (removed after its screenshot). */
async function mark(locator: Locator): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  await locator.evaluate((element: HTMLElement) => {
    element.setAttribute('data-help-mark', '');
    element.style.outline = '3px solid #d9822b';
    element.style.outlineOffset = '2px';
  });
}

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const day = (page: Page, date: string) => page.locator(`.cd-months [data-date="${date}"]`);
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** Weekdays from the Monday at least a week ahead: the dates the walks work with. */
function planDates(): { monday: string; week: (offset: number) => string } {
  const soon = addDays(todayIn('America/Toronto', new Date()), 7);
  const monday = addDays(soon, (8 - weekdayOf(soon)) % 7);
  return { monday, week: (offset) => addDays(monday, offset) };
}

async function openCalendars(page: Page): Promise<void> {
  await page.goto(new URL('/admin/calendars', page.url()).href);
  await row(page, accessCalendar).waitFor();
}

/** Opens the dates tool of the new calendar from the list's Actions menu. */
async function openDatesTool(page: Page, language: AdminLanguage): Promise<void> {
  await openCalendars(page);
  await button(page, textOf(language, 'calendars.actionsNamed', { name: newCalendar.name })).click();
  await page.getByRole('menuitem', { name: textOf(language, 'calendars.editDates') }).click();
  await page.waitForURL(/\/dates$/);
  await page.locator('.cd-months [data-date]').first().waitFor();
}

async function chooseMode(page: Page, language: AdminLanguage, mode: string): Promise<Locator> {
  const modeButton = button(page, textOf(language, `calendarDates.modes.${mode}`));
  await modeButton.click();
  await modeButton.and(page.locator('[aria-pressed="true"]')).waitFor();
  return modeButton;
}

/** Chooses the option of `select` whose label holds `text` (place names differ between the languages). */
async function chooseOption(select: Locator, text: string): Promise<void> {
  const value = await select.locator('option', { hasText: text }).first().getAttribute('value');
  await select.selectOption(value!);
}

async function seeBanner(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).last().waitFor();
}

async function createCalendar({ page, language, shot }: Walk): Promise<void> {
  const t = (key: string) => textOf(language, key);
  await openCalendars(page);
  await mark(button(page, t('calendars.add')));
  await shot(1);

  await button(page, t('calendars.add')).click();
  await page.waitForURL('**/admin/calendars/new');
  await page.getByLabel(new RegExp(`^${escapeRegExp(t('calendarForm.general.name'))}`)).fill(newCalendar.name);
  await page.getByLabel(new RegExp(`^${escapeRegExp(t('calendarForm.general.nameFr'))}`)).fill(newCalendar.nameFr);
  await chooseOption(page.getByLabel(new RegExp(`^${escapeRegExp(t('calendarForm.general.location'))}`)), 'Alexandria');
  await chooseOption(page.getByLabel(new RegExp(`^${escapeRegExp(t('calendarForm.general.category'))}`)), 'Travel');
  await page.getByRole('checkbox', { name: t('calendarForm.general.enabled'), exact: true }).check({ force: true });
  await page.getByRole('heading', { level: 1 }).scrollIntoViewIfNeeded();
  await shot(2);

  await page.getByRole('tab', { name: t('calendarForm.tabs.fields') }).click();
  await page
    .getByRole('checkbox', {
      name: textOf(language, 'calendarForm.fields.useNamed', { field: t('calendarForm.fields.names.dateOfBirth') }),
    })
    .check({ force: true });
  await mark(page.getByRole('tab', { name: t('calendarForm.tabs.fields') }));
  await shot(3);

  await page.getByRole('tab', { name: t('calendarForm.tabs.schedule') }).click();
  const lane = page.getByRole('region', { name: textOf(language, 'lanes.lane', { number: 1 }), exact: true });
  await lane.getByLabel(t('lanes.startTime')).selectOption('09:00:00');
  await lane.getByLabel(t('lanes.endTime')).selectOption('16:00:00');
  await mark(page.getByRole('tab', { name: t('calendarForm.tabs.schedule') }));
  await shot(4);

  await button(page, t('calendarForm.save')).click();
  await seeBanner(page, t('calendarForm.created'));
  await page.waitForURL(/\/admin\/calendars$/);
  await mark(row(page, newCalendar.name));
  await shot(5);
}

async function createDates({ page, language, shot }: Walk): Promise<void> {
  const t = (key: string, values?: Record<string, string | number>) => textOf(language, key, values);
  const { monday, week } = planDates();
  await openCalendars(page);
  await button(page, t('calendars.actionsNamed', { name: newCalendar.name })).click();
  const menuItem = page.getByRole('menuitem', { name: t('calendars.editDates') });
  await menuItem.waitFor();
  await mark(menuItem);
  await shot(1);

  await menuItem.click();
  await page.waitForURL(/\/dates$/);
  await page.locator('.cd-months [data-date]').first().waitFor();
  const add = await chooseMode(page, language, 'add');
  await mark(add);
  await shot(2);

  await page.getByLabel(t('calendarDates.panel.start')).fill(monday);
  await page.getByLabel(t('calendarDates.panel.end')).fill(week(11));
  await button(page, t('calendarDates.panel.select')).click();
  await page.getByText(t('calendarDates.selectedCount_other', { count: 10 })).waitFor();
  await mark(page.locator('.cd-selection-panel'));
  await shot(3);

  await button(page, t('calendarDates.next')).click();
  await page.waitForURL(/\/dates\/batch\/add$/);
  await page.getByRole('heading', { level: 1, name: t('calendarDates.batch.addTitle') }).waitFor();
  await mark(button(page, t('calendarDates.save')));
  await shot(4);

  await button(page, t('calendarDates.save')).click();
  await seeBanner(page, t('calendarDates.batch.created'));
  await page.waitForURL(/\/dates$/);
  await day(page, monday).and(page.locator('[data-kind="enabled"]')).waitFor();
  await day(page, monday).scrollIntoViewIfNeeded();
  await shot(5);
}

async function editDates({ page, language, shot }: Walk): Promise<void> {
  const t = (key: string, values?: Record<string, string | number>) => textOf(language, key, values);
  const { week } = planDates();
  await openDatesTool(page, language);
  const edit = await chooseMode(page, language, 'edit');
  await mark(edit);
  await shot(1);

  for (const offset of [3, 4]) await day(page, week(offset)).click();
  await page.getByText(t('calendarDates.selectedCount_other', { count: 2 })).waitFor();
  await day(page, week(3)).scrollIntoViewIfNeeded();
  await mark(page.locator('.cd-actions'));
  await shot(2);

  await button(page, t('calendarDates.edit')).click();
  await page.waitForURL(/\/dates\/batch\/edit$/);
  const enabled = page
    .getByRole('switch', { name: t('calendarDates.enabled') })
    .or(page.getByLabel(t('calendarDates.enabled'), { exact: true }))
    .first();
  await enabled.uncheck({ force: true });
  await mark(enabled.locator('xpath=ancestor::label[1]'));
  await shot(3);

  await button(page, t('calendarDates.save')).click();
  await seeBanner(page, t('calendarDates.batch.modified'));
  await page.waitForURL(/\/dates$/);
  await day(page, week(3)).and(page.locator('[data-kind="disabled"]')).waitFor();
  await day(page, week(3)).scrollIntoViewIfNeeded();
  await shot(4);

  await page.locator('.bp6-toast').first().waitFor({ state: 'detached', timeout: 10_000 });
  await chooseMode(page, language, 'none');
  await day(page, week(2)).click();
  await page.waitForURL(/\/dates\/\d{4}-\d{2}-\d{2}\/edit$/);
  await page.getByRole('heading', { name: t('calendarDates.timeslots.title') }).waitFor();
  await shot(5);
}

async function moveDates({ page, language, shot }: Walk): Promise<void> {
  const t = (key: string, values?: Record<string, string | number>) => textOf(language, key, values);
  const { week } = planDates();
  await openDatesTool(page, language);
  await chooseMode(page, language, 'move');
  for (const offset of [7, 8]) await day(page, week(offset)).click();
  await page.getByText(t('calendarDates.moveSources_other', { count: 2 })).waitFor();
  await day(page, week(7)).scrollIntoViewIfNeeded();
  await mark(button(page, t('calendarDates.chooseTargets')));
  await shot(1);

  await button(page, t('calendarDates.chooseTargets')).click();
  for (const offset of [14, 15]) await day(page, week(offset)).click();
  await page.getByText(t('calendarDates.moveTargets', { chosen: 2, count: 2 })).waitFor();
  await day(page, week(14)).scrollIntoViewIfNeeded();
  await shot(2);

  await mark(button(page, t('calendarDates.moveAction')));
  await shot(3);

  await button(page, t('calendarDates.moveAction')).click();
  await seeBanner(page, t('calendarDates.moved'));
  await day(page, week(14)).and(page.locator('[data-kind="enabled"]')).waitFor();
  await day(page, week(14)).scrollIntoViewIfNeeded();
  await shot(4);
}

async function copyDates({ page, language, shot }: Walk): Promise<void> {
  const t = (key: string, values?: Record<string, string | number>) => textOf(language, key, values);
  const { week } = planDates();
  await openDatesTool(page, language);
  await chooseMode(page, language, 'copy');
  await day(page, week(9)).click();
  await day(page, week(9)).scrollIntoViewIfNeeded();
  await mark(button(page, t('calendarDates.chooseTargets')));
  await shot(1);

  await button(page, t('calendarDates.chooseTargets')).click();
  await page.getByLabel(t('calendarDates.panel.start')).fill(week(21));
  await page.getByLabel(t('calendarDates.panel.end')).fill(week(25));
  await mark(page.locator('.cd-selection-panel'));
  await shot(2);

  await button(page, t('calendarDates.panel.select')).click();
  await page.getByText(t('calendarDates.copyTargets_other', { count: 5 })).waitFor();
  await day(page, week(21)).scrollIntoViewIfNeeded();
  await mark(button(page, t('calendarDates.copyAction')));
  await shot(3);

  await button(page, t('calendarDates.copyAction')).click();
  await seeBanner(page, t('calendarDates.copied'));
  await day(page, week(21)).and(page.locator('[data-kind="enabled"]')).waitFor();
  await day(page, week(21)).scrollIntoViewIfNeeded();
  await shot(4);
}

async function calendarAccess({ page, app, language, shot }: Walk): Promise<void> {
  const t = (key: string, values?: Record<string, string | number>) => textOf(language, key, values);
  const token = await seedAdminToken(app);
  for (const [firstName, lastName] of [
    ['Basil', 'Bennett'],
    ['Chloé', 'Lavoie'],
  ] as const)
    await createUser(app.baseUrl, token, {
      email: `${firstName.toLowerCase().replace('é', 'e')}.${lastName.toLowerCase()}@example.com`,
      firstName,
      lastName,
      roles: ['ROLE_USER'],
    });
  await openCalendars(page);
  await button(page, t('calendars.actionsNamed', { name: accessCalendar })).click();
  const menuItem = page.getByRole('menuitem', { name: t('calendars.manageAccess') });
  await mark(menuItem);
  await shot(1);

  await menuItem.click();
  await page.waitForURL(/\/users$/);
  await row(page, 'basil.bennett@example.com').waitFor();
  await page.getByRole('checkbox', { name: 'Basil Bennett' }).check({ force: true });
  await page.getByText(t('calendars.access.selected_one', { count: 1 })).waitFor();
  await mark(row(page, 'basil.bennett@example.com'));
  await shot(2);

  await button(page, t('calendars.access.grant')).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  await shot(3);

  await dialog.getByRole('button', { name: t('calendars.access.grant') }).click();
  await page.getByText(t('calendars.access.granted')).waitFor();
  await mark(row(page, 'basil.bennett@example.com'));
  await shot(4);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const helpWalks: Record<HelpTopicKey, (walk: Walk) => Promise<void>> = {
  createCalendar,
  createDates,
  editDates,
  moveDates,
  copyDates,
  calendarAccess,
};
