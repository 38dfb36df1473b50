import { PostgresEventStore } from '../../../commands/event-store/postgres';
import { createTestDatabase } from '../../support/database';
import { eventStoreContract } from './contract';

eventStoreContract('postgres', async () => {
  const database = await createTestDatabase({ poolSize: 24 });
  return { store: new PostgresEventStore(database.pool, database.url), dispose: () => database.drop() };
});
