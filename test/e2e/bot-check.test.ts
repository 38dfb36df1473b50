import type { Browser, BrowserContext, Page, Request } from 'playwright';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../support/app';
import { browserLifecycle } from '../support/browser';
import { createUser, mailsTo, seedAdminToken } from '../support/identity';
import { startSmtpCapture, type CapturedMail } from '../support/smtp-capture';

/**
 * Issue 5 item 4 in Chromium on a phone-sized screen, with the bot check ON and the app's own Content Security
 * Policy: the password-reset request page solves the proof of work in the background (workers and all), sends the
 * solution with the request, and the request succeeds (§8's text, and the reset mail arrives). A failed check shows
 * a translated message with a way to try again.
 */
interface Context {
  app?: TestApp;
  smtp?: Awaited<ReturnType<typeof startSmtpCapture>>;
  browser?: Browser;
  context?: BrowserContext;
}

const test = suite<Context>('e2e: bot check on the password reset request');
const timeout = 20_000;
const CHALLENGE = '**/api/public/bot-check/challenge';
/** One account per language: the API sends only a few reset mails per account in 15 minutes. */
const accountOf = (language: string) => `reset-${language}@example.com`;

const texts = {
  en: {
    email: 'Email',
    submit: 'Send the link',
    requested: 'A new password will be sent to the email if the user account exists. Please check your inbox.',
    another: 'Use another email address',
    failed: 'We could not check that you are not a robot. Please try again.',
    retry: 'Try again',
  },
  fr: {
    email: 'Courriel',
    submit: 'Envoyer le lien',
    requested:
      'Un nouveau mot de passe sera envoyé à l’adresse courriel si le compte d’utilisateur existe. Veuillez vérifier votre boîte de réception.',
    another: 'Utiliser une autre adresse courriel',
    failed: 'Nous n’avons pas pu vérifier que vous n’êtes pas un robot. Veuillez réessayer.',
    retry: 'Réessayer',
  },
} as const;
type Language = keyof typeof texts;

interface Watched {
  page: Page;
  /** Content Security Policy refusals and page errors: there must be none. */
  problems: string[];
  /** The `botCheck` of each reset request sent, and the status it got. */
  resets: { botCheck: unknown; status: number }[];
}

async function openResetPage(context: Context, language: Language): Promise<Watched> {
  context.context = await context.browser!.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.context.newPage();
  page.setDefaultTimeout(timeout);
  const watched: Watched = { page, problems: [], resets: [] };
  page.on('pageerror', (error) => watched.problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) watched.problems.push(message.text());
  });
  page.on('requestfinished', async (request: Request) => {
    if (!request.url().endsWith('/api/reset')) return;
    const response = await request.response();
    watched.resets.push({ botCheck: request.postDataJSON()?.botCheck, status: response?.status() ?? 0 });
  });
  await page.goto(`${context.app!.baseUrl}/admin/password-reset-request`);
  if (language === 'fr') {
    await page.getByRole('button', { name: 'Français' }).click();
    await page.getByRole('button', { name: 'English' }).waitFor();
  }
  return watched;
}

