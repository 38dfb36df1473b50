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
  if (warmup > 0) await runLoad({ url: appUrl + path, connections, duration: warmup });
  await settle(appUrl);
  const app = await runLoad({ url: appUrl + path, connections, duration: seconds });
  if (app.failures > 0)
    throw new Error(
      `availability at ${connections} connections: ${app.failures} failures ${JSON.stringify(app.statuses)}`,
    );
  return { connections, app, reference };
}
