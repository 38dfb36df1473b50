import type pg from 'pg';
import { listenWithReconnect } from '../infrastructure/listen-with-reconnect';
import type { Logger } from '../infrastructure/logger';
import {
  DuplicateEventIdError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type LogPosition,
  type NewEvent,
  type ReadStreamResult,
  type RecordedEvent,
  type StreamAppend,
  validateAppends,
} from './port';

const NOTIFY_CHANNEL = 'es_appended';
const UNIQUE_VIOLATION = '23505';

interface EventRow {
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

// The alias must not be `tx_id`: ORDER BY would then sort by the text (so '1000' before '999'). Sorts below name
// the table's columns explicitly for the same reason.
const selectColumns = `stream_id, stream_revision, event_id, type, schema_version, data, metadata, recorded_at,
  tx_id::text as tx_id_text, global_position`;

/**
 * Event store on PostgreSQL (tables from migrations/…_event_store). Each stream row carries the stream's last
 * revision; an append moves it with a conditional update in the same transaction as the insert, so writers of one
 * stream serialise on that row and a stale expected revision is detected, never ignored.
 */
export class PostgresEventStore implements EventStore {
  readonly name = 'postgres';
  readonly capabilities = { multiStreamAppend: true, uniqueEventIdsAcrossStreams: true };

  private notifying = false;
  private notifyAgain = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly listenUrl: string,
    private readonly logger?: Logger,
  ) {}

  /**
   * Wakes the readers after a commit. Not inside the append's transaction: PostgreSQL lets only one notifying
   * transaction commit at a time, which halved the throughput of concurrent writers. At most one notification is in
   * flight per process; appends meanwhile fold into the next one. A lost one only delays readers until they poll.
   */
  private signalAppended(): void {
    if (this.notifying) {
      this.notifyAgain = true;
      return;
    }
    this.notifying = true;
    this.pool
      .query(`select pg_notify('${NOTIFY_CHANNEL}', '')`)
      .catch(() => undefined)
      .finally(() => {
        this.notifying = false;
        if (this.notifyAgain) {
          this.notifyAgain = false;
          this.signalAppended();
        }
      });
  }

  append(streamId: string, expectedRevision: ExpectedRevision, events: NewEvent[]): Promise<AppendResult> {
    return this.appendMany([{ streamId, expectedRevision, events }]);
  }

  async appendMany(appends: StreamAppend[]): Promise<AppendResult> {
    validateAppends(appends);
    // A fixed lock order keeps two multi-stream appends from deadlocking each other.
    const ordered = [...appends].sort((a, b) => (a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0));
    const client = await this.pool.connect();
    let released = false;
    const release = () => {
      if (!released) client.release();
      released = true;
    };
    try {
      await client.query('begin');
      const revisions: Record<string, number> = {};
      const rows = { streams: [] as string[], revisions: [] as number[], ids: [] as string[], types: [] as string[], versions: [] as number[], data: [] as string[], metadata: [] as string[] };
      for (const append of ordered) {
        const last = await reserveRevisions(client, append);
        revisions[append.streamId] = last;
        append.events.forEach((event, index) => {
          rows.streams.push(append.streamId);
          rows.revisions.push(last - append.events.length + 1 + index);
          rows.ids.push(event.eventId);
          rows.types.push(event.type);
          rows.versions.push(event.schemaVersion);
          rows.data.push(JSON.stringify(event.data ?? null));
          rows.metadata.push(JSON.stringify(event.metadata));
        });
      }
      const inserted = await client.query<{ position: string; tx_id: string }>({
        name: 'es_insert_events',
        text: `with inserted as (
                 insert into es_events (stream_id, stream_revision, event_id, type, schema_version, data, metadata)
                 select * from unnest($1::text[], $2::bigint[], $3::uuid[], $4::text[], $5::int[], $6::jsonb[], $7::jsonb[])
                 returning global_position, tx_id)
               select (select max(global_position) from inserted)::text as position,
                      (select tx_id from inserted limit 1)::text as tx_id`,
        values: [rows.streams, rows.revisions, rows.ids, rows.types, rows.versions, rows.data, rows.metadata],
      });
      await client.query('commit');
      this.signalAppended();
      const row = inserted.rows[0]!;
      return { revisions, position: { commit: BigInt(row.tx_id), prepare: BigInt(row.position) } };
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      // Give the connection back before looking for an earlier append: with every connection of the pool held by
      // a conflicting append, each waiting for a second one, the pool would deadlock.
      release();
      const isConflict = error instanceof WrongExpectedRevisionError;
      const isDuplicateId = isUniqueViolation(error, 'es_events_event_id_key');
      if (isConflict || isDuplicateId) {
        // A retried append whose first attempt committed: answer as the first attempt did.
        const replay = await this.findEarlierAppend(appends);
        if (replay) return replay;
        if (isDuplicateId) throw new DuplicateEventIdError(extractEventId(error) ?? 'unknown');
      }
      throw error;
    } finally {
      release();
    }
  }

