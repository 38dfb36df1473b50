import type { ErrorCode } from './error-codes';

/** A fact that happened, named in the past tense (`ServiceCreated`). */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/** An intention, named in the imperative (`CreateService`). Time, ids and looked-up facts travel inside it. */
export interface DomainCommand<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/**
 * A pure decision function over one stream. `decide` returns the new events or throws a DomainError;
 * neither function reads a clock, a database or anything else outside its arguments.
 */
export interface Decider<Command, Event, State> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

/** A refusal, with a stable machine code that the API maps to an HTTP status and the web to a message. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string = code,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}

export function fold<Event, State>(
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  events: Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState);
}
