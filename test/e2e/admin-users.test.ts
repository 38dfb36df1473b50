import type { Browser, BrowserContext } from 'playwright';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/app';
import { browserLifecycle } from '../support/browser';
import { newPage, row, signInAs } from '../support/admin-browser';
import { request } from '../support/http';
import { bearer, createUser, signIn, STRONG_PASSWORD } from '../support/identity';

/**
 * §2.3 /admin/users in Chromium against the whole app (sign-in code off): the list, the form with its tabs,
 * required fields, a taken e-mail, the success banner, and what a Calendar Administrator and a Basic User may do.
 */
interface Context {
  app?: TestApp;
  browser?: Browser;
  context?: BrowserContext;
}

const test = suite<Context>('e2e: admin users');

const register = browserLifecycle(test, {
  start: async (context) => {
    context.app = await startTestApp();
  },
  stop: async (context) => {
    await context.app?.stop();
  },
});

register(
  'a System Administrator adds a user (required fields, roles, a taken e-mail), then edits them',
  async (context) => {
    const { email, password } = context.app!.seedAdmin;
    const page = await newPage(context, { width: 1280, height: 900 });
    await signInAs(context, page, email, password, '/admin/users');
    await row(page, email).waitFor();
    assert.is(await row(page, email).getByRole('cell').nth(2).innerText(), 'System Administrator', 'the roles column');

    await page.getByRole('button', { name: 'Add New User' }).click();
    await page.waitForURL('**/admin/users/new');
    await page.getByRole('button', { name: 'Save' }).click();
    for (const message of [
      'Enter the first name.',
      'Enter the last name.',
      'Enter the email address.',
      'Enter a password, or choose to email the user a link.',
    ])
      await page.getByText(message).waitFor();

    // §5: a password now, or the explicit choice to e-mail a link to set it.
    assert.ok(await page.getByRole('radio', { name: 'Set a password now' }).isChecked(), 'a password by default');
    await page
      .getByRole('radio', { name: 'Send the user a link by email to set their password' })
      .check({ force: true });
    await page.getByText(/receives an email with a link to choose their password/).waitFor();
    assert.is(await page.getByLabel(/^Password/).count(), 0, 'no password field when the link is chosen');
    await page.getByRole('radio', { name: 'Set a password now' }).check({ force: true });
    assert.match(new URL(page.url()).pathname, /\/admin\/users\/new$/);

    await page.getByLabel(/^First name/).fill('Nadia');
    await page.getByLabel(/^Last name/).fill('Nurse');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Position/).fill('Public Health Nurse');
    assert.ok(
      await page.getByRole('checkbox', { name: 'Basic User' }).isChecked(),
      'a new user is a Basic User by default',
    );
    await page.getByRole('checkbox', { name: 'Calendar Administrator' }).check({ force: true });
    await page.getByText('The user has access to all calendars.').waitFor();
    assert.is(
      await page.getByRole('tab', { name: 'Calendar Access' }).count(),
      0,
      'no Calendar Access tab for an all-access user',
    );
    await page.getByRole('checkbox', { name: 'Calendar Administrator' }).uncheck({ force: true });
    await page.getByRole('tab', { name: 'Calendar Access' }).click();
    await page.getByText('This user has access to 0 calendars.').waitFor();
    await page.getByRole('tab', { name: 'General' }).click();

    await page.getByLabel(/^Password/).fill('weak');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The password does not meet all the rules below.').waitFor();
    await page.getByLabel(/^Password/).fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Save' }).click();
    // §5: calendars are required for a Basic User; the form opens the tab that lacks them.
    await page.getByText('Choose at least one calendar.').waitFor();
    await page.getByRole('checkbox', { name: 'Cornwall Immunization Clinic' }).check({ force: true });
    // §3: categories and locations too.
    await page.getByRole('checkbox', { name: 'Travel Health', exact: true }).check({ force: true });
    await page.getByRole('checkbox', { name: 'Casselman Office', exact: true }).check({ force: true });
    await page.getByText('This user has access to 1 calendar.').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This email address is already used by another user.').waitFor();

    await page.getByLabel(/^Email/).fill('nadia.nurse@example.com');
    await page.getByRole('button', { name: 'Save' }).click();
    const banner = page.getByText('The user has been saved.');
    await banner.waitFor();
    await page.waitForURL(/\/admin\/users$/);
    await row(page, 'nadia.nurse@example.com').getByText('Public Health Nurse').waitFor();
    assert.ok(await row(page, 'nadia.nurse@example.com').getByText('Never').isVisible());
    await banner.waitFor({ state: 'hidden', timeout: 8_000 }); // §9: banners hide after 5 seconds

    await row(page, 'nadia.nurse@example.com').getByRole('button', { name: 'Edit Nadia Nurse' }).click();
    await page.waitForURL(/\/admin\/users\/\d+\/edit$/);
    assert.is(await page.getByLabel(/^First name/).inputValue(), 'Nadia');
    await page.getByRole('tab', { name: 'Calendar Access' }).click();
    assert.ok(await page.getByRole('checkbox', { name: 'Cornwall Immunization Clinic' }).isChecked());
    assert.ok(await page.getByRole('checkbox', { name: 'Travel Health', exact: true }).isChecked());
    assert.ok(await page.getByRole('checkbox', { name: 'Casselman Office', exact: true }).isChecked());
    assert.not.ok(await page.getByRole('checkbox', { name: 'Immunization', exact: true }).isChecked());
    await page.getByRole('checkbox', { name: 'Casselman Office', exact: true }).uncheck({ force: true });
    await page.getByRole('checkbox', { name: 'Cornwall Office', exact: true }).check({ force: true });
    await page.getByRole('tab', { name: 'General' }).click();
    assert.is(await page.getByRole('radio').count(), 0, 'the password choice is for a new user only');
    await page.getByLabel(/^Position/).fill('Charge Nurse');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The user has been saved.').waitFor();
    await row(page, 'nadia.nurse@example.com').getByText('Charge Nurse').waitFor();
    const rootToken = await signIn(context.app!.baseUrl, email, password);
    const names = async (path: string) =>
      new Map(
        (
          (await request(context.app!.baseUrl, 'GET', path, undefined, bearer(rootToken))).json.items as {
            id: number;
            name: string;
          }[]
        ).map((item) => [item.id, item.name]),
      );
    const users = (await request(context.app!.baseUrl, 'GET', '/api/users', undefined, bearer(rootToken))).json.items;
    const nadia = users.find((user: { email: string }) => user.email === 'nadia.nurse@example.com');
    const categories = await names('/api/categories');
    const locations = await names('/api/locations');
    assert.equal(
      nadia.categoryIds.map((id: number) => categories.get(id)),
      ['Travel Health'],
    );
    assert.equal(
      nadia.locationIds.map((id: number) => locations.get(id)),
      ['Cornwall Office'],
    );

    // The new password works.
    assert.ok((await signIn(context.app!.baseUrl, 'nadia.nurse@example.com', STRONG_PASSWORD)).length > 0);
  },
);

