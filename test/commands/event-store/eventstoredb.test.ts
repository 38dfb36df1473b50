import { EventStoreDbEventStore } from '../../../commands/event-store/eventstoredb';
import { eventStoreContract } from './contract';

// Runs against the EventStoreDB server named by EVENTSTORE_URL (e.g. esdb://localhost:2113?tls=false). None can be
// installed on the build machines (no Docker engine, not on npm or Debian), so there the suite is reported skipped.
const url = process.env.EVENTSTORE_URL;

eventStoreContract(
  'eventstoredb',
  async () => {
    const store = EventStoreDbEventStore.connect(url!);
    return { store, dispose: () => store.close() };
  },
  url ? undefined : 'EVENTSTORE_URL is not set (no EventStoreDB server can be installed on this machine)',
);
