import type { Browser, BrowserContext, Response } from 'playwright';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/app';
import { browserLifecycle } from '../support/browser';
import { newPage, signInAs, type AdminLanguage } from '../support/admin-browser';
import { createUser, signIn, STRONG_PASSWORD } from '../support/identity';

/**
 * Issue 16 item 3: a Frontend Administrator (ROLE_FRONTEND, no staff role) signs in to a home page that says what
 * the account is for, with Help and Sign Out, no menu entry (§2.3), and no error: no call it makes is refused.
 */
interface Context {
  app?: TestApp;
  browser?: Browser;
  context?: BrowserContext;
}

const test = suite<Context>('e2e: the Frontend Administrator');

const texts = {
  en: {
    title: 'Frontend Administrator',
    purpose: /It is for the people who look after the public booking pages/,
    help: 'Help',
    signOut: 'Sign Out',
    forbidden: 'Access denied',
    menu: 'Staff menu',
  },
  fr: {
    title: 'Administrateur du site public',
    purpose: /Il sert aux personnes qui s'occupent des pages de réservation publiques/,
    help: 'Aide',
    signOut: 'Se déconnecter',
    forbidden: 'Accès refusé',
    menu: 'Menu du personnel',
  },
} as const;

const register = browserLifecycle(test, {
  start: async (context) => {
    context.app = await startTestApp();
  },
  stop: async (context) => {
    await context.app?.stop();
  },
});

for (const language of ['en', 'fr'] as const satisfies AdminLanguage[]) {
  const text = texts[language];
  register(
    `${language}: signs in to a home page of its own, with Help and Sign Out, and no refused call`,
    async (context) => {
      const app = context.app!;
      const email = `frontend.${language}@example.com`;
      const rootToken = await signIn(app.baseUrl, app.seedAdmin.email, app.seedAdmin.password);
      await createUser(app.baseUrl, rootToken, { email, roles: ['ROLE_FRONTEND'], password: STRONG_PASSWORD });

      const page = await newPage(context, { width: 1280, height: 900 }, language);
      const refused: string[] = [];
      page.on('response', (response: Response) => {
        if (response.url().includes('/api/') && response.status() >= 400)
          refused.push(`${response.status()} ${response.url()}`);
      });
      await signInAs(context, page, email, STRONG_PASSWORD, '/admin', language);
      await page.getByRole('heading', { level: 1, name: text.title }).waitFor();
      await page.getByText(text.purpose).waitFor();
      const menu = page.getByRole('navigation', { name: text.menu });
      const entries = (await menu.getByRole('link').allInnerTexts()).map((entry) => entry.trim());
      assert.equal(entries, [text.help], 'no menu entry but Help (§2.3)');
      assert.equal(refused, [], 'no call of the home page is refused');

      await page.getByRole('main').getByRole('button', { name: text.help }).click();
      await page.waitForURL('**/admin/help');
      await page.goto(`${app.baseUrl}/admin/calendars`);
      await page.getByText(text.forbidden).waitFor();
      assert.equal(
        refused.filter((call) => !call.includes('/api/calendars')),
        [],
        'only the staff screen typed in by hand is refused',
      );

      await page.goto(`${app.baseUrl}/admin`);
      await page.getByRole('main').getByRole('button', { name: text.signOut }).click();
      await page.waitForURL('**/admin/login');
    },
  );
}

test.run();
