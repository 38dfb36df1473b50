import type { Database } from '../infrastructure/database';
import type { Logger } from '../infrastructure/logger';
import type { EventStore } from '../../domain/event-store/port';
import { PostgresEventStore } from './postgres';

/** EventStoreDB when EVENTSTORE_URL is set, otherwise the PostgreSQL event store in the application database. */
export async function openEventStore(
  eventStoreUrl: string | undefined,
  database: Database,
  logger?: Logger,
): Promise<EventStore> {
  if (!eventStoreUrl) return new PostgresEventStore(database.pool, database.url, logger);
  const { EventStoreDbEventStore } = await import('./eventstoredb');
  return EventStoreDbEventStore.connect(eventStoreUrl);
}