  private async findEarlierAppend(appends: StreamAppend[]): Promise<AppendResult | null> {
    const wanted = new Map(appends.flatMap((a) => a.events.map((e) => [e.eventId, a.streamId] as const)));
    const found = await this.pool.query<{ event_id: string; stream_id: string; stream_revision: string; tx_id: string; global_position: string }>(
      `select event_id, stream_id, stream_revision, tx_id::text as tx_id, global_position from es_events where event_id = any($1::uuid[])`,
      [[...wanted.keys()]],
    );
    if (found.rowCount === 0) return null;
    const misplaced = found.rows.find((row) => wanted.get(row.event_id) !== row.stream_id);
    if (found.rowCount !== wanted.size || misplaced) {
      throw new DuplicateEventIdError((misplaced ?? found.rows[0]!).event_id);
    }
    const revisions: Record<string, number> = {};
    let position: LogPosition = { commit: 0n, prepare: 0n };
    for (const row of found.rows) {
      revisions[row.stream_id] = Math.max(revisions[row.stream_id] ?? -1, Number(row.stream_revision));
      const candidate = { commit: BigInt(row.tx_id), prepare: BigInt(row.global_position) };
      if (candidate.commit > position.commit || (candidate.commit === position.commit && candidate.prepare > position.prepare)) position = candidate;
    }
    return { revisions, position };
  }

  async readStream(streamId: string, { fromRevision = 0 }: { fromRevision?: number } = {}): Promise<ReadStreamResult> {
    const result = await this.pool.query<EventRow>({
      name: 'es_read_stream',
      text: `select ${selectColumns} from es_events where stream_id = $1 and stream_revision >= $2 order by stream_revision`,
      values: [streamId, fromRevision],
    });
    const events = result.rows.map(toRecordedEvent);
    if (events.length > 0) return { events, revision: events[events.length - 1]!.revision };
    const stream = await this.pool.query<{ revision: string }>('select revision from es_streams where stream_id = $1', [streamId]);
    return { events, revision: stream.rows[0] ? Number(stream.rows[0].revision) : -1 };
  }

  async readAll(after: LogPosition | null, limit: number): Promise<RecordedEvent[]> {
    // Only transactions older than every running one (tx_id < snapshot xmin) are read: one that commits late can
    // then never land behind the cursor. See DESIGN §4.
    const result = after
      ? await this.pool.query<EventRow>({
          name: 'es_read_all_after',
          text: `select ${selectColumns} from es_events
                 where tx_id < pg_snapshot_xmin(pg_current_snapshot()) and (tx_id, global_position) > ($1::xid8, $2::bigint)
                 order by es_events.tx_id, es_events.global_position limit $3`,
          values: [after.commit.toString(), after.prepare.toString(), limit],
        })
      : await this.pool.query<EventRow>({
          name: 'es_read_all_start',
          text: `select ${selectColumns} from es_events
                 where tx_id < pg_snapshot_xmin(pg_current_snapshot())
                 order by es_events.tx_id, es_events.global_position limit $1`,
          values: [limit],
        });
    return result.rows.map(toRecordedEvent);
  }

  /** The session reconnects after a database restart; readers poll only while it is down. */
  async onAppended(listener: () => void): Promise<() => Promise<void>> {
    const listening = await listenWithReconnect({ connectionString: this.listenUrl, channel: NOTIFY_CHANNEL, onNotify: listener, logger: this.logger });
    return () => listening.stop();
  }

  async countEvents(): Promise<number> {
    const result = await this.pool.query<{ count: string }>('select count(*)::text as count from es_events');
    return Number(result.rows[0]!.count);
  }

  async close(): Promise<void> {
    // The pool belongs to whoever created it.
  }
}

async function reserveRevisions(client: pg.PoolClient, { streamId, expectedRevision, events }: StreamAppend): Promise<number> {
  const count = events.length;
  let result: pg.QueryResult<{ revision: string }>;
  if (expectedRevision === 'any') {
    result = await client.query({
      name: 'es_reserve_any',
      text: `insert into es_streams (stream_id, revision) values ($1, $2 - 1)
             on conflict (stream_id) do update set revision = es_streams.revision + $2 returning revision`,
      values: [streamId, count],
    });
  } else if (expectedRevision === 'no_stream' || expectedRevision === -1) {
    result = await client.query({
      name: 'es_reserve_new',
      text: `insert into es_streams (stream_id, revision) values ($1, $2 - 1) on conflict (stream_id) do nothing returning revision`,
      values: [streamId, count],
    });
  } else if (expectedRevision === 'stream_exists') {
    result = await client.query({
      name: 'es_reserve_existing',
      text: `update es_streams set revision = revision + $2 where stream_id = $1 returning revision`,
      values: [streamId, count],
    });
  } else {
    result = await client.query({
      name: 'es_reserve_exact',
      text: `update es_streams set revision = revision + $2 where stream_id = $1 and revision = $3 returning revision`,
      values: [streamId, count, expectedRevision],
    });
  }
  if (result.rows[0]) return Number(result.rows[0].revision);
  const actual = await client.query<{ revision: string }>('select revision from es_streams where stream_id = $1', [streamId]);
  throw new WrongExpectedRevisionError(streamId, expectedRevision, actual.rows[0] ? Number(actual.rows[0].revision) : -1);
}


function toRecordedEvent(row: EventRow): RecordedEvent {
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

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const candidate = error as { code?: string; constraint?: string };
  return candidate?.code === UNIQUE_VIOLATION && candidate.constraint === constraint;
}

function extractEventId(error: unknown): string | undefined {
  const detail = (error as { detail?: string }).detail ?? '';
  return /\(event_id\)=\(([^)]+)\)/.exec(detail)?.[1];
}
