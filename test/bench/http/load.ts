/** autocannon, typed and quiet, plus the figures the HTTP benchmark reads from its result. */
import autocannon, { type AutocannonOptions, type AutocannonResult } from 'autocannon';

export type LoadOptions = AutocannonOptions;

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers outside 2xx, connection errors and timeouts. */
  failures: number;
  statuses: Record<string, number>;
  seconds: number;
  raw: AutocannonResult;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const raw = await autocannon({ timeout: 30, ...options });
  const statuses = Object.fromEntries(
    Object.entries(raw.statusCodeStats ?? {}).map(([status, { count }]) => [status, count]),
  );
  return {
    requestsPerSecond: raw.requests.total / raw.duration,
    p50Ms: raw.latency.p50,
    p99Ms: raw.latency.p99,
    failures: raw.non2xx + raw.errors + raw.timeouts,
    statuses,
    seconds: raw.duration,
    raw,
  };
}

/** Warm-up then measured load with the same options (JIT, pools and caches warm before the clock starts). */
export async function warmThenRun(options: LoadOptions, warmupSeconds: number): Promise<LoadResult> {
  if (warmupSeconds > 0) await runLoad({ ...options, duration: warmupSeconds });
  return runLoad(options);
}

/**
 * Waits until the server has worked off what a load left behind (autocannon stops counting at its deadline, the
 * server still answers every request sent): until a health check answers within 50 ms twice in a row, at most 2 min.
 */
export async function settle(url: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (let fast = 0; fast < 2 && Date.now() < deadline;) {
    const started = performance.now();
    await (await fetch(`${url}/api/health`)).arrayBuffer();
    fast = performance.now() - started < 50 ? fast + 1 : 0;
    if (fast < 2) await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
