import {
  ANY,
  BACKWARDS,
  END,
  ErrorType,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamRecordedEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type AppendResult as EsdbAppendResult,
  type JSONType,
  type Position,
  type ReadPosition,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import {
  WrongExpectedRevisionError,
  comparePositions,
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
} from '../../domain/event-store/port';

/**
 * Thrown by `appendMany` for more than one stream: EventStoreDB's gRPC API (client 6.2) has no atomic write across
 * streams (its old explicit transactions were single-stream and are not in the gRPC API). A change that must touch
 * two streams runs as a process with a compensating step instead (DESIGN §3).
 */
export class MultiStreamAppendUnsupportedError extends Error {
  readonly code = 'MULTI_STREAM_APPEND_UNSUPPORTED';
  constructor(readonly streamIds: string[]) {
    super(
      `This adapter cannot append to several streams atomically (${streamIds.join(', ')}); ` +
        'use a process with a compensating step',
    );
    this.name = 'MultiStreamAppendUnsupportedError';
  }
}

/** Pages of $all are at least this long, so that runs of system events cost few round trips. */
const MIN_PAGE = 64;
const MAX_PAGE = 4096;
const RESUBSCRIBE_DELAY_MS = 1000;
const CONFIRM_TIMEOUT_MS = 10_000;

/**
 * Event store on EventStoreDB (gRPC client @eventstore/db-client 6.2). Same port as the PostgreSQL adapter, with
 * these differences, each forced by the server:
 *
 * - **No atomic multi-stream append**: `appendMany` takes one stream only, otherwise it throws
 *   MultiStreamAppendUnsupportedError (`capabilities.multiStreamAppend` is false).
 * - **Event ids are unique per stream, not globally**: the server's idempotency check compares ids with the events
 *   at the expected revision of the *same* stream (and, for `any`/`stream_exists`, with a bounded in-memory cache of
 *   recent ids). There is no index by event id, so an id already used in ANOTHER stream cannot be detected without
 *   scanning $all: such an append is accepted and DuplicateEventIdError is never thrown by this adapter.
 * - **Retries are idempotent on the server**: the same events appended again with the same expected revision (or
 *   `no_stream`) answer success with the revision and position of the first write, and write nothing. With `any`
 *   or `stream_exists` this relies on the server's cache of recent ids and is best effort (documented by
 *   EventStoreDB); after a restart or a cache eviction a retried `any` append writes the events again.
 * - **Catch-up**: $all is the server's transaction log; an event becomes readable only once committed, in position
 *   order, so a cursor on the position never skips a late commit. Reading $all needs a user allowed to (by default
 *   the $admins group), given in the connection string.
 * - Needs a server from 22.6 on, which returns each event's $all position on stream reads too.
 */
export class EventStoreDbEventStore implements EventStore {
  readonly name = 'eventstoredb';
  readonly capabilities = { multiStreamAppend: false, uniqueEventIdsAcrossStreams: false };

  constructor(private readonly client: EventStoreDBClient) {}

  /** Connection string as EventStoreDB documents it, e.g. `esdb://admin:changeit@localhost:2113?tls=false`. */
  static connect(connectionString: string): EventStoreDbEventStore {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(connectionString));
  }

  async append(streamId: string, expectedRevision: ExpectedRevision, events: NewEvent[]): Promise<AppendResult> {
    validateAppends([{ streamId, expectedRevision, events }]);
    let result: EsdbAppendResult;
    try {
      result = await this.client.appendToStream(streamId, events.map(toEventData), {
        expectedRevision: toEsdbExpectedRevision(expectedRevision),
      });
    } catch (error) {
      if (isWrongExpectedVersion(error)) {
        throw new WrongExpectedRevisionError(streamId, expectedRevision, fromCurrentRevision(error.actualVersion));
      }
      throw error;
    }
    if (!result.success) {
      // Only with `throwOnAppendFailure=false` in the connection string; the client then reports the current
      // revision unreliably (6.2's batch append returns 1 for any existing stream), so ask the stream itself.
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
    if (appends.length > 1) throw new MultiStreamAppendUnsupportedError(appends.map((a) => a.streamId));
    const [only] = appends as [StreamAppend];
    return this.append(only.streamId, only.expectedRevision, only.events);
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
          () => dropped(new Error('EventStoreDB did not confirm the $all subscription in time')),
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
            error instanceof Error
              ? error
              : new Error('EventStoreDB closed the $all subscription before confirming it'),
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
   * $all position of the event at `revision` in a stream. Servers from 22.6 return it on stream reads; older ones do
   * not, and then the current end of $all is used: a position at or after the event, which is what an append result
   * promises (a projector that reached it has seen the whole append).
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

function toEsdbExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'no_stream' || expected === -1) return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  if (expected === 'any') return ANY;
  return BigInt(expected);
}

function fromCurrentRevision(current: WrongExpectedVersionError['actualVersion']): number {
  return typeof current === 'bigint' ? Number(current) : -1;
}

function toEventData(event: NewEvent) {
  return jsonEvent({
    id: event.eventId,
    type: event.type,
    // The client JSON.stringify()s data; null is valid JSON even if the client's type does not say so.
    data: (event.data ?? null) as JSONType,
    // Already carries schemaVersion (and eventId, actor, correlation and causation ids).
    metadata: event.metadata,
  });
}

function toRecordedEvent(event: EsdbRecordedEvent | AllStreamRecordedEvent, position?: LogPosition): RecordedEvent {
  const metadata = parseMetadata(event.metadata);
  const at = position ?? (event.position ? toLogPosition(event.position) : undefined);
  if (!at)
    throw new Error(
      `EventStoreDB returned ${event.streamId}@${event.revision} without its $all position (server older than 22.6?)`,
    );
  return {
    streamId: event.streamId,
    revision: Number(event.revision),
    eventId: event.id,
    type: event.type,
    schemaVersion: typeof metadata.schemaVersion === 'number' ? metadata.schemaVersion : 1,
    data: event.data,
    metadata,
    recordedAt: toDate(event.created as Date | number),
    position: at,
  };
}

function parseMetadata(raw: unknown): EventMetadata {
  // The client JSON-parses metadata and hands back the raw bytes when that fails.
  if (raw instanceof Uint8Array) {
    try {
      return JSON.parse(Buffer.from(raw).toString('utf8')) as EventMetadata;
    } catch {
      return {} as EventMetadata;
    }
  }
  if (typeof raw === 'string') {
    try {
      return JSON.parse(raw) as EventMetadata;
    } catch {
      return {} as EventMetadata;
    }
  }
  return (raw ?? {}) as EventMetadata;
}

/** 6.x gives a Date; clients before 6.0 gave .NET ticks (100 ns) since the Unix epoch as a number. */
function toDate(created: Date | number): Date {
  if (created instanceof Date) return created;
  return new Date(created > 1e14 ? Math.floor(created / 10_000) : created);
}

function toLogPosition(position: Position): LogPosition {
  return { commit: BigInt(position.commit), prepare: BigInt(position.prepare) };
}

/** System events: types starting with `$` (metadata, links, stats) and anything in a `$` stream. */
function isSystemEvent(event: { type: string; streamId: string }): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

function isWrongExpectedVersion(error: unknown): error is WrongExpectedVersionError {
  return (
    error instanceof WrongExpectedVersionError ||
    (error as { type?: unknown } | null)?.type === ErrorType.WRONG_EXPECTED_VERSION
  );
}

function isStreamNotFound(error: unknown): boolean {
  return (
    error instanceof StreamNotFoundError || (error as { type?: unknown } | null)?.type === ErrorType.STREAM_NOT_FOUND
  );
}
