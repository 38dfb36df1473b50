export interface BatchOptions {
  /** The most keys a batch takes; the rest leave with the next one. */
  maxBatch?: number;
  /**
   * How many batches may be out at once (default 1). With 2, a call made while one batch is out leaves at once in a
   * second rather than waiting for the first to come back: for calls a caller makes in turn while others queue
   * behind it (a stream's place and append), where each round trip's wait adds to every queued caller's. Only for
   * work whose batches may run side by side (each on its own connection).
   */
  inFlight?: number;
}

/**
 * Calls of one kind made together go out as one: `run` is given every key asked for since the last batch left, and
 * answers one value a key, in their order. While a batch is in flight the calls made meanwhile wait and leave
 * together when it is back, so under a rush of hundreds of bookings a lookup or a write costs one round trip for all
 * of them rather than one each; alone, a call leaves at once (after the current turn of the event loop's microtasks,
 * to take the calls made in the same turn along). Every call is answered by a batch that left after it was made, so
 * it reads nothing older than a call of its own would. The same key asked twice for one batch is sent once.
 * A batch that fails fails every call in it.
 */
export type BatchedCall<Key, Value> = (key: Key) => Promise<Value>;

export function batchedCalls<Key, Value>(
  run: (keys: Key[]) => Promise<Value[]>,
  { maxBatch = 500, inFlight: maxInFlight = 1 }: BatchOptions = {},
): BatchedCall<Key, Value> {
  let waiting = new Map<Key, { resolve: (value: Value) => void; reject: (error: unknown) => void }[]>();
  let inFlight = 0;
  let scheduled = false;

  const send = async () => {
    scheduled = false;
    if (inFlight >= maxInFlight || waiting.size === 0) return;
    const batch = [...waiting].slice(0, maxBatch);
    if (batch.length === waiting.size) waiting = new Map();
    else for (const [key] of batch) waiting.delete(key);
    inFlight += 1;
    try {
      const values = await run(batch.map(([key]) => key));
      if (values.length !== batch.length)
        throw new Error(`A batch of ${batch.length} answered ${values.length} values`);
      batch.forEach(([, callers], index) => callers.forEach((caller) => caller.resolve(values[index]!)));
    } catch (error) {
      for (const [, callers] of batch) for (const caller of callers) caller.reject(error);
    } finally {
      inFlight -= 1;
      if (waiting.size > 0) void send();
    }
  };

  return (key) =>
    new Promise<Value>((resolve, reject) => {
      const callers = waiting.get(key);
      if (callers) callers.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (inFlight < maxInFlight && !scheduled) {
        scheduled = true;
        queueMicrotask(() => void send());
      }
    });
}

/**
 * Batched calls kept per owner (a database handle): calls through one owner go out together, through another apart.
 * `run` is given the owner with the keys.
 */
export function batchedCallsPer<Owner extends object, Key, Value>(
  run: (owner: Owner, keys: Key[]) => Promise<Value[]>,
  options: BatchOptions = {},
): (owner: Owner, key: Key) => Promise<Value> {
  const byOwner = new WeakMap<Owner, BatchedCall<Key, Value>>();
  return (owner, key) => {
    let batched = byOwner.get(owner);
    if (!batched) {
      batched = batchedCalls((keys: Key[]) => run(owner, keys), options);
      byOwner.set(owner, batched);
    }
    return batched(key);
  };
}
