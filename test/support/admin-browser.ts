import type { Browser, BrowserContext, Locator, Page } from 'playwright';

/** Helpers of the admin browser tests: pages in a chosen admin language, sign-in through the form, table rows. */
export type AdminLanguage = 'en' | 'fr';
export interface Viewport {
  width: number;
  height: number;
}
interface AdminBrowserState {
  app?: { baseUrl: string } | undefined;
  browser?: Browser | undefined;
  context?: BrowserContext | undefined;
}

const timeout = 15_000;

/** A browser context whose admin pages open in `language` (the admin's choice is kept in localStorage). */
export async function newContext(
  state: AdminBrowserState,
  viewport: Viewport,
  language: AdminLanguage,
): Promise<{ browserContext: BrowserContext; page: Page }> {
  const browserContext = await state.browser!.newContext({ viewport });
  await browserContext.addInitScript((chosen) => window.localStorage.setItem('adminLanguage', chosen), language);
  const page = await browserContext.newPage();
  page.setDefaultTimeout(timeout);
  page.on('pageerror', (error) => console.error('  page error:', error.message));
  return { browserContext, page };
}

/** A page in the test's own browser context (closed by browserLifecycle after the test). */
export async function newPage(
  state: AdminBrowserState,
  viewport: Viewport,
  language: AdminLanguage = 'en',
): Promise<Page> {
  const { browserContext, page } = await newContext(state, viewport, language);
  state.context = browserContext;
  return page;
}

/** Opens `path`, is sent to the sign-in form, signs in (two-factor off) and lands back on `path`. */
export async function signInAs(
  state: AdminBrowserState,
  page: Page,
  email: string,
  password: string,
  path: string,
  language: AdminLanguage = 'en',
) {
  const french = language === 'fr';
  await page.goto(`${state.app!.baseUrl}${path}`);
  await page.waitForURL('**/admin/login');
  await page.getByLabel(french ? 'Courriel' : 'Email').fill(email);
  await page.getByLabel(french ? 'Mot de passe' : 'Password').fill(password);
  await page.getByRole('button', { name: french ? 'Se connecter' : 'Sign In', exact: true }).click();
  await page.waitForURL(`**${path}`);
}

/** A success banner of §8 (the newest one: the same banner from a save a moment earlier may still be showing). */
export async function seeBanner(page: Page, text: string) {
  await page.getByText(text, { exact: true }).last().waitFor();
}

/** The table row holding `text`. */
export const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/**
 * Checks a Blueprint radio or checkbox, clicking again when a click did not take: on a machine loaded by the whole
 * suite, a form that re-renders as its day view refreshes around it can swallow one click (seen once in a full run).
 */
export async function checkSurely(control: Locator): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await control.check({ force: true });
      return;
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('did not change its state')) throw error;
      await control.page().waitForTimeout(200);
    }
  }
}
