import {
  ANY,
  ErrorType,
  NO_STREAM,
  STREAM_EXISTS,
  StreamNotFoundError,
  UnsupportedError,
  WrongExpectedVersionError,
  jsonEvent,
  type AllStreamRecordedEvent,
  type AppendStreamRequest,
  type AppendStreamState,
  type JSONType,
  type MultiAppendResult,
  type Position,
  type RecordedEvent as KurrentRecordedEvent,
} from '@kurrent/kurrentdb-client';
import {
  WrongExpectedRevisionError,
  type EventMetadata,
  type ExpectedRevision,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
  type StreamAppend,
} from '../../domain/event-store/port';

export function toStreamState(expected: ExpectedRevision): AppendStreamState {
  if (expected === 'no_stream' || expected === -1) return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  if (expected === 'any') return ANY;
  return BigInt(expected);
}

/** The client's actual stream state in a conflict: a revision, or -1 for no stream (also deleted or tombstoned). */
export function fromActualState(actual: unknown): number {
  return typeof actual === 'bigint' && actual >= 0n ? Number(actual) : -1;
}

/**
 * The port's conflict error for the client's WrongExpectedVersionError, the same for one stream (v1 append) and
 * several (multiStreamAppend, where the server names the first stream whose check failed). The expected revision is
 * the one the caller gave for that stream.
 */
export function toConflict(
  error: Pick<WrongExpectedVersionError, 'streamName' | 'expectedState' | 'actualState'>,
  appends: readonly StreamAppend[],
): WrongExpectedRevisionError {
  const named =
    appends.find((append) => append.streamId === error.streamName) ??
    // The server compares stream names without case; a single stream is the one whatever the error says.
    appends.find((append) => append.streamId.toLowerCase() === String(error.streamName ?? '').toLowerCase()) ??
    (appends.length === 1 ? appends[0] : undefined);
  if (!named) {
    // Not one of ours (should not happen): say what the server said.
    const expected = typeof error.expectedState === 'bigint' ? Number(error.expectedState) : error.expectedState;
    return new WrongExpectedRevisionError(String(error.streamName), expected, fromActualState(error.actualState));
  }
  return new WrongExpectedRevisionError(named.streamId, named.expectedRevision, fromActualState(error.actualState));
}

/** Revision of the first event an append writes, when its expected revision tells it (exact or `no_stream`). */
export function firstRevisionOf(append: StreamAppend): number | null {
  if (append.expectedRevision === 'no_stream') return 0;
  if (typeof append.expectedRevision === 'number') return append.expectedRevision + 1;
  return null;
}

/**
 * The stream's last revision after `append` if the events found from its first revision on are exactly its events
 * (same ids, same order): then it was written already and this is a retry. Null otherwise.
 */
export function retriedRevision(append: StreamAppend, idsFound: readonly string[]): number | null {
  const from = firstRevisionOf(append);
  if (from === null || idsFound.length !== append.events.length) return null;
  const same = append.events.every((event, index) => event.eventId.toLowerCase() === idsFound[index]!.toLowerCase());
  return same ? from + append.events.length - 1 : null;
}

/** The multiStreamAppend request for the port's appends, in their order (one entry per stream). */
export function toAppendRequests(appends: readonly StreamAppend[]): AppendStreamRequest[] {
  return appends.map((append) => ({
    streamName: append.streamId,
    expectedState: toStreamState(append.expectedRevision),
    events: append.events.map((event) =>
      jsonEvent({
        id: event.eventId,
        type: event.type,
        data: (event.data ?? null) as JSONType,
        metadata: encodeMetadataProperties(event.metadata),
      }),
    ),
  }));
}

/** The last revision of each stream from a multiStreamAppend answer; every stream of the request must be in it. */
export function revisionsOf(result: MultiAppendResult, appends: readonly StreamAppend[]): Record<string, number> {
  const answered = new Map(result.responses.map((response) => [response.streamName, Number(response.revision)]));
  const revisions: Record<string, number> = {};
  for (const append of appends) {
    const revision = answered.get(append.streamId);
    if (revision === undefined) throw new Error(`KurrentDB did not answer the revision of ${append.streamId}`);
    revisions[append.streamId] = revision;
  }
  return revisions;
}

/**
 * Key listing, as a JSON array, the metadata keys whose values were JSON-encoded by `encodeMetadataProperties`.
 * Not starting with `$`, which KurrentDB keeps for its own properties.
 */
export const JSON_PROPERTIES_KEY = 'jsonProperties';

/**
 * multiStreamAppend sends metadata as properties, which must all be strings (the client throws otherwise). Strings
 * stay as they are; any other value (actor, schemaVersion, a null causationId…) is JSON-encoded, and its key listed
 * under JSON_PROPERTIES_KEY so that reading gives back exactly the metadata that was appended.
 */
