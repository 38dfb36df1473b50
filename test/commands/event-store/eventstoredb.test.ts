import { KurrentDbEventStore } from '../../../commands/event-store/eventstoredb';
import { eventStoreContract } from './contract';

// Runs against the KurrentDB server (25.1 or later) named by EVENTSTORE_URL, e.g.
// kurrentdb://admin:changeit@localhost:2113?tls=false. None can be installed on the build machines (no Docker engine,
// not on npm or Debian), so there the suite is reported skipped. The adapter's server-free logic is tested in
// eventstoredb-mapping.test.ts.
const url = process.env.EVENTSTORE_URL;

eventStoreContract(
  'eventstoredb',
  async () => {
    const store = await KurrentDbEventStore.open(url!);
    return { store, dispose: () => store.close() };
  },
  url ? undefined : 'EVENTSTORE_URL is not set (no KurrentDB server can be installed on this machine)',
);
