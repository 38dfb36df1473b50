import type { Middleware } from 'koa';

/** Counts an address's requests in fixed windows. Each API worker asks the same counter (see api/cluster.ts). */
export interface RequestCounter {
  /** Counts one more request of `key`; answers the window's count with it and when the window ends (ms). */
  hit(key: string): Promise<{ count: number; resetAt: number }>;
}

export const REQUEST_WINDOW_MS = 60_000;

/** The counter of one process; expired windows are swept as the map grows. */
export function memoryRequestCounter(
  now: () => number = Date.now,
  windowMs = REQUEST_WINDOW_MS,
): RequestCounter & { hitNow(key: string): { count: number; resetAt: number } } {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweepAt = 10_000;
  const hitNow = (key: string) => {
    const at = now();
    let window = windows.get(key);
    if (!window || window.resetAt <= at) {
      if (windows.size >= sweepAt) {
        for (const [other, entry] of windows) if (entry.resetAt <= at) windows.delete(other);
        sweepAt = Math.max(10_000, windows.size * 2);
      }
      window = { count: 0, resetAt: at + windowMs };
      windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetAt: window.resetAt };
  };
  return { hitNow, hit: async (key) => hitNow(key) };
}

/** At most `max` API requests a window from one client address: a 429 RATE_LIMITED with Retry-After beyond. */
export function requestLimit(counter: RequestCounter, max: number, now: () => number = Date.now): Middleware {
  return async (ctx, next) => {
    const { count, resetAt } = await counter.hit(ctx.ip);
    if (count > max) {
      // Answered by the error middleware as every 429 is: RATE_LIMITED with the public detail and Retry-After.
      ctx.throw(429, { headers: { 'Retry-After': String(Math.max(0, Math.ceil((resetAt - now()) / 1000))) } });
    }
    await next();
  };
}
