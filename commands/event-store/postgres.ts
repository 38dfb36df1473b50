import type pg from 'pg';
import { batchedCalls } from '../../domain/shared/batched-calls';
import { listenWithReconnect } from '../infrastructure/listen-with-reconnect';
import type { Logger } from '../infrastructure/logger';
import {
  DuplicateEventIdError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type LogPosition,
  type NewEvent,
  type ReadStreamResult,
  type RecordedEvent,
  type StreamAppend,
  validateAppends,
} from '../../domain/event-store/port';
import { toRecordedEvent, type StoredEventRow } from '../../domain/event-store/stored-event-row';

const NOTIFY_CHANNEL = 'es_appended';
const UNIQUE_VIOLATION = '23505';
const WRONG_EXPECTED_REVISION = 'ES409';

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
  /** Listeners of this process: told of its own appends at once, of other processes' through the notifications. */
  private readonly localListeners = new Set<() => void>();

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

  /**
   * Appends of one stream each made at the same moment (commands on different calendar dates, under a rush) are
   * written by one statement, in one transaction (`es_append_each`, migration 34): each keeps its own expected
   * revision, and one that is refused (or a batch that fails) is appended again on its own, which answers as before.
   */
  async append(streamId: string, expectedRevision: ExpectedRevision, events: NewEvent[]): Promise<AppendResult> {
    const append = { streamId, expectedRevision, events };
    validateAppends([append]);
    const settled = await this.appendsOfOneStream(append);
    if ('error' in settled) throw settled.error;
    return settled.result;
  }

  // Two batches out at once: a stream's next command sends its append only once this one is answered
  // (commands/append-in-flight.ts), so an append that waited for a whole batch to come back before leaving held up
  // every command queued on its stream. Side by side is safe: each batch locks its streams' rows in one order
  // (sortedByStream), and one stream's appends from this process never overlap.
  private readonly appendsOfOneStream = batchedCalls((appends: StreamAppend[]) => this.appendEach(appends), {
    inFlight: 2,
  });

  private async appendEach(appends: StreamAppend[]): Promise<Settled<AppendResult>[]> {
    const alone = (append: StreamAppend) => settle(this.appendMany([append]));
    if (appends.length === 1) return [await alone(appends[0]!)];
    // One append a stream in the statement; another on a stream already in it goes after, on its own.
    const together = new Map<string, StreamAppend>();
    for (const append of appends) if (!together.has(append.streamId)) together.set(append.streamId, append);
    const ordered = sortedByStream([...together.values()]);
    const arrays = appendArrays(ordered);
    let written: { o_revisions: (string | null)[]; o_positions: (string | null)[]; o_tx_id: string | null } | undefined;
    try {
      const result = await this.pool.query<NonNullable<typeof written>>({
        name: 'es_append_each',
        text: 'select o_revisions, o_positions, o_tx_id from es_append_each($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)',
        values: appendValues(arrays),
      });
      written = result.rows[0];
    } catch {
      written = undefined; // e.g. an event id already written (a retried append): each is appended on its own
    }
    if (written?.o_tx_id) {
      for (const listener of this.localListeners) listener();
      this.signalAppended();
    }
    const outcomes = new Map<StreamAppend, Promise<Settled<AppendResult>>>();
    ordered.forEach((append, index) => {
      const revision = written?.o_revisions[index];
      const position = written?.o_positions[index];
      outcomes.set(
        append,
        revision != null && position != null && written?.o_tx_id
          ? Promise.resolve({
              result: {
                revisions: { [append.streamId]: Number(revision) },
                position: { commit: BigInt(written.o_tx_id), prepare: BigInt(position) },
              },
            })
          : alone(append), // refused: on its own, it is refused as a single append is (or finds its earlier append)
      );
    });
    await Promise.all(outcomes.values());
    for (const append of appends) if (!outcomes.has(append)) outcomes.set(append, alone(append));
    return Promise.all(appends.map((append) => outcomes.get(append)!));
  }

  async appendMany(appends: StreamAppend[]): Promise<AppendResult> {
    validateAppends(appends);
    // A fixed lock order keeps two multi-stream appends from deadlocking each other.
    const ordered = sortedByStream(appends);
    const arrays = appendArrays(ordered);
    try {
      // One statement, so one transaction: es_append (migration 17) reserves each stream's revisions as the
      // expected revision allows, inserts the events and answers the last revisions and the log position.
      const result = await this.pool.query<{ o_revisions: string[]; o_position: string; o_tx_id: string }>({
        name: 'es_append',
        text: 'select o_revisions, o_position::text as o_position, o_tx_id from es_append($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)',
        values: appendValues(arrays),
      });
      // Readers in this process need not wait for the notification's round trip through the server.
      for (const listener of this.localListeners) listener();
      this.signalAppended();
      const row = result.rows[0]!;
      const revisions = Object.fromEntries(
        arrays.streams.ids.map((streamId, index) => [streamId, Number(row.o_revisions[index])]),
      );
      return { revisions, position: { commit: BigInt(row.o_tx_id), prepare: BigInt(row.o_position) } };
    } catch (failure) {
      const error = asWrongExpectedRevision(failure, ordered) ?? failure;
      const isConflict = error instanceof WrongExpectedRevisionError;
      const isDuplicateId = isUniqueViolation(error, 'es_events_event_id_key');
      if (isConflict || isDuplicateId) {
        // A retried append whose first attempt committed: answer as the first attempt did.
        const replay = await this.findEarlierAppend(appends);
        if (replay) return replay;
        if (isDuplicateId) throw new DuplicateEventIdError(extractEventId(error) ?? 'unknown');
      }
      throw error;
    }
  }

  private async findEarlierAppend(appends: StreamAppend[]): Promise<AppendResult | null> {
    const wanted = new Map(appends.flatMap((a) => a.events.map((e) => [e.eventId, a.streamId] as const)));
    const found = await this.pool.query<{
      event_id: string;
      stream_id: string;
      stream_revision: string;
      tx_id: string;
      global_position: string;
    }>(
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
      if (
        candidate.commit > position.commit ||
        (candidate.commit === position.commit && candidate.prepare > position.prepare)
      )
        position = candidate;
    }
    return { revisions, position };
  }

  async readStream(streamId: string, { fromRevision = 0 }: { fromRevision?: number } = {}): Promise<ReadStreamResult> {
    // One round trip: the stream's head comes with its events (a command with a cached state usually reads none).
    const result = await this.pool.query<(StoredEventRow & { head: string }) | { head: string; event_id: null }>({
      name: 'es_read_stream_with_head',
      text: `select s.revision::text as head, e.* from es_streams s
             left join lateral (select ${selectColumns} from es_events
                                where es_events.stream_id = s.stream_id and es_events.stream_revision >= $2) e on true
             where s.stream_id = $1 order by e.stream_revision`,
      values: [streamId, fromRevision],
    });
    const events = result.rows
      .filter((row): row is StoredEventRow & { head: string } => row.event_id !== null)
      .map(toRecordedEvent);
    const head = result.rows[0] ? Number(result.rows[0].head) : -1;
    return { events, revision: head };
  }

  async readAll(after: LogPosition | null, limit: number, types?: readonly string[]): Promise<RecordedEvent[]> {
    // Only transactions older than every running one (tx_id < snapshot xmin) are read: one that commits late can
    // then never land behind the cursor. See DESIGN §4.
    const ofTypes = types ? 'and type = any($4::text[])' : '';
    const result = await this.pool.query<StoredEventRow>({
      name: types ? 'es_read_all_of_types' : 'es_read_all',
      text: `select ${selectColumns} from es_events
             where tx_id < pg_snapshot_xmin(pg_current_snapshot()) and (tx_id, global_position) > ($1::xid8, $2::bigint) ${ofTypes}
             order by es_events.tx_id, es_events.global_position limit $3`,
      values: [(after?.commit ?? 0n).toString(), (after?.prepare ?? 0n).toString(), limit, ...(types ? [types] : [])],
    });
    return result.rows.map(toRecordedEvent);
  }

  async hasUnreadableAfter(after: LogPosition | null): Promise<boolean> {
    const result = await this.pool.query<{ unreadable: boolean }>({
      name: 'es_unreadable_after',
      text: UNREADABLE_AFTER_SQL,
      values: [(after?.commit ?? 0n).toString(), (after?.prepare ?? 0n).toString()],
    });
    return result.rows[0]!.unreadable;
  }

  /** The session reconnects after a database restart; readers poll only while it is down. */
  async onAppended(listener: () => void): Promise<() => Promise<void>> {
    const listening = await listenWithReconnect({
      connectionString: this.listenUrl,
      channel: NOTIFY_CHANNEL,
      onNotify: () => listener(),
      logger: this.logger,
    });
    this.localListeners.add(listener);
    return () => {
      this.localListeners.delete(listener);
      return listening.stop();
    };
  }

  async countEvents(): Promise<number> {
    const result = await this.pool.query<{ count: string }>('select count(*)::text as count from es_events');
    return Number(result.rows[0]!.count);
  }

  async close(): Promise<void> {
    // The pool belongs to whoever created it.
  }
}