export function encodeMetadataProperties(metadata: EventMetadata): Record<string, string> {
  const properties: Record<string, string> = {};
  const encoded: string[] = [];
  for (const [key, value] of Object.entries(metadata)) {
    if (value === undefined) continue;
    if (typeof value === 'string') {
      properties[key] = value;
    } else {
      properties[key] = JSON.stringify(value);
      encoded.push(key);
    }
  }
  if (JSON_PROPERTIES_KEY in properties) {
    throw new Error(`Event metadata may not use the key ${JSON_PROPERTIES_KEY} (reserved by the KurrentDB adapter)`);
  }
  if (encoded.length > 0) properties[JSON_PROPERTIES_KEY] = JSON.stringify(encoded);
  return properties;
}

/** The reverse of `encodeMetadataProperties`; metadata written by the v1 append (no key list) is left as it is. */
export function decodeMetadataProperties(metadata: Record<string, unknown>): Record<string, unknown> {
  const list = metadata[JSON_PROPERTIES_KEY];
  if (typeof list !== 'string') return metadata;
  let keys: unknown;
  try {
    keys = JSON.parse(list);
  } catch {
    return metadata;
  }
  if (!Array.isArray(keys)) return metadata;
  const decoded: Record<string, unknown> = { ...metadata };
  delete decoded[JSON_PROPERTIES_KEY];
  for (const key of keys) {
    const value = decoded[key];
    if (typeof key !== 'string' || typeof value !== 'string') continue;
    try {
      decoded[key] = JSON.parse(value);
    } catch {
      // Left as the string it is.
    }
  }
  return decoded;
}

/**
 * Why this server cannot be used, or null when it can: it must offer the atomic multi-stream append (KurrentDB 25.1
 * or later), otherwise a change over several streams could not be written whole.
 */

export function toEventData(event: NewEvent) {
  return jsonEvent({
    id: event.eventId,
    type: event.type,
    // The client JSON.stringify()s data; null is valid JSON even if the client's type does not say so.
    data: (event.data ?? null) as JSONType,
    // Already carries schemaVersion (and eventId, actor, correlation and causation ids).
    metadata: event.metadata,
  });
}

export function toRecordedEvent(
  event: KurrentRecordedEvent | AllStreamRecordedEvent,
  position?: LogPosition,
): RecordedEvent {
  const metadata = parseMetadata(event.metadata);
  const at = position ?? (event.position ? toLogPosition(event.position) : undefined);
  if (!at) throw new Error(`KurrentDB returned ${event.streamId}@${event.revision} without its $all position`);
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

/**
 * The event's metadata as appended. The client JSON-parses it and hands back the raw bytes when that fails; metadata
 * written by a multi-stream append comes back as string-valued properties and is decoded.
 */
export function parseMetadata(raw: unknown): EventMetadata {
  let parsed: unknown = raw;
  if (raw instanceof Uint8Array || typeof raw === 'string') {
    try {
      parsed = JSON.parse(typeof raw === 'string' ? raw : Buffer.from(raw).toString('utf8'));
    } catch {
      return {} as EventMetadata;
    }
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {} as EventMetadata;
  return decodeMetadataProperties(parsed as Record<string, unknown>) as EventMetadata;
}

/** The client gives a Date; very old clients gave .NET ticks (100 ns) since the Unix epoch as a number. */
export function toDate(created: Date | number): Date {
  if (created instanceof Date) return created;
  return new Date(created > 1e14 ? Math.floor(created / 10_000) : created);
}

export function toLogPosition(position: Position): LogPosition {
  return { commit: BigInt(position.commit), prepare: BigInt(position.prepare) };
}

/** System events: types starting with `$` (metadata, links, stats) and anything in a `$` stream. */
export function isSystemEvent(event: { type: string; streamId: string }): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

export function isWrongExpectedVersion(error: unknown): error is WrongExpectedVersionError {
  return (
    error instanceof WrongExpectedVersionError ||
    (error as { type?: unknown } | null)?.type === ErrorType.WRONG_EXPECTED_VERSION
  );
}

export function isStreamNotFound(error: unknown): boolean {
  return (
    error instanceof StreamNotFoundError || (error as { type?: unknown } | null)?.type === ErrorType.STREAM_NOT_FOUND
  );
}

/** The client's refusal of a call the server does not offer (UnsupportedError), or the server's (UNIMPLEMENTED). */
export function isUnsupported(error: unknown): boolean {
  const candidate = error as { type?: unknown; code?: unknown } | null;
  return error instanceof UnsupportedError || candidate?.type === ErrorType.UNSUPPORTED || candidate?.code === 12;
}
