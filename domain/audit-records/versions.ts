import type { DomainEvent } from '../shared/decider';
import { hideSecrets } from './hide-secrets';
import type { RecordFold } from './record-kinds';

/**
 * A record's versions are its events, in order: version n is the state after the first n. The moment of a version
 * is when its event occurred (`metadata.occurredAt`, the moment the History and the event log show), so a record as
 * of a moment is its events folded up to the last one that had occurred by then.
 */
export interface RecordEvent {
  event: DomainEvent;
  occurredAt: string;
}

/** The version a record had at `at`: how many of its events, from the first, had occurred by then. */
export function versionAt(events: readonly Pick<RecordEvent, 'occurredAt'>[], at: Date): number {
  const limit = at.getTime();
  const later = events.findIndex((event) => Date.parse(event.occurredAt) > limit);
  return later === -1 ? events.length : later;
}

export interface RecordVersionState {
  /** The state as an auditor sees it (secrets hidden), or null before the record's first event. */
  state: unknown;
  /** The record existed and no longer stands at this version (deleted, cancelled, moved away). */
  deleted: boolean;
}

/** The record at `version` (0 to the number of events). */
export function recordAtVersion(fold: RecordFold, events: readonly RecordEvent[], version: number): RecordVersionState {
  if (version <= 0) return { state: null, deleted: false };
  const state = events.slice(0, version).reduce((folded, { event }) => fold.evolve(folded, event), fold.initialState);
  return { state: hideSecrets(state), deleted: !fold.stands(state) };
}