/** es_append's refusal of a stale expected revision (SQLSTATE ES409: the stream in DETAIL, its revision in HINT). */
function asWrongExpectedRevision(error: unknown, appends: StreamAppend[]): WrongExpectedRevisionError | undefined {
  const candidate = error as { code?: string; detail?: string; hint?: string };
  if (candidate?.code !== WRONG_EXPECTED_REVISION) return undefined;
  const append = appends.find((a) => a.streamId === candidate.detail);
  return new WrongExpectedRevisionError(
    candidate.detail ?? 'unknown',
    append?.expectedRevision ?? 'any',
    Number(candidate.hint ?? -1),
  );
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const candidate = error as { code?: string; constraint?: string };
  return candidate?.code === UNIQUE_VIOLATION && candidate.constraint === constraint;
}

function extractEventId(error: unknown): string | undefined {
  const detail = (error as { detail?: string }).detail ?? '';
  return /\(event_id\)=\(([^)]+)\)/.exec(detail)?.[1];
}

type Settled<T> = { result: T } | { error: unknown };

const settle = <T>(promise: Promise<T>): Promise<Settled<T>> =>
  promise.then(
    (result) => ({ result }),
    (error: unknown) => ({ error }),
  );

/**
 * Whether any committed event lies after the position: the last one in log order is after it. Asked as "exists an
 * event after ($1, $2)", the prepared statement's generic plan (PostgreSQL's after five runs) scanned the whole log,
 * expecting a third of it to match where usually nothing does (3.4 ms at 50,000 events, growing with the log); the
 * last entry of the log-order index is one read whatever the parameters.
 */