register(
  'a Calendar Administrator, in French on a phone: no Edit for all-access users, no roles or password fields',
  async (context) => {
    const root = await signIn(context.app!.baseUrl, context.app!.seedAdmin.email, context.app!.seedAdmin.password);
    await createUser(context.app!.baseUrl, root, {
      email: 'ada.admin@example.com',
      firstName: 'Ada',
      lastName: 'Admin',
      roles: ['ROLE_ADMIN'],
      password: STRONG_PASSWORD,
    });
    const page = await newPage(context, { width: 375, height: 812 }, 'fr');
    await signInAs(context, page, 'ada.admin@example.com', STRONG_PASSWORD, '/admin/users', 'fr');

    await page.getByRole('heading', { level: 1, name: 'Utilisateurs' }).waitFor();
    await row(page, context.app!.seedAdmin.email).waitFor();
    assert.is(
      await row(page, context.app!.seedAdmin.email)
        .getByRole('button', { name: /^Modifier/ })
        .count(),
      0,
      'no Edit for a System Administrator',
    );
    assert.is(
      await row(page, 'ada.admin@example.com')
        .getByRole('button', { name: /^Modifier/ })
        .count(),
      0,
      'nor for an admin',
    );

    await page.getByRole('button', { name: 'Ajouter un utilisateur' }).click();
    await page.waitForURL('**/admin/users/new');
    await page.getByLabel(/^Prénom/).waitFor();
    assert.is(await page.getByRole('checkbox', { name: 'Administrateur système' }).count(), 0, 'no roles');
    assert.is(await page.getByLabel(/^Mot de passe/).count(), 0, 'no password');
    // A Calendar Administrator may not set a password: the new user is e-mailed the link (§5).
    await page.getByText(/l’utilisateur reçoit un courriel avec un lien pour choisir son mot de passe/).waitFor();
    await page.getByLabel(/^Prénom/).fill('Béatrice');
    await page.getByLabel(/^Nom de famille/).fill('Base');
    await page.getByLabel(/^Courriel/).fill('beatrice.base@example.com');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Choisissez au moins un calendrier.').waitFor();
    await page.getByRole('checkbox', { name: 'Cornwall Immunization Clinic' }).check({ force: true });
    await page.getByRole('checkbox', { name: 'Immunization', exact: true }).check({ force: true });
    await page.getByRole('checkbox', { name: 'Bureau de Cornwall', exact: true }).check({ force: true });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('L’utilisateur a été enregistré.').waitFor();
    await page.waitForURL(/\/admin\/users$/);
    const created = row(page, 'beatrice.base@example.com');
    await created.getByText('Utilisateur de base').waitFor();
    assert.ok(await created.getByText('Jamais').isVisible());

    await created.getByRole('button', { name: 'Modifier Béatrice Base' }).click();
    await page.getByRole('tab', { name: 'Accès aux calendriers' }).click();
    await page.getByText('Cet utilisateur a accès à 1 calendrier.').waitFor();
    assert.ok(await page.getByRole('checkbox', { name: 'Immunization', exact: true }).isChecked());
    assert.ok(await page.getByRole('checkbox', { name: 'Bureau de Cornwall', exact: true }).isChecked());
    assert.not.ok(await page.getByRole('checkbox', { name: 'Travel Health', exact: true }).isChecked());
    await page.getByRole('group', { name: 'Catégories auxquelles cet utilisateur a accès' }).waitFor();
    await page.getByRole('group', { name: 'Emplacements auxquels cet utilisateur a accès' }).waitFor();
  },
);

register('a Basic User has no Users entry and is refused the page', async (context) => {
  const root = await signIn(context.app!.baseUrl, context.app!.seedAdmin.email, context.app!.seedAdmin.password);
  await createUser(context.app!.baseUrl, root, {
    email: 'basil.basic@example.com',
    firstName: 'Basil',
    lastName: 'Basic',
    roles: ['ROLE_USER'],
    password: STRONG_PASSWORD,
  });
  const page = await newPage(context, { width: 1280, height: 900 });
  await signInAs(context, page, 'basil.basic@example.com', STRONG_PASSWORD, '/admin/users');
  await page.getByText('Access denied').waitFor();
  const nav = page.getByRole('navigation', { name: 'Staff menu' });
  assert.is(await nav.getByRole('link', { name: 'Users' }).count(), 0);
  assert.ok(await nav.getByRole('link', { name: 'Search' }).isVisible());
});

test.run();
