import type { EventStore } from '../domain/event-store/port';

const queues = new WeakMap<EventStore, Map<string, Promise<unknown>>>();

/**
 * Runs `work` after the work already queued for the same stream of the same store has finished. Deciding on a
 * hot stream (the last spots of a course, a popular slot) one command at a time within a process spares the
 * optimistic appends their wasted retries; writers in other processes are still caught by the revision check.
 */
export function serialisedOnStream<T>(store: EventStore, streamId: string, work: () => Promise<T>): Promise<T> {
  let streams = queues.get(store);
  if (!streams) {
    streams = new Map();
    queues.set(store, streams);
  }
  const previous = streams.get(streamId) ?? Promise.resolve();
  const result = previous.then(work, work);
  const settled = result.then(
    () => undefined,
    () => undefined,
  );
  streams.set(streamId, settled);
  void settled.then(() => {
    if (streams.get(streamId) === settled) streams.delete(streamId);
  });
  return result;
}