export const UNREADABLE_AFTER_SQL = `select coalesce(
  (select (tx_id, global_position) > ($1::xid8, $2::bigint) from es_events order by tx_id desc, global_position desc limit 1),
  false) as unreadable`;

const sortedByStream = (appends: StreamAppend[]) =>
  [...appends].sort((a, b) => (a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0));

/** The appends as `es_append` and `es_append_each` take them: one entry a stream, one a event. */
function appendArrays(ordered: StreamAppend[]) {
  const streams = {
    ids: [] as string[],
    kinds: [] as string[],
    expected: [] as (number | null)[],
    counts: [] as number[],
  };
  const rows = {
    streams: [] as string[],
    ids: [] as string[],
    types: [] as string[],
    versions: [] as number[],
    data: [] as string[],
    metadata: [] as string[],
  };
  for (const append of ordered) {
    const { expectedRevision } = append;
    streams.ids.push(append.streamId);
    streams.kinds.push(
      expectedRevision === -1 ? 'no_stream' : typeof expectedRevision === 'number' ? 'exact' : expectedRevision,
    );
    streams.expected.push(typeof expectedRevision === 'number' ? expectedRevision : null);
    streams.counts.push(append.events.length);
    for (const event of append.events) {
      rows.streams.push(append.streamId);
      rows.ids.push(event.eventId);
      rows.types.push(event.type);
      rows.versions.push(event.schemaVersion);
      rows.data.push(JSON.stringify(event.data ?? null));
      rows.metadata.push(JSON.stringify(event.metadata));
    }
  }
  return { streams, rows };
}

/** The arguments of `es_append` and `es_append_each`, in their order. */
const appendValues = ({ streams, rows }: ReturnType<typeof appendArrays>) => [
  streams.ids,
  streams.kinds,
  streams.expected,
  streams.counts,
  rows.streams,
  rows.ids,
  rows.types,
  rows.versions,
  rows.data,
  rows.metadata,
];
