import type { Decider, DomainEvent } from '../domain/shared/decider';
import { WrongExpectedRevisionError, type AppendResult, type EventStore } from '../domain/event-store/port';
import { concurrencyConflict, MAX_ATTEMPTS, pauseBeforeRetry } from './conflict-retry';
import { toNewEvents, type CommandContext, type CommandDependencies } from './handle-command';
import { loadState, rememberState } from './stream-state-cache';

/**
 * Decisions that span several streams (a batch of calendar dates, a move, a series and its dates): load each
 * stream, decide on each with its pure decider, then append every stream's events in one atomic call, so that the
 * change is written whole or not at all. A concurrent writer on any of the streams makes the append fail; the work
 * is then redone on fresh states a bounded number of times.
 */

export interface LoadedStream<State> {
  streamId: string;
  state: State;
  /** -1 when the stream does not exist. */
  revision: number;
}

export interface StreamDecision {
  streamId: string;
  revision: number;
  events: DomainEvent[];
  schemaVersions?: Partial<Record<string, number>>;
  /**
   * Keeps the stream's state after the append as this process's (`rememberState`), so that the next command on the
   * stream decides without reading it. Without it, the remembered state would be the one before the append, and the
   * next command would take this process's own events for another process's (and read that stream for a while).
   */
  remember?: (store: EventStore, revision: number, provenAt: number) => void;
}

export async function loadStream<Command, Event extends DomainEvent, State>(
  store: EventStore,
  decider: Decider<Command, Event, State>,
  streamId: string,
): Promise<LoadedStream<State>> {
  return { streamId, ...(await loadState(store, decider, streamId)) };
}

/** A decision on a loaded stream, ready for `appendDecisions`. */
export function decideOn<Command, Event extends DomainEvent, State>(
  decider: Decider<Command, Event, State>,
  loaded: LoadedStream<State>,
  command: Command,
): StreamDecision & { events: Event[] } {
  const events = decider.decide(command, loaded.state);
  return {
    streamId: loaded.streamId,
    revision: loaded.revision,
    events,
    remember: (store, revision, provenAt) =>
      rememberState(
        store,
        decider,
        loaded.streamId,
        { state: events.reduce(decider.evolve, loaded.state), revision },
        provenAt,
      ),
  };
}

/**
 * Appends the decisions' events (streams without events are skipped). Both stores append to several streams
 * atomically (KurrentDB from 25.1, checked at start); a store that could not would have them written one after the
 * other, in the given order.
 */
export async function appendDecisions(
  dependencies: CommandDependencies,
  decisions: StreamDecision[],
  context: CommandContext,
): Promise<AppendResult | null> {
  const written = decisions.filter((decision) => decision.events.length > 0);
  const appends = written.map((decision) => ({
    streamId: decision.streamId,
    expectedRevision: decision.revision === -1 ? ('no_stream' as const) : decision.revision,
    events: toNewEvents(decision.events, dependencies, context, decision.schemaVersions),
  }));
  if (appends.length === 0) return null;
  const { store } = dependencies;
  const remember = (decision: StreamDecision, append: AppendResult, sentAt: number) =>
    decision.remember?.(
      store,
      append.revisions[decision.streamId] ?? decision.revision + decision.events.length,
      sentAt,
    );
  const sentAt = performance.now();
  if (store.capabilities.multiStreamAppend) {
    const append = await store.appendMany(appends);
    for (const decision of written) remember(decision, append, sentAt);
    return append;
  }
  let last: AppendResult | null = null;
  for (const [index, append] of appends.entries()) {
    const startedAt = performance.now();
    last = await store.append(append.streamId, append.expectedRevision, append.events);
    remember(written[index]!, last, startedAt);
  }
  return last;
}

/** Runs `work` (load, decide, append) again when an append met a concurrent writer. */
export async function retryOnConflict<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt >= MAX_ATTEMPTS) throw concurrencyConflict();
      await pauseBeforeRetry(attempt);
    }
  }
}
