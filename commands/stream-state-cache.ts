import type { Decider, DomainEvent } from '../domain/shared/decider';
import type { EventStore } from '../domain/event-store/port';
import { upcast } from '../domain/event-store/upcasters';

/**
 * The folded state of recently used streams, per store and decider, with the revision it was folded up to. A
 * command reads only the events after that revision and folds them on, so a busy calendar date (hundreds of lock,
 * book and release events) costs the same as a new one. Streams are append-only, so a cached state is always a
 * true state of the stream at its revision; when another process has appended since, the read brings the new
 * events, and when that happens between the read and the append, the expected-revision check refuses the append
 * and the command is decided again. A stale entry can cost a retry, never a wrong decision.
 *
 * States are immutable values (evolve returns a new state), so a cached one may be shared by concurrent commands.
 */
export interface LoadedState<State> {
  state: State;
  /** -1 when the stream does not exist. */
  revision: number;
}

/** Streams kept per decider; the least recently used is dropped first. */
export const STREAMS_KEPT = 2_000;

/**
 * How long a stream counts as written by other processes after this one last found their events on it. Meanwhile a
 * command reads the stream's new events before deciding instead of trying its remembered state first: with several
 * instances behind a load balancer, the remembered state of a busy stream is usually stale, and an append on it fails
 * after waiting for the other writer's commit, then costs a read and a second append (four round trips, against two).
 */
export const SHARED_FOR_MS = 10_000;

/** A remembered state, and since when (performance.now()) it is known to have been the stream's current one. */
export interface RememberedState<State> extends LoadedState<State> {
  /**
   * A moment at which this was the stream's state: when the read that brought it started, or when this process's
   * append that made it was sent. Absent when only presumed.
   */
  provenAt?: number;
}

interface CachedEntry<State> extends RememberedState<State> {
  /** Until when (performance.now()) other processes are taken to write this stream. */
  sharedUntil?: number;
}

type StateCache = Map<string, CachedEntry<unknown>>;
const caches = new WeakMap<EventStore, WeakMap<object, StateCache>>();

function cacheOf(store: EventStore, decider: object): StateCache {
  let byDecider = caches.get(store);
  if (!byDecider) {
    byDecider = new WeakMap();
    caches.set(store, byDecider);
  }
  let cache = byDecider.get(decider);
  if (!cache) {
    cache = new Map();
    byDecider.set(decider, cache);
  }
  return cache;
}

/** The stream's state now: the cached state with the events appended since folded on, or a fold from the start. */
export async function loadState<Command, Event extends DomainEvent, State>(
  store: EventStore,
  decider: Decider<Command, Event, State>,
  streamId: string,
): Promise<LoadedState<State>> {
  const cache = cacheOf(store, decider);
  const cached = cache.get(streamId) as CachedEntry<State> | undefined;
  const startedAt = performance.now();
  const stream = await store.readStream(streamId, { fromRevision: cached ? cached.revision + 1 : 0 });
  if (cached && stream.revision < cached.revision) {
    // The store no longer has what was cached (a test dropped its database): start again.
    cache.delete(streamId);
    return loadState(store, decider, streamId);
  }
  const state = stream.events.reduce(
    (folded, recorded) => decider.evolve(folded, upcast(recorded) as Event),
    cached ? cached.state : decider.initialState,
  );
  const loaded = { state, revision: stream.revision };
  rememberState(store, decider, streamId, loaded, startedAt);
  // Events this process had not seen, though it remembered the stream: another process wrote them.
  if (cached && stream.events.length > 0) markShared(cache, streamId);
  return loaded;
}

function markShared(cache: StateCache, streamId: string): void {
  const entry = cache.get(streamId);
  if (entry) entry.sharedUntil = performance.now() + SHARED_FOR_MS;
}

/**
 * The state this process last saw of the stream, to decide on without reading it first (see `cachedState`); none
 * while other processes have lately been writing the stream (a command then reads its new events first).
 */
export function stateToDecideOn<State>(
  store: EventStore,
  decider: object,
  streamId: string,
): RememberedState<State> | undefined {
  const entry = cachedState<State>(store, decider, streamId) as CachedEntry<State> | undefined;
  if (entry?.sharedUntil !== undefined && entry.sharedUntil > performance.now()) return undefined;
  return entry;
}

/**
 * The state this process last saw of the stream, without reading the store: a command may decide on it and append
 * with its revision. When another process appended since, the append is refused on the revision check and the
 * command reads (`loadState`) and decides again; so a process that is the stream's only writer skips the read.
 */
export function cachedState<State>(
  store: EventStore,
  decider: object,
  streamId: string,
): LoadedState<State> | undefined {
  return cacheOf(store, decider).get(streamId) as LoadedState<State> | undefined;
}

/**
 * Keeps a state the caller knows (or presumes) to be the stream's at `revision`, unless a newer one is kept;
 * `provenAt` is a moment at which it was the current one (see RememberedState).
 */
export function rememberState<State>(
  store: EventStore,
  decider: object,
  streamId: string,
  loaded: LoadedState<State>,
  provenAt?: number,
): void {
  const cache = cacheOf(store, decider);
  const kept = cache.get(streamId);
  if (kept && kept.revision > loaded.revision) return;
  const entry: CachedEntry<unknown> = { state: loaded.state, revision: loaded.revision };
  // A state is the same at the same revision: the later proof of the two stands.
  const proofs = [provenAt, kept?.revision === loaded.revision ? kept.provenAt : undefined];
  const proven = proofs.filter((proof) => proof !== undefined);
  if (proven.length > 0) entry.provenAt = Math.max(...proven);
  if (kept?.sharedUntil !== undefined) entry.sharedUntil = kept.sharedUntil;
  cache.delete(streamId);
  cache.set(streamId, entry);
  if (cache.size > STREAMS_KEPT) cache.delete(cache.keys().next().value!);
}
