import {
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
  START,
  excludeSystemEvents,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendResult as KurrentAppendResult,
  type MultiAppendResult,
  type Position,
  type ReadPosition,
} from '@kurrent/kurrentdb-client';
import {
  WrongExpectedRevisionError,
  comparePositions,
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

import {
  KurrentDbVersionError,
  MultiStreamAppendUnsupportedError,
  multiStreamAppendRefusal,
  readServerFeatures,
  type ServerFeaturesReport,
} from './kurrentdb-server';
import {
  firstRevisionOf,
  isStreamNotFound,
  isSystemEvent,
  isUnsupported,
  isWrongExpectedVersion,
  retriedRevision,
  revisionsOf,
  toAppendRequests,
  toConflict,
  toEventData,
  toLogPosition,
  toRecordedEvent,
  toStreamState,
} from './kurrentdb-mapping';

/** Pages of $all are at least this long, so that runs of system events cost few round trips. */
const MIN_PAGE = 64;
const MAX_PAGE = 4096;
const RESUBSCRIBE_DELAY_MS = 1000;
const CONFIRM_TIMEOUT_MS = 10_000;

/**
 * Event store on KurrentDB (formerly EventStoreDB), gRPC client @kurrent/kurrentdb-client 1.x. Same port as the
 * PostgreSQL adapter, with these differences, each forced by the server:
 *
 * - **Needs KurrentDB 25.1 or later**: `open` refuses an older server (see `multiStreamAppendRefusal`), so a change
 *   that touches several streams is never written half.
 * - **Several streams**: `appendMany` over more than one stream is one `multiStreamAppend` (v2 AppendSession): all
 *   streams or none. A stale expected revision on any of them fails the whole call with WrongExpectedRevisionError
 *   naming that stream. Its metadata is sent as string-valued properties (the client accepts nothing else there); see
 *   `encodeMetadataProperties`. One stream (`append`, or `appendMany` with one entry) keeps the v1 append.
 * - **Event ids are unique per stream, not globally**: the server's idempotency check compares ids with the events
 *   after the expected revision of the *same* stream (and, for `any`/`stream_exists`, with a bounded in-memory cache
 *   of recent ids). There is no index by event id, so an id already used in ANOTHER stream cannot be detected
 *   without scanning $all: such an append is accepted and DuplicateEventIdError is never thrown by this adapter.
 * - **Retries are idempotent on the server, per stream**: the same events appended again with the same expected
 *   revision (or `no_stream`) answer success with the revisions of the first write, and write nothing. With `any` or
 *   `stream_exists` this relies on the server's cache of recent ids and is best effort (documented by KurrentDB);
 *   after a restart or a cache eviction a retried `any` append writes the events again. A multi-stream append is
 *   one server write over several streams, checked stream by stream the same way; should the server answer a retry
 *   of one already written with a conflict, the adapter reads each stream after its expected revision and answers
 *   success when exactly these event ids are there (exact and `no_stream` expectations).
 * - **Catch-up**: $all is the server's transaction log; an event becomes readable only once committed, in position
 *   order, so a cursor on the position never skips a late commit. Reading $all needs a user allowed to (by default
 *   the $admins group), given in the connection string.
 */
export class KurrentDbEventStore implements EventStore {
  readonly name = 'eventstoredb';
  readonly capabilities = { multiStreamAppend: true, uniqueEventIdsAcrossStreams: false };

  private constructor(private readonly client: KurrentDBClient) {}

  /**
   * Connects (connection string as KurrentDB documents it, e.g. `kurrentdb://admin:changeit@localhost:2113?tls=false`;
   * `esdb://` works too) and checks the server offers the atomic multi-stream append: an older server is refused
   * with KurrentDbVersionError, before anything is written.
   */
  static async open(connectionString: string): Promise<KurrentDbEventStore> {
    const client = KurrentDBClient.connectionString(connectionString);
    let features: ServerFeaturesReport;
    try {
      features = await readServerFeatures(client);
    } catch (error) {
      await client.dispose().catch(() => undefined);
      throw new Error(
        `Could not ask the KurrentDB server at EVENTSTORE_URL for its version: ${(error as Error).message ?? error}`,
        { cause: error },
      );
    }
    const refusal = multiStreamAppendRefusal(features);
    if (refusal) {
      await client.dispose().catch(() => undefined);
      throw new KurrentDbVersionError(refusal);
    }
    return new KurrentDbEventStore(client);
  }

  async append(streamId: string, expectedRevision: ExpectedRevision, events: NewEvent[]): Promise<AppendResult> {
    validateAppends([{ streamId, expectedRevision, events }]);
    let result: KurrentAppendResult;
    try {
      result = await this.client.appendToStream(streamId, events.map(toEventData), {
        streamState: toStreamState(expectedRevision),
      });
    } catch (error) {
      if (isWrongExpectedVersion(error)) throw toConflict(error, [{ streamId, expectedRevision, events }]);
      throw error;
    }
    if (!result.success) {
      // Only with `throwOnAppendFailure=false` in the connection string; the client then reports the current
      // revision unreliably, so ask the stream itself.
      throw new WrongExpectedRevisionError(streamId, expectedRevision, await this.lastRevision(streamId));
    }
    const revision = Number(result.nextExpectedRevision);
    // The server answers the log position of the last event written: for a first write the position of its last
    // prepare record, for an idempotent retry that of the stream's event at that revision, i.e. the same value.
    // It answers "no position" when it could not read that event back: then read it back here.
    const position = result.position ?? (await this.positionOf(streamId, revision));
    return { revisions: { [streamId]: revision }, position: toLogPosition(position) };
  }

  async appendMany(appends: StreamAppend[]): Promise<AppendResult> {
    validateAppends(appends);
    if (appends.length === 1) {
      const [only] = appends as [StreamAppend];
      return this.append(only.streamId, only.expectedRevision, only.events);
    }
    let result: MultiAppendResult;
    try {
      result = await this.client.multiStreamAppend(toAppendRequests(appends));
    } catch (error) {
      if (isWrongExpectedVersion(error)) {
        const retried = await this.revisionsIfAlreadyWritten(appends);
        if (!retried) throw toConflict(error, appends);
        return { revisions: retried, position: await this.lastPositionOf(appends, retried) };
      }
      if (isUnsupported(error)) {
        throw new MultiStreamAppendUnsupportedError(
          appends.map((append) => append.streamId),
          (error as Error).message,
        );
      }
      throw error;
    }
    const revisions = revisionsOf(result, appends);
    return { revisions, position: await this.lastPositionOf(appends, revisions) };
  }

  /**
   * The events are written in the order of the request, so the last one in the log is the last event of the last
   * stream. Its position is read back rather than taken from the answer (a single commit position), so that it is
   * exactly the position readAll gives that event: a projector that reached it has seen the whole append.
   */
  private async lastPositionOf(appends: StreamAppend[], revisions: Record<string, number>): Promise<LogPosition> {
    const last = appends[appends.length - 1]!;
    return toLogPosition(await this.positionOf(last.streamId, revisions[last.streamId]!));
  }

  /**
   * After a revision conflict on a multi-stream append: whether it is the retry of one that was written already
   * (every stream holds exactly these event ids right after its expected revision), as the port promises. The server
   * recognises such a retry on each stream of a single-stream append; this makes a multi-stream one behave the same
   * whatever the server does with it. Only exact and `no_stream` expectations can be checked so; `any` never
   * conflicts, and `stream_exists` conflicts only when the stream does not exist, i.e. nothing was written.
   */
  private async revisionsIfAlreadyWritten(appends: StreamAppend[]): Promise<Record<string, number> | null> {
    const revisions: Record<string, number> = {};
    for (const append of appends) {
      const from = firstRevisionOf(append);
      if (from === null) return null;
      const found = await this.eventIdsFrom(append.streamId, from, append.events.length);
      const revision = retriedRevision(append, found);
      if (revision === null) return null;
      revisions[append.streamId] = revision;
    }
    return revisions;
  }

  /** Ids of up to `count` events of a stream from `revision` on; none when the stream does not exist. */
  private async eventIdsFrom(streamId: string, revision: number, count: number): Promise<string[]> {
    const ids: string[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: BigInt(revision),
        direction: FORWARDS,
        maxCount: count,
      })) {
        if (resolved.event) ids.push(resolved.event.id);
      }
    } catch (error) {
      if (isStreamNotFound(error)) return [];
      throw error;
    }
    return ids;
  }

  async readStream(streamId: string, { fromRevision = 0 }: { fromRevision?: number } = {}): Promise<ReadStreamResult> {
    if (!Number.isSafeInteger(fromRevision) || fromRevision < 0) throw new Error(`Invalid revision ${fromRevision}`);
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: BigInt(fromRevision),
        direction: FORWARDS,
      })) {
        if (resolved.event) events.push(toRecordedEvent(resolved.event));
      }
    } catch (error) {
      if (isStreamNotFound(error)) return { events: [], revision: -1 };
      throw error;
    }
    if (events.length > 0) return { events, revision: events[events.length - 1]!.revision };
    // Read from past the end of an existing stream: its last revision still has to be told.
    return { events, revision: await this.lastRevision(streamId) };
  }

  async readAll(after: LogPosition | null, limit: number): Promise<RecordedEvent[]> {
    if (!Number.isSafeInteger(limit) || limit <= 0) return [];
    const found: RecordedEvent[] = [];
    // `fromPosition` is inclusive: the event at `after` comes back first and is skipped, as is anything at or
    // before the cursor.
    let cursor: LogPosition | null = after;
    for (;;) {
      const pageSize = Math.min(Math.max(limit - found.length + 1, MIN_PAGE), MAX_PAGE);
      const from: ReadPosition = cursor ?? START;
      let received = 0;
      let last: LogPosition | null = null;
      for await (const resolved of this.client.readAll({
        fromPosition: from,
        maxCount: pageSize,
        direction: FORWARDS,
        resolveLinkTos: false,
      })) {
        received += 1;
        const event = resolved.event;
        if (!event) continue;
        const position = toLogPosition(event.position);
        last = position;
        if (cursor && comparePositions(position, cursor) <= 0) continue;
        if (isSystemEvent(event)) continue;
        found.push(toRecordedEvent(event, position));
      }
      // The whole page is consumed (never abandoned mid-stream) and then cut to the limit: the caller's cursor is
      // the last event it gets, so whatever is cut is read again next time.
      if (found.length >= limit) return found.slice(0, limit);
      const reachedEnd = received < pageSize;
      const progressed = last !== null && (cursor === null || comparePositions(last, cursor) > 0);
      if (reachedEnd || !progressed) return found;
      cursor = last;
    }
  }

  async onAppended(listener: () => void): Promise<() => Promise<void>> {
    let closed = false;
    let current: AllStreamSubscription | null = null;
    let timer: NodeJS.Timeout | null = null;

    // After a drop, resubscribe (again and again while it fails) and then call the listener once, since events may
    // have been appended meanwhile. Readers also poll, so a drop only delays them.
    const scheduleResubscribe = (): void => {
      if (closed || timer) return;
      timer = setTimeout(() => {
        timer = null;
        if (closed) return;
        subscribe().then(() => listener(), scheduleResubscribe);
      }, RESUBSCRIBE_DELAY_MS);
    };

    // Subscribes from the end of $all (system events filtered out by the server) and resolves once the server has
    // confirmed the subscription, so an append made after onAppended resolved is always notified.
    const subscribe = (): Promise<void> =>
      new Promise<void>((resolve, reject) => {
        let confirmed = false;
        const subscription = this.client.subscribeToAll({
          fromPosition: END,
          resolveLinkTos: false,
          filter: excludeSystemEvents(),
        });
        current = subscription;
        const deadline = setTimeout(
          () => dropped(new Error('KurrentDB did not confirm the $all subscription in time')),
          CONFIRM_TIMEOUT_MS,
        );
        deadline.unref(); // never the only thing keeping the process alive
        subscription.on('confirmation', () => {
          clearTimeout(deadline);
          confirmed = true;
          resolve();
        });
        subscription.on('data', (resolved: AllStreamResolvedEvent) => {
          if (resolved.event && !isSystemEvent(resolved.event)) listener();
        });
        function dropped(error?: unknown): void {
          if (current !== subscription) return;
          current = null;
          clearTimeout(deadline);
          if (confirmed) {
            scheduleResubscribe();
            return;
          }
          subscription.unsubscribe().catch(() => undefined);
          reject(
            error instanceof Error ? error : new Error('KurrentDB closed the $all subscription before confirming it'),
          );
        }
        subscription.on('error', dropped);
        subscription.on('close', () => dropped());
      });

    await subscribe();
    return async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const subscription = current;
      current = null;
      await subscription?.unsubscribe().catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }

  /** Last revision of a stream, -1 when it does not exist. */
  private async lastRevision(streamId: string): Promise<number> {
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: END,
        direction: BACKWARDS,
        maxCount: 1,
      })) {
        if (resolved.event) return Number(resolved.event.revision);
      }
    } catch (error) {
      if (isStreamNotFound(error)) return -1;
      throw error;
    }
    return -1;
  }

  /**
   * $all position of the event at `revision` in a stream (stream reads carry it). Should it be missing, the current
   * end of $all is used: a position at or after the event, which is what an append result promises (a projector that
   * reached it has seen the whole append).
   */
  private async positionOf(streamId: string, revision: number): Promise<Position> {
    for await (const resolved of this.client.readStream(streamId, {
      fromRevision: BigInt(revision),
      direction: FORWARDS,
      maxCount: 1,
    })) {
      if (resolved.event?.position) return resolved.event.position;
    }
    for await (const resolved of this.client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1 })) {
      if (resolved.event) return resolved.event.position;
    }
    throw new Error(`Could not find the position of ${streamId}@${revision} in $all`);
  }
}

/** The port's expected revision as the client's stream state (same for the v1 append and multiStreamAppend). */
