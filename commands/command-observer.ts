import type { EventStore } from '../domain/event-store/port';

/**
 * How a handled command ended: its events appended, nothing to change, refused by the decider (a DomainError code,
 * e.g. SLOT_UNAVAILABLE, or CONCURRENCY_CONFLICT once the retries are spent), or failed otherwise.
 */
export type CommandOutcomeKind = 'appended' | 'unchanged' | 'refused' | 'failed';

/** What the API counts of commands (its metrics); the application layer knows nothing of how they are kept. */
export interface CommandObserver {
  /** Once per handled command. `command` is the command's type (or the stream's category when it has none). */
  handled(command: string, outcome: CommandOutcomeKind, code?: string): void;
  /** Each append refused by the expected-revision check and decided again on a fresh state. */
  conflictRetried(command: string): void;
}

const observers = new WeakMap<EventStore, CommandObserver>();

/** Reports the commands handled over `store` (the one object every handler is given) to `observer`. */
export function observeCommands(store: EventStore, observer: CommandObserver): () => void {
  observers.set(store, observer);
  return () => {
    if (observers.get(store) === observer) observers.delete(store);
  };
}

export function commandObserverOf(store: EventStore): CommandObserver | undefined {
  return observers.get(store);
}
