import type { Browser, BrowserContext, Page } from 'playwright';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Role } from '../../domain/users/user';
import { startTestApp, type TestApp } from '../support/app';
import { browserLifecycle } from '../support/browser';
import { createUser, loginCheck, mailsTo, resetLinkOf, signInCodeOf, STRONG_PASSWORD } from '../support/identity';
import { startSmtpCapture, type CapturedMail } from '../support/smtp-capture';

/**
 * §2.2, §2.3, §4.4, §8 in Chromium against the whole app with the e-mailed sign-in code on and a real SMTP
 * capture: sign-in with the code step, the role-based menu, sign-out, the refusal messages, and the password
 * reset through the mailed link. Once in English on a desktop screen, once in French on a phone.
 * The API sends at most three sign-in codes per account in 15 minutes, so each test signs in its own accounts.
 */
interface Context {
  app?: TestApp;
  smtp?: Awaited<ReturnType<typeof startSmtpCapture>>;
  browser?: Browser;
  context?: BrowserContext;
  rootToken?: string;
}

const test = suite<Context>('e2e: admin sign-in, menu and password reset');
const timeout = 15_000;
const NEW_PASSWORD = 'N3w!Passw0rd';

const texts = {
  en: {
    viewport: { width: 1280, height: 900 },
    email: 'Email',
    password: 'Password',
    code: 'Six-digit code',
    signIn: 'Sign In',
    signInTitle: 'Staff sign-in',
    codeSent: 'Please enter the six-digit code that was sent to your email address.',
    codeInvalid: 'The code you entered is invalid.',
    invalidCredentials: 'The email address or password is incorrect.',
    lastLogin: /^Last login: .+ at \d{1,2}:\d\d\s(a|p)\.m\.$/,
    menu: 'Staff menu',
    rootEntries: [
      'Calendar Overview',
      'Calendars',
      'Request Forms',
      'Search',
      'Categories',
      'Locations',
      'Users',
      'Report',
      'Statistics',
      'Messages',
      'Email Templates',
      'Data Exporter',
      'Services',
      'Event Log',
      'Records as of a Moment',
      'Access Log',
      'Help',
    ],
    userEntries: ['Calendar Overview', 'Calendars', 'Request Forms', 'Search', 'Help'],
    adminEntries: [
      'Calendar Overview',
      'Calendars',
      'Request Forms',
      'Search',
      'Categories',
      'Locations',
      'Users',
      'Report',
      'Statistics',
      'Messages',
      'Help',
    ],
    usersTitle: 'Users',
    overview: 'Calendar Overview',
    forgot: 'Forgot your password?',
    resetRequestSubmit: 'Send the link',
    resetRequested: 'A new password will be sent to the email if the user account exists. Please check your inbox.',
    newPassword: /^New password/,
    newPasswordCheck: /^Confirm the new password/,
    resetSubmit: 'Change the password',
    mismatch: 'The passwords must match!',
    notAllRules: 'The password does not meet all the rules below.',
    passwordChanged: 'Your password has been changed. You can now sign in with it.',
    invalidCode: 'The password reset code is invalid.',
    signOut: 'Sign Out',
    logout: 'Logout',
  },
  fr: {
    viewport: { width: 375, height: 812 },
    email: 'Courriel',
    password: 'Mot de passe',
    code: 'Code à six chiffres',
    signIn: 'Se connecter',
    signInTitle: 'Connexion du personnel',
    codeSent: 'Veuillez entrer le code à six chiffres qui a été envoyé à votre adresse courriel.',
    codeInvalid: 'Le code que vous avez entré est invalide.',
    invalidCredentials: 'L’adresse courriel ou le mot de passe est incorrect.',
    lastLogin: /^Dernière connexion\u00a0: .+ à \d{1,2}\u00a0h(\u00a0\d\d)?$/,
    menu: 'Menu du personnel',
    rootEntries: [
      'Aperçu des calendriers',
      'Calendriers',
      'Formulaires de demande',
      'Recherche',
      'Catégories',
      'Emplacements',
      'Utilisateurs',
      'Rapport',
      'Statistiques',
      'Messages',
      'Modèles de courriel',
      'Exportation des données',
      'Services',
      'Journal des événements',
      'Dossiers à un moment donné',
      'Journal des accès',
      'Aide',
    ],
    userEntries: ['Aperçu des calendriers', 'Calendriers', 'Formulaires de demande', 'Recherche', 'Aide'],
    adminEntries: [
      'Aperçu des calendriers',
      'Calendriers',
      'Formulaires de demande',
      'Recherche',
      'Catégories',
      'Emplacements',
      'Utilisateurs',
      'Rapport',
      'Statistiques',
      'Messages',
      'Aide',
    ],
    usersTitle: 'Utilisateurs',
    overview: 'Aperçu des calendriers',
    forgot: 'Mot de passe oublié\u00a0?',
    resetRequestSubmit: 'Envoyer le lien',
    resetRequested:
      'Un nouveau mot de passe sera envoyé à l’adresse courriel si le compte d’utilisateur existe. Veuillez vérifier votre boîte de réception.',
    newPassword: /^Nouveau mot de passe/,
    newPasswordCheck: /^Confirmez le nouveau mot de passe/,
    resetSubmit: 'Changer le mot de passe',
    mismatch: 'Les mots de passe doivent correspondre\u00a0!',
    notAllRules: 'Le mot de passe ne respecte pas toutes les règles ci-dessous.',
    passwordChanged: 'Votre mot de passe a été changé. Vous pouvez maintenant vous connecter avec celui-ci.',
    invalidCode: 'Le code de réinitialisation du mot de passe est invalide.',
    signOut: 'Se déconnecter',
    logout: 'Déconnexion',
  },
} as const;
type Language = keyof typeof texts;

