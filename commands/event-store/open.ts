import type { Database } from '../infrastructure/database';
import type { Logger } from '../infrastructure/logger';
import type { EventStore } from '../../domain/event-store/port';
import { PostgresEventStore } from './postgres';

/**
 * KurrentDB when EVENTSTORE_URL is set, otherwise the PostgreSQL event store in the application database. KurrentDB
 * must be 25.1 or later (atomic multi-stream append): an older server is refused here, with KurrentDbVersionError,
 * before anything is written.
 */
export async function openEventStore(
  eventStoreUrl: string | undefined,
  database: Database,
  logger?: Logger,
): Promise<EventStore> {
  if (!eventStoreUrl) return new PostgresEventStore(database.pool, database.url, logger);
  const { KurrentDbEventStore } = await import('./eventstoredb');
  return KurrentDbEventStore.open(eventStoreUrl);
}
