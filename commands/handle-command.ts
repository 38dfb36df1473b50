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
import { appendAfter, appendInFlight, DecidedOnFailedAppend, type AppendInFlight } from './append-in-flight';
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
 *
 * Commands on one stream take turns in this process (`serialisedOnStream`). A turn ends once the command's events are
 * handed to an append, not once they are written: the next command decides on the state that append makes, and takes
 * what it needs meanwhile (a public lock's place). The commands decided while an append is on its way go out together
 * in the next one, once that one is written (`append-in-flight.ts`).
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  dependencies: CommandDependencies,
  decider: Decider<Command, Event, State>,
  streamId: string,
  /** The command, or a function that builds it from the current state (re-run on every retry). */
  command: Command | ((state: State) => Command | Promise<Command>),
  context: CommandContext,
  schemaVersions: Partial<Record<Event['type'], number>> = {},
  options: HandlingOptions = {},
): Promise<CommandOutcome<Event, State>> {
  const observer = commandObserverOf(dependencies.store);
  const handling: Handling<Command, Event, State> = {
    dependencies,
    decider,
    streamId,
    command,
    context,
    schemaVersions,
    beforeAppend: options.beforeAppend,
    arrivedAt: performance.now(),
  };
  if (!observer) return decideAndAppend(handling);
  const observed: Observed = { observer, command: commandTypeOf(command) ?? categoryOf(streamId) };
  try {
    const outcome = await decideAndAppend({ ...handling, observed });
    observer.handled(observed.command, outcome.append ? 'appended' : 'unchanged');
    return outcome;
  } catch (error) {
    if (error instanceof DomainError) observer.handled(observed.command, 'refused', error.code);
    else observer.handled(observed.command, 'failed');
    throw error;
  }
}

export interface HandlingOptions {
  /**
   * Called in the stream's turn once the command is decided with events to append (not on a refusal or a no-op), e.g.
   * to take a public lock's place: the events are appended once it is done, and not at all when it fails (the command
   * then fails with its error). Called again when the command is decided again: make it take what it takes once.
   */
  beforeAppend?: () => Promise<unknown>;
}

/** The observer of the store's commands, and the type of the command being handled (known once it is built). */
interface Observed {
  observer: CommandObserver;
  command: string;
}

interface Handling<Command, Event extends DomainEvent, State> {
  dependencies: CommandDependencies;
  decider: Decider<Command, Event, State>;
  streamId: string;
  command: Command | ((state: State) => Command | Promise<Command>);
  context: CommandContext;
  schemaVersions: Partial<Record<Event['type'], number>>;
  beforeAppend: (() => Promise<unknown>) | undefined;
  /**
   * When the command was handed in, before its turn on the stream. A refusal or a no-op needs no read when the
   * state decided on was the stream's after that (e.g. the append of the command ahead of it in the queue): it is
   * then as fresh as a read made on its arrival.
   */
  arrivedAt: number;
  observed?: Observed;
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

/** What a turn on the stream ends with: the outcome (a refusal is thrown), or an append sent. */
type Turn<Event, State> =
  | { kind: 'done'; outcome: CommandOutcome<Event, State> }
  | {
      kind: 'sent';
      events: Event[];
      state: State;
      revision: number;
      sending: Promise<AppendResult>;
      /** Whether it was decided on a state this process remembered (or an append in flight) rather than read. */
      remembered: boolean;
    };

async function decideAndAppend<Command, Event extends DomainEvent, State>(
  handling: Handling<Command, Event, State>,
): Promise<CommandOutcome<Event, State>> {
  const { dependencies, streamId, observed } = handling;
  let trustMemory = true;
  // Tries count the decisions made on a read state; one made on the remembered state is a free first look.
  for (let attempt = 1; ;) {
    const turn = await serialisedOnStream(dependencies.store, streamId, () => decideInTurn(handling, trustMemory));
    if (turn.kind === 'done') return turn.outcome;
    try {
      const append = await turn.sending;
      return { events: turn.events, state: turn.state, revision: turn.revision, append };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError || error instanceof DecidedOnFailedAppend)) throw error;
      if (turn.remembered) {
        // Another process wrote since this one last saw the stream, or the append this was decided on (or grouped
        // with) failed: read it and decide again, at once.
        observed?.observer.conflictRetried(observed.command);
        trustMemory = false;
        continue;
      }
      if (attempt >= MAX_ATTEMPTS) throw concurrencyConflict();
      observed?.observer.conflictRetried(observed.command);
      await pauseBeforeRetry(attempt);
      attempt += 1;
    }
  }
}

/**
 * The command's turn on the stream: decides on the state of the append in flight before it, or the one remembered,
 * or one read; a refusal or a no-op is confirmed (on that append's answer, or on a read) before it is given; the
 * events are handed to the stream's next append (`appendAfter`: sent once the one before is written), and the turn
 * ends.
 */
async function decideInTurn<Command, Event extends DomainEvent, State>(
  {
    dependencies,
    decider,
    streamId,
    command,
    context,
    schemaVersions,
    beforeAppend,
    arrivedAt,
    observed,
  }: Handling<Command, Event, State>,
  trustMemory: boolean,
): Promise<Turn<Event, State>> {
  const { store } = dependencies;
  for (;;) {
    const before = appendInFlight(store, streamId);
    const ahead = trustMemory && before?.decider === decider ? (before as AppendInFlight<State>) : undefined;
    let remembered: RememberedState<State> | undefined;
    if (ahead) remembered = { state: ahead.state, revision: ahead.revision };
    else {
      // A read (or the memory) must include the append on its way, or its failure.
      if (before) await before.answered;
      remembered = trustMemory ? stateToDecideOn<State>(store, decider, streamId) : undefined;
    }
    const { state, revision } = remembered ?? (await loadState(store, decider, streamId));
    /** Whether the state decided on is proven to have been the stream's after the command arrived. */
    const provenFresh = async () => {
      if (!remembered) return true;
      if (ahead) return (await ahead.answered) && ahead.sentAt >= arrivedAt;
      return provenSince(remembered, arrivedAt);
    };
    let events: Event[];
    try {
      const decided =
        typeof command === 'function'
          ? await (command as (state: State) => Command | Promise<Command>)(state)
          : command;
      if (observed) observed.command = commandTypeOf(decided) ?? observed.command;
      events = decider.decide(decided, state);
    } catch (error) {
      if (!(error instanceof DomainError) || (await provenFresh())) throw error;
      // Only an append is checked against the stream's revision: a refusal is given on the stream as it is now.
      trustMemory = false;
      continue;
    }
    if (events.length === 0) {
      if (await provenFresh()) return { kind: 'done', outcome: { events, state, revision, append: null } };
      trustMemory = false;
      continue;
    }
    const nextState = events.reduce(decider.evolve, state);
    const nextRevision = revision + events.length;
    const decided = {
      decider,
      expectedRevision: revision,
      events: toNewEvents(events, dependencies, context, schemaVersions),
      state: nextState,
      revision: nextRevision,
      ready: beforeAppend?.(),
      written: (sentAt: number) =>
        rememberState(store, decider, streamId, { state: nextState, revision: nextRevision }, sentAt),
    };
    return {
      kind: 'sent',
      events,
      state: nextState,
      revision: nextRevision,
      sending: appendAfter(store, streamId, decided, ahead),
      remembered: remembered !== undefined,
    };
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