/** The mails sent to `address` once there are more than `already` of them. */
async function nextMail(context: Context, address: string, already: number): Promise<CapturedMail> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const mails = mailsTo(context.smtp!.messages, address);
    if (mails.length > already) return mails.at(-1)!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail reached ${address}`);
}

const mailCount = (context: Context, address: string) => mailsTo(context.smtp!.messages, address).length;

/** A bearer token through the API: password, then the mailed code. */
async function apiSignIn(context: Context, email: string, password: string): Promise<string> {
  const before = mailCount(context, email);
  const first = await loginCheck(context.app!.baseUrl, email, password);
  assert.is(first.json?.error, '2FA_REQUIRED', `sign-in of ${email}: ${first.text}`);
  const code = signInCodeOf(await nextMail(context, email, before));
  const second = await loginCheck(context.app!.baseUrl, email, password, code);
  assert.is(second.status, 200, second.text);
  return second.json.token as string;
}

async function newStaff(context: Context, email: string, roles: Role[], name: { firstName: string; lastName: string }) {
  await createUser(context.app!.baseUrl, context.rootToken!, { email, roles, password: STRONG_PASSWORD, ...name });
  return { email, password: STRONG_PASSWORD, name: `${name.firstName} ${name.lastName}` };
}

async function newPage(context: Context, language: Language): Promise<Page> {
  context.context = await context.browser!.newContext({ viewport: texts[language].viewport });
  const page = await context.context.newPage();
  page.setDefaultTimeout(timeout);
  page.on('pageerror', (error) => console.error('  page error:', error.message));
  return page;
}

/** Opens the sign-in page and puts it in `language` with the header's toggle (remembered for the admin pages). */
async function openSignIn(context: Context, page: Page, language: Language, path = '/admin/login') {
  await page.goto(`${context.app!.baseUrl}${path}`);
  await page.waitForURL('**/admin/login');
  if (language === 'fr') {
    await page.getByRole('button', { name: 'Français' }).click();
    await page.getByRole('button', { name: 'English' }).waitFor();
    assert.is(await page.getAttribute('html', 'lang'), 'fr');
  }
  await page.getByRole('heading', { level: 1, name: texts[language].signInTitle }).waitFor();
}

async function enterCredentials(page: Page, language: Language, email: string, password: string) {
  const t = texts[language];
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password, { exact: false }).first().fill(password);
  await page.getByRole('button', { name: t.signIn, exact: true }).click();
}

/** Email and password, the code step (its §8 message), the code read from the captured mail. */
async function signInWithCode(context: Context, page: Page, language: Language, email: string, password: string) {
  const t = texts[language];
  const before = mailCount(context, email);
  await enterCredentials(page, language, email, password);
  await page.getByText(t.codeSent).waitFor();
  const codeField = page.getByLabel(t.code);
  assert.is(await codeField.getAttribute('inputmode'), 'numeric');
  assert.is(await codeField.getAttribute('autocomplete'), 'one-time-code');
  const code = signInCodeOf(await nextMail(context, email, before));
  await codeField.fill(code);
  await page.getByRole('button', { name: t.signIn, exact: true }).click();
}

/** The menu's entries (links), opening it first on a phone. */
async function menuEntries(page: Page, language: Language): Promise<string[]> {
  await page.getByRole('banner').getByRole('button', { name: texts[language].signOut }).waitFor();
  const menuButton = page.getByRole('button', { name: 'Menu' });
  if (await menuButton.isVisible()) {
    await menuButton.click();
    assert.is(await menuButton.getAttribute('aria-expanded'), 'true');
  }
  const nav = page.getByRole('navigation', { name: texts[language].menu });
  await nav.waitFor();
  return (await nav.getByRole('link').allInnerTexts()).map((text) => text.trim());
}

const register = browserLifecycle(test, {
  start: async (context) => {
    context.smtp = await startSmtpCapture();
    context.app = await startTestApp({ twoFactor: 'email', smtpUrl: context.smtp.url });
    context.rootToken = await apiSignIn(context, context.app.seedAdmin.email, context.app.seedAdmin.password);
  },
  stop: async (context) => {
    await context.app?.stop();
    await context.smtp?.stop();
  },
});

register(
  'English: a signed-out visit goes to sign-in, the code step, back to the page asked for, the root menu, Sign Out',
  async (context) => {
    const t = texts.en;
    const { email, password } = context.app!.seedAdmin;
    const page = await newPage(context, 'en');
    await openSignIn(context, page, 'en', '/admin/users');
    assert.is(await page.getAttribute('html', 'lang'), 'en');

    await signInWithCode(context, page, 'en', email, password);
    await page.waitForURL('**/admin/users');
    await page.getByRole('heading', { level: 1, name: t.usersTitle }).waitFor();
    await page.getByRole('cell', { name: email }).waitFor();

    // The header: the user's name and the previous sign-in (the API sign-in of the suite's set-up).
    const header = page.getByRole('banner');
    assert.match((await header.locator('.admin-last-login').innerText()).trim(), t.lastLogin);
    assert.equal(await menuEntries(page, 'en'), t.rootEntries);
    assert.ok(await page.getByRole('navigation', { name: t.menu }).getByRole('button', { name: t.logout }).isVisible());

    // A root-only menu entry opens its screen, then Help with its six topics.
    await page.getByRole('navigation', { name: t.menu }).getByRole('link', { name: 'Services' }).click();
    await page.waitForURL('**/admin/services');
    await page.getByRole('heading', { level: 1, name: 'Services' }).waitFor();
    await page.getByRole('navigation', { name: t.menu }).getByRole('link', { name: 'Help' }).click();
    await page.getByRole('heading', { level: 1, name: 'Help' }).waitFor();
    assert.is(await page.locator('.help-topics a').count(), 6);
    assert.ok(await page.getByRole('link', { name: 'Managing calendar access' }).isVisible());

    await header.getByRole('button', { name: t.signOut }).click();
    await page.waitForURL('**/admin/login');
    assert.is(await page.evaluate(() => window.localStorage.getItem('auth')), null);
    await page.goto(`${context.app!.baseUrl}/admin`);
    await page.waitForURL('**/admin/login');
  },
);

register(
  'French on a phone: the code step, the root menu behind the Menu button, Logout from the menu',
  async (context) => {
    const t = texts.fr;
    const root = await newStaff(context, 'racine@example.com', ['ROLE_ROOT'], {
      firstName: 'Renée',
      lastName: 'Racine',
    });
    await apiSignIn(context, root.email, root.password); // so the header has a previous sign-in to show
    const page = await newPage(context, 'fr');
    await openSignIn(context, page, 'fr');

    await signInWithCode(context, page, 'fr', root.email, root.password);
    await page.waitForURL(/\/admin$/);
    await page.getByRole('heading', { level: 1, name: t.overview }).waitFor();
    const header = page.getByRole('banner');
    assert.ok(await header.getByText(root.name).isVisible());
    assert.match((await header.locator('.admin-last-login').innerText()).trim(), t.lastLogin);
    assert.is(await page.getByRole('navigation', { name: t.menu }).isVisible(), false, 'the phone menu starts closed');
    assert.equal(await menuEntries(page, 'fr'), t.rootEntries);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: t.overview }).waitFor();
    assert.is(await page.getAttribute('html', 'lang'), 'fr', 'the language survives a reload');

    await menuEntries(page, 'fr');
    await page.getByRole('navigation', { name: t.menu }).getByRole('button', { name: t.logout }).click();
    await page.waitForURL('**/admin/login');
    assert.is(await page.evaluate(() => window.localStorage.getItem('auth')), null);
    await page.getByRole('heading', { level: 1, name: t.signInTitle }).waitFor();
  },
);

for (const language of ['en', 'fr'] as const) {
  const t = texts[language];

  register(`${language}: a wrong password, then a wrong code, each with its message`, async (context) => {
    const staff = await newStaff(context, `refused-${language}@example.com`, ['ROLE_ADMIN'], {
      firstName: 'Paul',
      lastName: `Refus ${language}`,
    });
    const page = await newPage(context, language);
    await openSignIn(context, page, language);

    await enterCredentials(page, language, staff.email, 'Wr0ng!Guess');
    await page.getByRole('alert').filter({ hasText: t.invalidCredentials }).waitFor();
    assert.is(await page.getByLabel(t.code).count(), 0, 'no code field after a wrong password');

    const before = mailCount(context, staff.email);
    await enterCredentials(page, language, staff.email, staff.password);
    await page.getByText(t.codeSent).waitFor();
    const real = signInCodeOf(await nextMail(context, staff.email, before));
    const wrong = `${(Number(real[0]) + 1) % 10}${real.slice(1)}`;
    await page.getByLabel(t.code).fill(wrong);
    await page.getByRole('button', { name: t.signIn, exact: true }).click();
    await page.getByRole('alert').filter({ hasText: t.codeInvalid }).waitFor();
    assert.match(new URL(page.url()).pathname, /^\/admin\/login$/);
    assert.is(await page.evaluate(() => window.localStorage.getItem('auth')), null);

    // The right code still works after a wrong one.
    await page.getByLabel(t.code).fill(real);
    await page.getByRole('button', { name: t.signIn, exact: true }).click();
    await page.waitForURL(/\/admin$/);
    assert.equal(await menuEntries(page, language), t.adminEntries, 'a Calendar Administrator sees no root-only entry');
  });

  register(`${language}: password reset by the mailed link, then sign-in with the new password`, async (context) => {
    const staff = await newStaff(context, `reset-${language}@example.com`, ['ROLE_USER'], {
      firstName: 'Rita',
      lastName: `Reset ${language}`,
    });
    const page = await newPage(context, language);
    await openSignIn(context, page, language);

    await page.getByRole('link', { name: t.forgot }).click();
    await page.waitForURL('**/admin/password-reset-request');
    const before = mailCount(context, staff.email);
    await page.getByLabel(t.email).fill(staff.email);
    await page.getByRole('button', { name: t.resetRequestSubmit }).click();
    // The form first solves the bot check's proof of work, and the request sends the mail before it answers: on a
    // machine busy with the rest of the suite that has taken longer than the default 15 s.
    await page.getByText(t.resetRequested).waitFor({ timeout: 40_000 });
    const { code } = resetLinkOf(await nextMail(context, staff.email, before));

    // A made-up code is refused with §8's message.
    await page.goto(`${context.app!.baseUrl}/admin/password-reset/${'x'.repeat(40)}`);
    await page.getByLabel(t.newPassword).fill(NEW_PASSWORD);
    await page.getByLabel(t.newPasswordCheck).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: t.resetSubmit }).click();
    await page.getByRole('alert').filter({ hasText: t.invalidCode }).waitFor();

    await page.goto(`${context.app!.baseUrl}/admin/password-reset/${code}`);
    await page.getByLabel(t.newPassword).fill('short');
    await page.getByLabel(t.newPasswordCheck).fill('other');
    await page.getByRole('button', { name: t.resetSubmit }).click();
    await page.getByText(t.notAllRules).waitFor();
    await page.getByText(t.mismatch).waitFor();

    await page.getByLabel(t.newPassword).fill(NEW_PASSWORD);
    await page.getByLabel(t.newPasswordCheck).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: t.resetSubmit }).click();
    await page.getByText(t.passwordChanged).waitFor();
    await page.getByRole('button', { name: t.signIn }).click(); // a link drawn as a button
    await page.waitForURL('**/admin/login');

    await enterCredentials(page, language, staff.email, staff.password);
    await page.getByRole('alert').filter({ hasText: t.invalidCredentials }).waitFor();
    await signInWithCode(context, page, language, staff.email, NEW_PASSWORD);
    await page.waitForURL(/\/admin$/);
    await page.getByRole('heading', { level: 1, name: t.overview }).waitFor();
    assert.equal(await menuEntries(page, language), t.userEntries, 'a Basic User sees the user entries only');
  });
}

test.run();
