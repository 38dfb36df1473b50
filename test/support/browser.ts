import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright';

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
