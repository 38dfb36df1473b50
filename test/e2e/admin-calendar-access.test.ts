import type { Browser, BrowserContext, Page } from 'playwright';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/app';
import { browserLifecycle } from '../support/browser';
import { newContext, newPage, row, signInAs } from '../support/admin-browser';
import { request } from '../support/http';
import { bearer, createUser, signIn, STRONG_PASSWORD } from '../support/identity';

/**
 * §2.3 calendar access in Chromium against the whole app (demo seed, sign-in code off): /admin/calendars and its
 * Manage Access action, /admin/calendars/{id}/users (select, confirm, grant, revoke, filters, the banner), what
 * a Basic User then sees, and the user form's Calendar Access tab editing the same list.
 */
interface Context {
  app?: TestApp;
  browser?: Browser;
  context?: BrowserContext;
}

const test = suite<Context>('e2e: admin calendar access');

/** The text of a row's Access (last) cell. */
const accessOf = (page: Page, text: string) => row(page, text).getByRole('cell').last();

async function calendarIds(context: Context): Promise<Map<string, number>> {
  const root = await signIn(context.app!.baseUrl, context.app!.seedAdmin.email, context.app!.seedAdmin.password);
  const answer = await request(context.app!.baseUrl, 'GET', '/api/calendars', undefined, bearer(root));
  return new Map((answer.json.items as { id: number; name: string }[]).map((calendar) => [calendar.name, calendar.id]));
}

/** The demo's categories and locations (English names) by name. */
async function referenceIds(context: Context): Promise<Map<string, number>> {
  const root = await signIn(context.app!.baseUrl, context.app!.seedAdmin.email, context.app!.seedAdmin.password);
  const ids = new Map<string, number>();
  for (const path of ['/api/categories', '/api/locations']) {
    const answer = await request(context.app!.baseUrl, 'GET', path, undefined, bearer(root));
    for (const item of answer.json.items as { id: number; name: string }[]) ids.set(item.name, item.id);
  }
  return ids;
}

/** A Basic User without calendars (as after a revoke), given these categories and locations (§3). */
async function createBasicUser(
  context: Context,
  email: string,
  firstName: string,
  lastName: string,
  access: { categoryIds?: number[]; locationIds?: number[] } = {},
): Promise<number> {
  const root = await signIn(context.app!.baseUrl, context.app!.seedAdmin.email, context.app!.seedAdmin.password);
  return createUser(context.app!.baseUrl, root, {
    email,
    firstName,
    lastName,
    roles: ['ROLE_USER'],
    password: STRONG_PASSWORD,
    ...access,
  });
}

const cornwall = 'Cornwall Immunization Clinic';
const hawkesbury = 'Hawkesbury Immunization Clinic';

const register = browserLifecycle(test, {
  start: async (context) => {
    context.app = await startTestApp();
  },
  stop: async (context) => {
    await context.app?.stop();
  },
});

