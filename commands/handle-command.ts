import { DomainError, type Decider, type DomainEvent } from '../domain/shared/decider';
import { newUuid } from './infrastructure/ids';
import {
  categoryOf,
  WrongExpectedRevisionError,
  type Actor,
  type AppendResult,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from '../domain/event-store/port';
import { concurrencyConflict, MAX_ATTEMPTS, pauseBeforeRetry } from './conflict-retry';
import { serialisedOnStream } from './stream-queue';
import { cachedState, loadState, rememberState, stateToDecideOn, type RememberedState } from './stream-state-cache';
import { upcast } from '../domain/event-store/upcasters';
import { commandObserverOf, type CommandObserver } from './command-observer';

/** Who asks, and the request this command belongs to: copied into every event's metadata. */
export interface CommandContext {
  actor: Actor;
  correlationId: string;
  causationId?: string | null;
  /** Extra audit fields (e.g. client address); never personal data beyond what an auditor needs. */
  audit?: Record<string, unknown>;
}

export interface CommandDependencies {
  store: EventStore;
  now: () => Date;
  newEventId?: () => string;
}

export interface CommandOutcome<Event, State> {
  events: Event[];
  state: State;
  revision: number;
  /** Null when the decision produced no event (nothing was written). */
  append: AppendResult | null;
}

/**
 * Takes `streamId`'s state, decides, and appends with that state's revision. The first decision is made on the state
 * as this process last saw it, without a read: when it appends, the revision check proves that state current (a
 * concurrent writer makes the append fail); when it refuses or changes nothing, it is made again on the state read
 * from the store, since only appends are checked. A refused append is decided again on the fresh state, a bounded
 * number of times.
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  dependencies: CommandDependencies,
  decider: Decider<Command, Event, State>,
  streamId: string,
  /** The command, or a function that builds it from the current state (re-run on every retry). */
  command: Command | ((state: State) => Command | Promise<Command>),
  context: CommandContext,
  schemaVersions: Partial<Record<Event['type'], number>> = {},
): Promise<CommandOutcome<Event, State>> {
  const observer = commandObserverOf(dependencies.store);
  const arrivedAt = performance.now();
  if (!observer)
    return serialisedOnStream(dependencies.store, streamId, () =>
      decideAndAppend(dependencies, decider, streamId, command, context, schemaVersions, arrivedAt),
    );
  const observed: Observed = { observer, command: commandTypeOf(command) ?? categoryOf(streamId) };
  try {
    const outcome = await serialisedOnStream(dependencies.store, streamId, () =>
      decideAndAppend(dependencies, decider, streamId, command, context, schemaVersions, arrivedAt, observed),
    );
    observer.handled(observed.command, outcome.append ? 'appended' : 'unchanged');
    return outcome;
  } catch (error) {
    if (error instanceof DomainError) observer.handled(observed.command, 'refused', error.code);
    else observer.handled(observed.command, 'failed');
    throw error;
  }
}

/** The observer of the store's commands, and the type of the command being handled (known once it is built). */
interface Observed {
  observer: CommandObserver;
  command: string;
}

function commandTypeOf(command: unknown): string | undefined {
  const type = typeof command === 'object' && command !== null ? (command as { type?: unknown }).type : undefined;
  return typeof type === 'string' ? type : undefined;
}

/**
 * Throws the refusal `command` would meet, without appending and without waiting in the stream's queue. A caller that
 * takes something scarce before the command (a public lock takes one of its holder's places) asks first, so that the
 * losers of a race are refused without taking and giving back. A refusal on the state this process remembers is
 * confirmed on the stream read from the store; an acceptance proves nothing, the command is decided again when
 * handled. Without a remembered state there is nothing cheap to decide on, and the caller goes on.
 */
