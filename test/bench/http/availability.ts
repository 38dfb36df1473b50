/** Public availability under load, beside the bare reference at the same connection counts. */
import { runLoad, settle, warmThenRun, type LoadResult } from './load';

export interface AvailabilityFigures {
  connections: number;
  app: LoadResult;
  reference: LoadResult;
}

export async function measureAvailability(
  appUrl: string,
  referenceUrl: string,
  path: string,
  { connections, seconds, warmup }: { connections: number; seconds: number; warmup: number },
): Promise<AvailabilityFigures> {
  const reference = await warmThenRun({ url: `${referenceUrl}/?calendarId=1`, connections, duration: seconds }, warmup);
  const app = await measureAppAvailability([appUrl], path, { connections, seconds, warmup });
  return { connections, app, reference };
}

/**
 * The app's side alone: warm-up, settle, then the measured load, its connections dealt round-robin over the app URLs
 * (one URL: one process; several: instances side by side, one autocannon for all). Any failure throws.
 */
export async function measureAppAvailability(
  appUrls: readonly string[],
  path: string,
  { connections, seconds, warmup }: { connections: number; seconds: number; warmup: number },
): Promise<LoadResult> {
  const url = appUrls.length === 1 ? appUrls[0]! + path : appUrls.map((appUrl) => appUrl + path);
  if (warmup > 0) await runLoad({ url, connections, duration: warmup });
  await Promise.all(appUrls.map((appUrl) => settle(appUrl)));
  const app = await runLoad({ url, connections, duration: seconds });
  if (app.failures > 0)
    throw new Error(
      `availability at ${connections} connections: ${app.failures} failures ${JSON.stringify(app.statuses)}`,
    );
  return app;
}
