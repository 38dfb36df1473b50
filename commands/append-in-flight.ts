import type { EventStore } from '../domain/event-store/port';

/**
 * A command's append on its way to the store: sent, not yet answered. The next command on the stream decides on the
 * state it makes (and takes what it needs meanwhile, e.g. a public lock's place), but sends its own append only once
 * this one is answered: a stream's appends from one process still go one at a time, each on a state proven by the one
 * before. The revision check alone could not catch a next append decided on this one when this one failed and
 * another process's append took its revision.
 */
export interface AppendInFlight<State> {
  /** Whose state it is (a stream is decided by one decider; another's is not decided on). */
  decider: object;
  state: State;
  revision: number;
  /** When the append was sent (performance.now()): the state is proven current then, once the append is answered. */
  sentAt: number;
  /** True once the append is written, false when it failed. */
  answered: Promise<boolean>;
}

const inFlight = new WeakMap<EventStore, Map<string, AppendInFlight<unknown>>>();

function ofStore(store: EventStore): Map<string, AppendInFlight<unknown>> {
  let streams = inFlight.get(store);
  if (!streams) inFlight.set(store, (streams = new Map()));
  return streams;
}

/** The append on its way for the stream, if any. */
export function appendInFlight(store: EventStore, streamId: string): AppendInFlight<unknown> | undefined {
  return ofStore(store).get(streamId);
}

/** Notes `append` as the stream's append on its way, until it is answered. */
export function sendingAppend<State>(
  store: EventStore,
  streamId: string,
  append: Omit<AppendInFlight<State>, 'answered'>,
  sending: Promise<unknown>,
): AppendInFlight<State> {
  const streams = ofStore(store);
  const entry: AppendInFlight<State> = {
    ...append,
    answered: sending.then(
      () => true,
      () => false,
    ),
  };
  streams.set(streamId, entry);
  void entry.answered.then(() => {
    if (streams.get(streamId) === entry) streams.delete(streamId);
  });
  return entry;
}