export async function refuseEarly<Command, Event extends DomainEvent, State>(
  dependencies: CommandDependencies,
  decider: Decider<Command, Event, State>,
  streamId: string,
  command: Command,
): Promise<void> {
  const cached = cachedState<State>(dependencies.store, decider, streamId);
  if (!cached) return;
  try {
    decider.decide(command, cached.state);
    return;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
  decider.decide(command, (await loadState(dependencies.store, decider, streamId)).state);
}

async function decideAndAppend<Command, Event extends DomainEvent, State>(
  dependencies: CommandDependencies,
  decider: Decider<Command, Event, State>,
  streamId: string,
  command: Command | ((state: State) => Command | Promise<Command>),
  context: CommandContext,
  schemaVersions: Partial<Record<Event['type'], number>>,
  /**
   * When the command was handed in, before its turn on the stream. A refusal or a no-op needs no read when the
   * remembered state was the stream's after that (e.g. the append of the command ahead of it in the queue): it is
   * then as fresh as a read made on its arrival.
   */
  arrivedAt: number,
  observed?: Observed,
): Promise<CommandOutcome<Event, State>> {
  let trustCache = true;
  // Tries count the decisions made on a read state; one made on the remembered state is a free first look.
  for (let attempt = 1; ;) {
    const cached = trustCache ? stateToDecideOn<State>(dependencies.store, decider, streamId) : undefined;
    const { state, revision } = cached ?? (await loadState(dependencies.store, decider, streamId));
    let events: Event[];
    try {
      const decided =
        typeof command === 'function'
          ? await (command as (state: State) => Command | Promise<Command>)(state)
          : command;
      if (observed) observed.command = commandTypeOf(decided) ?? observed.command;
      events = decider.decide(decided, state);
    } catch (error) {
      if (!cached || provenSince(cached, arrivedAt)) throw error;
      // Only an append is checked against the stream's revision: a refusal is given on the stream as it is now.
      trustCache = false;
      continue;
    }
    if (events.length === 0) {
      if (!cached || provenSince(cached, arrivedAt)) return { events, state, revision, append: null };
      trustCache = false;
      continue;
    }
    const newEvents = toNewEvents(events, dependencies, context, schemaVersions);
    try {
      const sentAt = performance.now();
      const append = await dependencies.store.append(streamId, revision === -1 ? 'no_stream' : revision, newEvents);
      const nextState = events.reduce(decider.evolve, state);
      const nextRevision = append.revisions[streamId] ?? revision + events.length;
      rememberState(dependencies.store, decider, streamId, { state: nextState, revision: nextRevision }, sentAt);
      return { events, state: nextState, revision: nextRevision, append };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (cached) {
        // Another process wrote since this one last saw the stream: read it and decide again, at once.
        observed?.observer.conflictRetried(observed.command);
        trustCache = false;
        continue;
      }
      if (attempt >= MAX_ATTEMPTS) throw concurrencyConflict();
      observed?.observer.conflictRetried(observed.command);
      await pauseBeforeRetry(attempt);
      attempt += 1;
    }
  }
}

function provenSince(remembered: RememberedState<unknown>, moment: number): boolean {
  return remembered.provenAt !== undefined && remembered.provenAt >= moment;
}

export function toDomainEvent<Event extends DomainEvent>(recorded: RecordedEvent): Event {
  return upcast(recorded) as Event;
}

/** The events of one decision as the store takes them, with the metadata of §3 of the design. */
export function toNewEvents<Event extends DomainEvent>(
  events: Event[],
  dependencies: CommandDependencies,
  context: CommandContext,
  schemaVersions: Partial<Record<string, number>> = {},
): NewEvent[] {
  const newEventId = dependencies.newEventId ?? newUuid;
  const occurredAt = dependencies.now().toISOString();
  return events.map((event) => {
    const eventId = newEventId();
    const schemaVersion = schemaVersions[event.type] ?? 1;
    return {
      eventId,
      type: event.type,
      schemaVersion,
      data: event.data,
      metadata: {
        ...context.audit,
        eventId,
        occurredAt,
        actor: context.actor,
        correlationId: context.correlationId,
        causationId: context.causationId ?? null,
        schemaVersion,
      },
    };
  });
}
