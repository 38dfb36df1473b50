import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../commands/infrastructure/logger';

function newestChange(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Whether web/dist holds a build at least as new as every source of the SPA. */
export function webBuildIsCurrent(webFolder: string): boolean {
  const index = path.join(webFolder, 'dist', 'index.html');
  const sources = [path.join(webFolder, 'src'), path.join(webFolder, 'index.html')].filter(existsSync);
  const newestSource = Math.max(
    0,
    ...sources.map((source) => (statSync(source).isDirectory() ? newestChange(source) : statSync(source).mtimeMs)),
  );
  return existsSync(index) && statSync(index).mtimeMs >= newestSource;
}

/** Builds the SPA into web/dist when it is missing or older than its sources, so `npm start` alone serves it. */
export async function ensureWebBuild(webFolder: string, logger: Logger): Promise<void> {
  if (webBuildIsCurrent(webFolder)) return;
  logger.info('building the web app (web/dist)');
  const { build } = await import('vite');
  await build({ configFile: path.join(webFolder, 'vite.config.ts'), logLevel: 'warn' });
}
