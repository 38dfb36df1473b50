import type { Knex } from 'knex';
import type { RecordedEvent } from '../../domain/event-store/port';
import { toRecordedEvent, type StoredEventRow } from '../../domain/event-store/stored-event-row';

/**
 * The events of one appointment, in log order, from the streams of every date it was on (or its course's series):
 * the `appointment_history` read model names each of them, and the PostgreSQL event store's table gives them whole
 * (both by index). An appointment the history does not know has none.
 */
export async function appointmentEvents(knex: Knex, appointmentId: number): Promise<RecordedEvent[]> {
  const result = await knex.raw<{ rows: StoredEventRow[] }>(
    `select e.stream_id, e.stream_revision, e.event_id, e.type, e.schema_version, e.data, e.metadata, e.recorded_at,
            e.tx_id::text as tx_id_text, e.global_position
       from es_events e
      where e.event_id in (select h.event_id from appointment_history h where h.appointment_id = ?)
      order by e.tx_id, e.global_position`,
    [appointmentId],
  );
  return result.rows.map(toRecordedEvent);
}

/** Staff members' names as they are now, by user id. */
export async function userNames(knex: Knex, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await knex('users')
    .whereIn('id', [...new Set(userIds)])
    .select<{ id: number; first_name: string; last_name: string }[]>('id', 'first_name', 'last_name');
  return new Map(rows.map((row) => [row.id, `${row.first_name} ${row.last_name}`]));
}
