/**
 * `npm run help:screenshots`: the screenshots of the written guides of /admin/help, taken from the running app.
 * Builds the web app, starts the whole app as the browser tests do (demo seed, sign-in code off; an embedded
 * PostgreSQL unless DATABASE_URL names a server), signs in as the demo System Administrator and walks every step of
 * every topic (helpTopics.ts) in English and in French, each language on a freshly seeded app, writing
 * web/public/help/<language>/<topic>-<step>.png. Not a test: it only runs when started as a script.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright';
import { startEmbeddedPostgres } from '../../commands/infrastructure/embedded-postgres';
import { removeEmbeddedData } from '../../commands/infrastructure/embedded-postgres-placement';
import { helpTopics, screenshotSize, type HelpTopicKey } from '../../web/src/features/help/helpTopics';
import { newContext, signInAs, type AdminLanguage } from './admin-browser';
import { startTestApp, type TestApp } from './app';
import { launchBrowser } from './browser';
import { helpWalks, type Shot } from './help-walks';
import { toPalettePng } from './png-palette';

const outputRoot = path.resolve('web/public/help');

/** Walks every topic in `language` on a new app, writing each step's screenshot. */
async function shootLanguage(browser: Browser, language: AdminLanguage): Promise<void> {
  const app: TestApp = await startTestApp();
  const { browserContext, page } = await newContext({ app, browser }, screenshotSize, language);
  try {
    await mkdir(path.join(outputRoot, language), { recursive: true });
    const { email, password } = app.seedAdmin;
    await signInAs({ app }, page, email, password, '/admin/calendars', language);
    await page.addStyleTag({ content: '* { caret-color: transparent !important; }' });
    for (const topic of helpTopics) {
      let taken = 0;
      const shot: Shot = async (step) => {
        if (step !== taken + 1) throw new Error(`${topic.slug}: step ${step} after step ${taken}`);
        await settle(page);
        const png = toPalettePng(await page.screenshot());
        await writeFile(path.join(outputRoot, language, `${topic.slug}-${step}.png`), png);
        await unmark(page);
        taken = step;
      };
      await helpWalks[topic.key as HelpTopicKey]({ page, app, language, shot });
      if (taken !== topic.steps) throw new Error(`${topic.slug}: ${taken} screenshots for ${topic.steps} steps`);
      console.log(`${language} ${topic.slug}: ${taken} screenshots`);
    }
  } finally {
    await browserContext.close();
    await app.stop();
  }
}

/** Lets animations (menus, dialogs, banners) finish before a picture. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    await document.fonts.ready;
  });
  await page.waitForTimeout(400);
}

async function unmark(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('[data-help-mark]')) {
      element.style.removeProperty('outline');
      element.style.removeProperty('outline-offset');
      element.removeAttribute('data-help-mark');
    }
  });
}

async function reportSizes(): Promise<void> {
  let total = 0;
  for (const language of await readdir(outputRoot)) {
    let sum = 0;
    const files = await readdir(path.join(outputRoot, language));
    for (const file of files) sum += (await stat(path.join(outputRoot, language, file))).size;
    console.log(`${language}: ${files.length} files, ${(sum / 1024).toFixed(0)} kB`);
    total += sum;
  }
  console.log(`total: ${(total / 1024).toFixed(0)} kB`);
}

async function main(): Promise<void> {
  const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the web build failed');
  const embeddedDir = path.resolve(`.data/help-screenshots-${process.pid}`);
  const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir: embeddedDir });
  process.env.TEST_PG_URL = process.env.DATABASE_URL ?? embedded!.url('postgres');
  const browser = await launchBrowser();
  try {
    const languages = (process.argv[2]?.split(',') ?? ['en', 'fr']) as AdminLanguage[];
    for (const language of languages) {
      await rm(path.join(outputRoot, language), { recursive: true, force: true });
      await shootLanguage(browser, language);
    }
    await reportSizes();
  } finally {
    await browser.close();
    await embedded?.stop();
    if (embedded) await removeEmbeddedData(embeddedDir);
  }
}

// Only as a script: a test run that happens to load this file (a name filter) does nothing.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    await main();
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
