/**
 * The event-store port. Two adapters implement it (PostgreSQL, EventStoreDB) and both pass
 * test/commands/event-store/contract.ts.
 */

/** A point in the global log. Ordered by `commit`, then `prepare` (PostgreSQL: tx id, global position). */
export interface LogPosition {
  commit: bigint;
  prepare: bigint;
}

/** `no_stream`: the stream must not exist; `stream_exists`: it must; a number: its last revision must be that; `any`: no check. */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | number;

export interface EventMetadata {
  eventId: string;
  occurredAt: string;
  actor: Actor;
  correlationId: string;
  causationId: string | null;
  schemaVersion: number;
  [key: string]: unknown;
}

export type Actor = { userId: number; role: string } | { public: true } | { system: string };

export interface NewEvent {
  eventId: string;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: EventMetadata;
}

export interface RecordedEvent {
  streamId: string;
  /** 0-based position of the event in its stream. */
  revision: number;
  eventId: string;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: EventMetadata;
  recordedAt: Date;
  position: LogPosition;
}

export interface StreamAppend {
  streamId: string;
  expectedRevision: ExpectedRevision;
  events: NewEvent[];
}

export interface AppendResult {
  /** The last revision of each stream after the append, by stream id. */
  revisions: Record<string, number>;
  /** Position of the last event written; projectors that reached it have seen the whole append. */
  position: LogPosition;
}

export interface ReadStreamResult {
  events: RecordedEvent[];
  /** Last revision of the stream, or -1 when it does not exist. */
  revision: number;
}

/** What an adapter can promise beyond the common contract. */
export interface StoreCapabilities {
  /** appendMany over several streams in one atomic call. */
  multiStreamAppend: boolean;
  /** An event id already used in another stream is refused (DuplicateEventIdError). */
  uniqueEventIdsAcrossStreams: boolean;
}

export interface EventStore {
  readonly name: string;
  /** What the adapter can do; absent means everything the port describes (PostgreSQL). */
  readonly capabilities: StoreCapabilities;
  /** Appends to one stream; throws WrongExpectedRevisionError on a revision mismatch. */
  append(streamId: string, expectedRevision: ExpectedRevision, events: NewEvent[]): Promise<AppendResult>;
  /** Appends to several streams atomically: all or nothing. */
  appendMany(appends: StreamAppend[]): Promise<AppendResult>;
  readStream(streamId: string, options?: { fromRevision?: number }): Promise<ReadStreamResult>;
  /**
   * Events of all streams after `after` (exclusive; null = from the start), in log order, never skipping one committed
   * late. With `types`, only events of those types are needed: a store may leave the others out (PostgreSQL does).
   */
  readAll(after: LogPosition | null, limit: number, types?: readonly string[]): Promise<RecordedEvent[]>;
  /**
   * Whether events committed after `after` are not readable yet (PostgreSQL: held back behind a transaction still
   * running). Their commit's notification has come and gone, so a reader that found nothing looks again soon.
   */
  hasUnreadableAfter?(after: LogPosition | null): Promise<boolean>;
  /** Calls `listener` whenever new events may be readable; returns an unsubscribe function. */
  onAppended(listener: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  readonly code = 'WRONG_EXPECTED_REVISION';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** Actual last revision, or -1 when the stream does not exist. */
    readonly actual: number,
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${actual}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export class DuplicateEventIdError extends Error {
  readonly code = 'DUPLICATE_EVENT_ID';
  constructor(readonly eventId: string) {
    super(`Event id ${eventId} was already written with different content or to another stream`);
    this.name = 'DuplicateEventIdError';
  }
}

export function comparePositions(a: LogPosition, b: LogPosition): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export function serialisePosition(position: LogPosition): { commit: string; prepare: string } {
  return { commit: position.commit.toString(), prepare: position.prepare.toString() };
}

export const streamId = (category: string, id: string | number): string => {
  if (!/^[a-z][A-Za-z0-9]*$/.test(category)) throw new Error(`Invalid stream category: ${category}`);
  return `${category}-${id}`;
};

export const categoryOf = (stream: string): string => stream.slice(0, stream.indexOf('-'));

/** Checks every adapter makes before an append, so that all of them refuse the same malformed calls. */
export function validateAppends(appends: StreamAppend[]): void {
  if (appends.length === 0) throw new Error('appendMany needs at least one stream');
  const seen = new Set<string>();
  for (const append of appends) {
    if (seen.has(append.streamId)) throw new Error(`Stream ${append.streamId} appears twice in one append`);
    seen.add(append.streamId);
    if (append.events.length === 0) throw new Error(`No events to append to ${append.streamId}`);
    const revision = append.expectedRevision;
    if (typeof revision === 'number' && (!Number.isSafeInteger(revision) || revision < -1)) {
      throw new Error(`Invalid expected revision ${revision}`);
    }
  }
}