register(
  'a System Administrator grants a Basic User access to a calendar, the user sees it, then it is revoked',
  async (context) => {
    const reference = await referenceIds(context);
    await createBasicUser(context, 'basil.basic@example.com', 'Basil', 'Basic', {
      categoryIds: [reference.get('Immunization')!],
      locationIds: [reference.get('Cornwall Office')!],
    });
    await createBasicUser(context, 'tina.travel@example.com', 'Tina', 'Travel', {
      categoryIds: [reference.get('Travel Health')!],
      locationIds: [reference.get('Casselman Office')!],
    });
    const { email, password } = context.app!.seedAdmin;
    const page = await newPage(context, { width: 1280, height: 900 });
    await signInAs(context, page, email, password, '/admin/calendars');

    for (const name of [cornwall, hawkesbury, 'Rockland Prenatal Classes', 'Winchester Flu Clinic'])
      await row(page, name).waitFor();
    // Columns name, category, location, enabled (§2.3); a group session is tagged by its name.
    assert.is(
      await row(page, 'Winchester Flu Clinic').getByRole('cell').nth(2).innerText(),
      'No',
      'the disabled calendar says so',
    );
    assert.ok(await row(page, 'Rockland Prenatal Classes').getByText('Group session').isVisible(), 'a group session');

    await row(page, cornwall)
      .getByRole('button', { name: `Actions for ${cornwall}` })
      .click();
    await page.getByRole('menuitem', { name: 'Manage Access' }).click();
    await page.waitForURL(/\/admin\/calendars\/\d+\/users$/);
    await page.getByRole('heading', { level: 1, name: cornwall }).waitFor();
    await row(page, 'basil.basic@example.com').waitFor();
    assert.is(await accessOf(page, email).innerText(), 'Yes', 'administrators always have access');
    assert.ok(await row(page, email).getByRole('checkbox').isDisabled(), 'an administrator cannot be selected');
    assert.ok(await page.getByText('Administrators have access to all calendars.').isVisible());
    assert.is(await accessOf(page, 'basil.basic@example.com').innerText(), 'No');
    assert.ok(await page.getByRole('button', { name: 'Grant access' }).isDisabled(), 'nothing selected yet');

    // The text filter limits who is offered.
    await page.getByLabel('Name or email').fill('BASIL');
    await row(page, email).waitFor({ state: 'detached' });
    assert.is(await page.getByRole('row').count(), 2, 'the header and Basil');
    await page.getByLabel('Name or email').fill('');
    await row(page, email).waitFor();

    // The category and location filters offer only the users given them (administrators always have access).
    const category = page.getByLabel('Users with access to the category');
    const location = page.getByLabel('Users with access to the location');
    await category.selectOption({ label: 'Travel Health' });
    await row(page, 'basil.basic@example.com').waitFor({ state: 'detached' });
    await row(page, 'tina.travel@example.com').waitFor();
    assert.ok(await row(page, email).isVisible(), 'an administrator is always offered');
    await location.selectOption({ label: 'Cornwall Office' });
    await row(page, 'tina.travel@example.com').waitFor({ state: 'detached' });
    assert.is(await page.getByRole('row').count(), 2, 'the header and the System Administrator');
    await category.selectOption({ label: 'Any category' });
    await row(page, 'basil.basic@example.com').waitFor();
    assert.is(await row(page, 'tina.travel@example.com').count(), 0, 'Tina works at Casselman');
    await location.selectOption({ label: 'Any location' });
    await row(page, 'tina.travel@example.com').waitFor();

    await page.getByRole('checkbox', { name: 'Basil Basic' }).check({ force: true });
    await page.getByText('1 user selected').waitFor();
    await page.getByRole('button', { name: 'Grant access' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(`Grant access to ${cornwall} to 1 selected user?`).waitFor();
    await dialog.getByRole('button', { name: 'Grant access' }).click();
    const banner = page.getByText('Successfully granted access to selected users.');
    await banner.waitFor();
    await accessOf(page, 'basil.basic@example.com').getByText('Yes').waitFor();
    assert.not.ok(await page.getByRole('checkbox', { name: 'Basil Basic' }).isChecked(), 'the selection is cleared');
    await banner.waitFor({ state: 'hidden', timeout: 8_000 }); // §9: banners hide after 5 seconds

    // The Basic User now gets that calendar only, from the API and on the page, without Manage Access.
    const basilToken = await signIn(context.app!.baseUrl, 'basil.basic@example.com', STRONG_PASSWORD);
    const theirs = await request(context.app!.baseUrl, 'GET', '/api/calendars', undefined, bearer(basilToken));
    assert.equal(
      (theirs.json.items as { name: string }[]).map((calendar) => calendar.name),
      [cornwall],
    );
    const basil = await newContext(context, { width: 1280, height: 900 }, 'en');
    try {
      await signInAs(context, basil.page, 'basil.basic@example.com', STRONG_PASSWORD, '/admin/calendars');
      await row(basil.page, cornwall).waitFor();
      assert.is(await basil.page.getByRole('row').count(), 2, 'the header and the one calendar');
      await basil.page.getByRole('button', { name: `Actions for ${cornwall}` }).click();
      await basil.page.getByRole('menuitem', { name: 'View Appointments' }).waitFor();
      assert.is(
        await basil.page.getByRole('menuitem', { name: 'Manage Access' }).count(),
        0,
        'no Manage Access for a Basic User',
      );
      await basil.page.keyboard.press('Escape');
      await basil.page.goto(`${page.url()}`);
      await basil.page.getByText('Access denied').waitFor();
    } finally {
      await basil.browserContext.close();
    }

    // Revoked again.
    await page.getByRole('checkbox', { name: 'Basil Basic' }).check({ force: true });
    await page.getByRole('button', { name: 'Revoke access' }).click();
    await dialog.getByText(`Revoke access to ${cornwall} from 1 selected user?`).waitFor();
    await dialog.getByRole('button', { name: 'Revoke access' }).click();
    await page.getByText('Successfully revoked access to selected users.').waitFor(); // §8, word for word
    await accessOf(page, 'basil.basic@example.com').getByText('No').waitFor();
    const after = await request(context.app!.baseUrl, 'GET', '/api/calendars', undefined, bearer(basilToken));
    assert.equal(after.json.items, []);

    // An unknown calendar.
    await page.goto(`${context.app!.baseUrl}/admin/calendars/999999/users`);
    await page.getByText('This calendar could not be found.').waitFor();
  },
);

register(
  'in French on a phone: grant on the calendar, then change it in the user form’s Calendar Access tab',
  async (context) => {
    const ids = await calendarIds(context);
    const reference = await referenceIds(context);
    await createBasicUser(context, 'beatrice.base@example.com', 'Béatrice', 'Base', {
      categoryIds: [reference.get('Immunization')!],
      locationIds: [reference.get('Cornwall Office')!],
    });
    await createBasicUser(context, 'claude.clinique@example.com', 'Claude', 'Clinique', {
      categoryIds: [reference.get('Travel Health')!],
    });
    const { email, password } = context.app!.seedAdmin;
    const page = await newPage(context, { width: 375, height: 812 }, 'fr');
    await signInAs(context, page, email, password, '/admin/calendars', 'fr');

    await page.getByRole('heading', { level: 1, name: 'Calendriers' }).waitFor();
    await page.getByRole('button', { name: `Actions pour ${cornwall}` }).click();
    await page.getByRole('menuitem', { name: 'Gérer l’accès' }).click();
    await page.waitForURL(`**/admin/calendars/${ids.get(cornwall)}/users`);
    await page.getByRole('heading', { level: 1, name: cornwall }).waitFor();
    assert.is(await accessOf(page, email).innerText(), 'Oui');
    await page.getByRole('checkbox', { name: 'Béatrice Base' }).check({ force: true });
    await page.getByRole('button', { name: 'Accorder l’accès' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(`Accorder l’accès à ${cornwall} à 1 utilisateur sélectionné\u00a0?`).waitFor();
    await dialog.getByRole('button', { name: 'Accorder l’accès' }).click();
    await page.getByText('L’accès a été accordé avec succès aux utilisateurs sélectionnés.').waitFor();
    await accessOf(page, 'beatrice.base@example.com').getByText('Oui').waitFor();
    assert.is(await accessOf(page, 'claude.clinique@example.com').innerText(), 'Non');

    // Filters by category and location, in French.
    const category = page.getByLabel('Utilisateurs qui ont accès à la catégorie');
    const location = page.getByLabel('Utilisateurs qui ont accès à l’emplacement');
    await category.selectOption({ label: 'Travel Health' });
    await row(page, 'beatrice.base@example.com').waitFor({ state: 'detached' });
    await row(page, 'claude.clinique@example.com').waitFor();
    await category.selectOption({ label: 'N’importe quelle catégorie' });
    await location.selectOption({ label: 'Bureau de Cornwall' });
    await row(page, 'claude.clinique@example.com').waitFor({ state: 'detached' });
    await row(page, 'beatrice.base@example.com').waitFor();
    await location.selectOption({ label: 'N’importe quel emplacement' });
    await row(page, 'claude.clinique@example.com').waitFor();

    // The user form shows that calendar checked; moving her to Hawkesbury there shows on both calendars.
    await page.goto(`${context.app!.baseUrl}/admin/users`);
    await row(page, 'beatrice.base@example.com').getByRole('button', { name: 'Modifier Béatrice Base' }).click();
    await page.getByRole('tab', { name: 'Accès aux calendriers' }).click();
    await page.getByText('Cet utilisateur a accès à 1 calendrier.').waitFor();
    assert.ok(await page.getByRole('checkbox', { name: cornwall }).isChecked());
    assert.not.ok(await page.getByRole('checkbox', { name: hawkesbury }).isChecked());
    await page.getByRole('checkbox', { name: cornwall }).uncheck({ force: true });
    await page.getByRole('checkbox', { name: hawkesbury }).check({ force: true });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('L’utilisateur a été enregistré.').waitFor();
    await page.waitForURL(/\/admin\/users$/);

    await page.goto(`${context.app!.baseUrl}/admin/calendars/${ids.get(hawkesbury)}/users`);
    await page.getByRole('heading', { level: 1, name: hawkesbury }).waitFor();
    await accessOf(page, 'beatrice.base@example.com').getByText('Oui').waitFor();
    await page.goto(`${context.app!.baseUrl}/admin/calendars/${ids.get(cornwall)}/users`);
    await page.getByRole('heading', { level: 1, name: cornwall }).waitFor();
    await accessOf(page, 'beatrice.base@example.com').getByText('Non').waitFor();

    // Offer only the users who have access to Hawkesbury: Béatrice (and the administrators), not Claude.
    await page.getByLabel('Utilisateurs qui ont accès à', { exact: true }).selectOption({ label: hawkesbury });
    await row(page, 'claude.clinique@example.com').waitFor({ state: 'detached' });
    await row(page, 'beatrice.base@example.com').waitFor();
    await page.getByRole('button', { name: 'Tout sélectionner' }).click();
    await page.getByText('1 utilisateur sélectionné').waitFor();
    await page.getByRole('button', { name: 'Accorder l’accès' }).click();
    await dialog.getByRole('button', { name: 'Accorder l’accès' }).click();
    await page.getByText('L’accès a été accordé avec succès aux utilisateurs sélectionnés.').waitFor();
    await accessOf(page, 'beatrice.base@example.com').getByText('Oui').waitFor();
  },
);

test.run();
