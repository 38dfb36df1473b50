/**
 * Calls made while an identical one is in flight share its answer instead of asking again: under a rush, hundreds of
 * requests looking up the same service or lane at once cost one query. The answer is at most one query's time older
 * than a call that joins it, so only reads whose callers accept that share one (never a decision's own check).
 */
export interface SingleFlight {
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
}

export function singleFlight(): SingleFlight {
  const inFlight = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, work: () => Promise<T>): Promise<T> {
      const pending = inFlight.get(key) as Promise<T> | undefined;
      if (pending) return pending;
      const started = work().finally(() => inFlight.delete(key));
      inFlight.set(key, started);
      return started;
    },
  };
}