async function nextMail(context: Context, address: string, already: number): Promise<CapturedMail> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const mails = mailsTo(context.smtp!.messages, address);
    if (mails.length > already) return mails.at(-1)!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail reached ${address}`);
}

/** Types the address and sends the form right away, before the proof of work can be done: the page must wait for it. */
async function requestReset(context: Context, { page }: Watched, language: Language, email: string) {
  const before = mailsTo(context.smtp!.messages, email).length;
  await page.getByLabel(texts[language].email).fill(email);
  await page.getByRole('button', { name: texts[language].submit }).click();
  await page.getByText(texts[language].requested).waitFor();
  await nextMail(context, email, before);
}

const register = browserLifecycle(test, {
  start: async (context) => {
    context.smtp = await startSmtpCapture();
    context.app = await startTestApp({ botCheck: 'on', smtpUrl: context.smtp.url });
    const root = await seedAdminToken(context.app);
    for (const language of ['en', 'fr']) await createUser(context.app.baseUrl, root, { email: accountOf(language) });
  },
  stop: async (context) => {
    await context.app?.stop();
    await context.smtp?.stop();
  },
});

for (const language of ['en', 'fr'] as const) {
  register(
    `${language}: the page solves the proof of work and the reset request succeeds, twice with fresh solutions`,
    async (context) => {
      const watched = await openResetPage(context, language);
      const email = accountOf(language);
      await requestReset(context, watched, language, email);

      // The widget is invisible: nothing of it shows on the page.
      assert.is(await watched.page.locator('altcha-widget').count(), 0, 'the widget leaves with the form');
      await watched.page.getByRole('button', { name: texts[language].another }).click();
      assert.ok(!(await watched.page.locator('altcha-widget').isVisible()), 'the widget is not visible');
      await requestReset(context, watched, language, email);

      assert.is(watched.resets.length, 2);
      for (const reset of watched.resets) {
        assert.is(reset.status, 200);
        assert.type(reset.botCheck, 'string');
      }
      assert.is.not(
        watched.resets[0]!.botCheck,
        watched.resets[1]!.botCheck,
        'each request carries a solution of its own',
      );
      assert.equal(watched.problems, []);
    },
  );
}

register(
  'en: when the widget cannot get its challenge, the translated message shows; Try again then succeeds',
  async (context) => {
    const watched = await openResetPage(context, 'en');
    const { page } = watched;
    // The page's own first call (is the check on?) goes through; the widget's challenges then fail.
    let calls = 0;
    await page.route(CHALLENGE, (route) =>
      calls++ === 0
        ? route.continue()
        : route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"UNAVAILABLE"}' }),
    );
    await page.reload();
    const failed = page.getByRole('alert').filter({ hasText: texts.en.failed });
    await failed.waitFor();

    // Sending tries the check again, and sends nothing while it fails.
    await page.getByLabel(texts.en.email).fill('nobody@example.com');
    await page.getByRole('button', { name: texts.en.submit }).click();
    await page.waitForTimeout(1000);
    await failed.waitFor();
    assert.ok(calls >= 3, `the widget asked again (${calls} calls)`);
    assert.is(watched.resets.length, 0, 'no reset request without a solution');

    await page.unroute(CHALLENGE);
    await page.getByRole('button', { name: texts.en.retry }).click();
    await failed.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: texts.en.submit }).click();
    await page.getByText(texts.en.requested).waitFor();
    assert.is(watched.resets.length, 1);
    assert.is(watched.resets[0]!.status, 200);
    assert.equal(watched.problems, []);
  },
);

register(
  'en: a solution left unused for ten minutes is replaced by a fresh one, which the request then carries',
  async (context) => {
    context.context = await context.browser!.newContext({
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.context.newPage();
    page.setDefaultTimeout(timeout);
    await page.clock.install(); // time flows, and can be moved on
    let challenges = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/public/bot-check/challenge')) challenges++;
    });
    const solution = () => page.locator('altcha-widget input[type="hidden"]').inputValue();
    /** The widget holds a solution other than `previous`. (A function, not a string: the CSP forbids eval.) */
    const solvedAnew = (previous: string | null) =>
      page.waitForFunction((old) => {
        const widget = document.querySelector('altcha-widget');
        const value = widget?.querySelector<HTMLInputElement>('input[type="hidden"]')?.value;
        return widget?.getState?.() === 'verified' && !!value && value !== old;
      }, previous);
    await page.goto(`${context.app!.baseUrl}/admin/password-reset-request`);
    await solvedAnew(null);
    const first = await solution();
    const fetched = challenges;

    await page.clock.fastForward('10:01');
    await solvedAnew(first);
    assert.is(challenges, fetched + 1, 'one new challenge');
    const second = await solution();
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/reset'));
    await page.getByLabel(texts.en.email).fill('nobody@example.com');
    await page.getByRole('button', { name: texts.en.submit }).click();
    assert.is((await sent).postDataJSON().botCheck, second);
    await page.getByText(texts.en.requested).waitFor();
  },
);

test.run();
