import type { EventMetadata, RecordedEvent } from './port';

/**
 * A row of the PostgreSQL store's `es_events` as its readers select it (the store itself, and the audit queries that
 * join it with read models). `tx_id_text` is the transaction id as text: node-postgres returns xid8 as a string.
 */
export interface StoredEventRow {
  stream_id: string;
  stream_revision: string;
  event_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
  tx_id_text: string;
  global_position: string;
}

export function toRecordedEvent(row: StoredEventRow): RecordedEvent {
  return {
    streamId: row.stream_id,
    revision: Number(row.stream_revision),
    eventId: row.event_id,
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
    position: { commit: BigInt(row.tx_id_text), prepare: BigInt(row.global_position) },
  };
}
