import type { Browser, BrowserContext, Page } from 'playwright';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { helpTopics } from '../../web/src/features/help/helpTopics';
import { adminResources } from '../../web/src/i18n/adminTexts';
import { startTestApp, type TestApp } from '../support/app';
import { browserLifecycle } from '../support/browser';
import { newPage, signInAs, type AdminLanguage } from '../support/admin-browser';

/**
 * §2.3 /admin/help in Chromium against the whole app (demo seed, no video configured): the six topics, each topic's
 * numbered steps with their screenshots (all served), no link or image that answers 404, in English and French.
 */
interface Context {
  app?: TestApp;
  browser?: Browser;
  context?: BrowserContext;
}

const test = suite<Context>('e2e: admin help');

const register = browserLifecycle(test, {
  start: async (context) => {
    context.app = await startTestApp();
  },
  stop: async (context) => {
    await context.app?.stop();
  },
});

/** Every link, image and video address of the page answers (the file exists and is served). */
async function noBrokenAddresses(page: Page): Promise<void> {
  const addresses = await page.evaluate(() =>
    [
      ...[...document.querySelectorAll<HTMLAnchorElement>('a[href]')].map((link) => link.href),
      ...[...document.querySelectorAll<HTMLImageElement>('img[src]')].map((image) => image.src),
      ...[...document.querySelectorAll<HTMLVideoElement>('video[src]')].map((video) => video.src),
    ].filter((address) => address.startsWith(location.origin)),
  );
  assert.ok(addresses.length > 0);
  for (const address of new Set(addresses)) {
    const answer = await page.request.get(address);
    assert.ok(answer.status() < 400, `${address} answered ${answer.status()}`);
  }
}

/** Scrolls to each screenshot (they load lazily) and checks that it loaded. */
async function imagesLoad(page: Page, language: AdminLanguage, slug: string, steps: number): Promise<void> {
  const images = page.locator('.help-steps img');
  assert.is(await images.count(), steps);
  for (let index = 0; index < steps; index++) {
    const image = images.nth(index);
    assert.is(await image.getAttribute('src'), `/help/${language}/${slug}-${index + 1}.png`);
    assert.ok((await image.getAttribute('alt'))?.trim(), 'alt text');
    await image.scrollIntoViewIfNeeded();
    await page.waitForFunction((element) => (element as HTMLImageElement).complete, await image.elementHandle());
    assert.ok(
      await image.evaluate((element: HTMLImageElement) => element.naturalWidth > 0),
      `${slug}-${index + 1} loaded`,
    );
  }
}

async function walkTopics(context: Context, language: AdminLanguage): Promise<void> {
  const texts = adminResources[language].help;
  const page = await newPage(context, { width: 1280, height: 900 }, language);
  const { email, password } = context.app!.seedAdmin;
  await signInAs(context, page, email, password, '/admin/help', language);
  await page.getByRole('heading', { level: 1, name: texts.title }).waitFor();
  const list = page.getByRole('list', { name: texts.topicsLabel });
  assert.equal(
    await list.getByRole('heading', { level: 2 }).allInnerTexts(),
    helpTopics.map((topic) => texts.topics[topic.key].title),
    'the six topics, in order',
  );
  await noBrokenAddresses(page);

  for (const topic of helpTopics) {
    const title = texts.topics[topic.key].title;
    await page.getByRole('link', { name: title, exact: true }).click();
    await page.waitForURL(`**/admin/help/${topic.slug}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    assert.is(await page.locator('video').count(), 0, 'no video configured: the written guide only');
    const steps = page.locator('.help-steps > li');
    assert.is(await steps.count(), topic.steps);
    for (let step = 1; step <= topic.steps; step++) {
      const stepTexts = texts.topics[topic.key].steps as Record<string, { text: string }>;
      const item = steps.nth(step - 1);
      await item.getByText(texts.stepLabel.replace('{{number}}', String(step)), { exact: true }).waitFor();
      await item.getByText(stepTexts[String(step)]!.text).waitFor();
    }
    await imagesLoad(page, language, topic.slug, topic.steps);
    await noBrokenAddresses(page);
    await page.getByRole('button', { name: texts.backToHelp }).click();
    await page.waitForURL(/\/admin\/help$/);
  }

  await page.goto(`${context.app!.baseUrl}/admin/help/no-such-topic`);
  await page.getByText(texts.notFound).waitFor();
}

register(
  'in English: the six topics, each with its numbered steps and screenshots, nothing broken',
  async (context) => {
    await walkTopics(context, 'en');
  },
);

register('in French: the same guides, with the French texts and screenshots', async (context) => {
  await walkTopics(context, 'fr');
});

test.run();
