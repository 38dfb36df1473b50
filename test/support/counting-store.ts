import type { EventStore } from '../../domain/event-store/port';

/** The store, counting its stream reads and the events they return, and its appends (refused ones too). */
export function countingStore(store: EventStore) {
  const counted = { eventsRead: 0, reads: 0, appends: 0 };
  const wrapped = Object.assign(Object.create(store) as EventStore, {
    async readStream(id: string, options?: { fromRevision?: number }) {
      const read = await store.readStream(id, options);
      counted.reads += 1;
      counted.eventsRead += read.events.length;
      return read;
    },
    append(...args: Parameters<EventStore['append']>) {
      counted.appends += 1;
      return store.append(...args);
    },
  });
  return { store: wrapped, counted };
}
