import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright';
import type { Test } from 'uvu';

/** Browser tests drive Debian's Chromium; a browser is never downloaded. */
export const chromiumPath = '/usr/bin/chromium';

export function browserAvailable(): boolean {
  return existsSync(chromiumPath);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

interface BrowserState {
  browser?: Browser | undefined;
  context?: BrowserContext | undefined;
}

/**
 * The lifecycle every browser suite shares: `start` (the app, a mail capture...) and one browser before the suite,
 * each test's browser context closed after it, everything stopped at the end. Returns how to register a test: as
 * skipped, with a line saying so, when Chromium is not installed.
 */
export function browserLifecycle<State extends BrowserState>(
  test: Test<State>,
  { start, stop }: { start(state: State): Promise<void>; stop(state: State): Promise<void> },
): Test<State> | Test<State>['skip'] {
  const available = browserAvailable();
  if (!available) {
    console.log(`  SKIPPED: browser tests: ${chromiumPath} is not installed`);
    return test.skip;
  }
  test.before(async (state) => {
    try {
      await start(state);
      state.browser = await launchBrowser();
    } catch (error) {
      // uvu drops an error thrown by a before hook (its tests just do not run), so say what it was.
      console.error('  the suite could not start:', error);
      throw error;
    }
  });
  test.after.each(async (state) => {
    await state.context?.close();
    state.context = undefined;
  });
  test.after(async (state) => {
    await state.browser?.close();
    await stop(state);
  });
  return test;
}
