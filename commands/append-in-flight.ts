import type { AppendResult, EventStore, NewEvent } from '../domain/event-store/port';

/**
 * A stream's append on its way to the store: sent and not yet answered, or waiting for the one before it. The next
 * command on the stream decides on the state it makes (and takes what it needs meanwhile, e.g. a public lock's place)
 * and joins it while it waits, or waits behind it: a stream's appends from one process go one at a time, each on a
 * state proven by the one before. The revision check alone could not catch an append decided on one that failed when
 * another process's append took its revision.
 */
export interface AppendInFlight<State> {
  /** Whose state it is (a stream is decided by one decider; another's is not decided on). */
  decider: object;
  state: State;
  revision: number;
  /**
   * When the append was sent (performance.now()): the state is proven current then, once the append is answered.
   * Read it once `answered` has settled (an append waiting behind another is not sent yet).
   */
  sentAt: number;
  /** True once the append is written, false when it failed. */
  answered: Promise<boolean>;
}

/**
 * The append of a command that could not be written because the append it was decided on failed, or because the
 * grouped append it joined failed: the command decides again on the stream as it is.
 */
export class DecidedOnFailedAppend extends Error {
  constructor(readonly streamId: string) {
    super(`Stream ${streamId}: the append this decision followed was not written`);
    this.name = 'DecidedOnFailedAppend';
  }
}

/** What one command adds to its stream. */
export interface DecidedAppend<State> {
  decider: object;
  /** The stream's revision the decision was made on (-1: no stream). */
  expectedRevision: number;
  events: NewEvent[];
  /** The state and revision once these events are written. */
  state: State;
  revision: number;
  /**
   * What must be done before the events are appended (a public lock's place, taken meanwhile); when it fails, the
   * command fails with its error and nothing of it is written.
   */
  ready?: Promise<unknown>;
  /**
   * Called once they are written, with the moment the append carrying them was sent; in a group, only the last
   * command's (its state is the stream's then).
   */
  written(sentAt: number): void;
}

interface Member<State> {
  decided: DecidedAppend<State>;
  resolve(append: AppendResult): void;
  reject(error: unknown): void;
}

/** A grouped append: the events of the commands decided while the append before it was on its way. */
interface Group<State> extends AppendInFlight<State> {
  expectedRevision: number;
  members: Member<State>[];
  /** Whether it takes no more commands: it is being sent, or failed before. */
  closed: boolean;
}

/** An append gathers at most this many events: a long queue on one stream goes out in a few appends, not one huge one. */
export const MAX_GROUPED_EVENTS = 100;

const inFlight = new WeakMap<EventStore, Map<string, Group<unknown>>>();

function ofStore(store: EventStore): Map<string, Group<unknown>> {
  let streams = inFlight.get(store);
  if (!streams) inFlight.set(store, (streams = new Map()));
  return streams;
}

/** The stream's last append on its way (sent, or waiting for the one before), if any. */
export function appendInFlight(store: EventStore, streamId: string): AppendInFlight<unknown> | undefined {
  return ofStore(store).get(streamId);
}

const eventCount = (group: Group<unknown>) =>
  group.members.reduce((count, member) => count + member.decided.events.length, 0);

/**
 * Appends a command's events: at once when it was decided on a state read or remembered (`after` undefined), or else
 * after `after`, the append whose state it was decided on. Commands decided while that one is on its way go out
 * together in one append once it is written and each is ready (a hot date's queue costs a round trip per group of
 * commands, not per command). When the append before fails, or the group's own append fails, each command of the
 * group is refused with DecidedOnFailedAppend and decides again; one whose `ready` failed fails with that error.
 * A group of one command fails with its own append's error. Answers the append that carried the events.
 */
export function appendAfter<State>(
  store: EventStore,
  streamId: string,
  decided: DecidedAppend<State>,
  after: AppendInFlight<State> | undefined,
): Promise<AppendResult> {
  const streams = ofStore(store) as Map<string, Group<State>>;
  const open = after ? streams.get(streamId) : undefined;
  // Its failure is looked at once the append before is written; until then it must not count as unhandled.
  decided.ready?.catch(() => undefined);
  return new Promise<AppendResult>((resolve, reject) => {
    const member: Member<State> = { decided, resolve, reject };
    if (
      open &&
      open === after &&
      !open.closed &&
      open.decider === decided.decider &&
      open.revision === decided.expectedRevision &&
      eventCount(open as Group<unknown>) + decided.events.length <= MAX_GROUPED_EVENTS
    ) {
      open.members.push(member);
      open.state = decided.state;
      open.revision = decided.revision;
      return;
    }
    let answer!: (written: boolean) => void;
    const group: Group<State> = {
      decider: decided.decider,
      state: decided.state,
      revision: decided.revision,
      sentAt: Number.NaN,
      expectedRevision: decided.expectedRevision,
      members: [member],
      closed: false,
      answered: new Promise<boolean>((settle) => (answer = settle)),
    };
    streams.set(streamId, group);
    void group.answered.then(() => {
      if (streams.get(streamId) === group) streams.delete(streamId);
    });
    void sendWhenDue(store, streamId, group, after).then(answer);
  });
}

/** Sends the group once the append before it is written and its commands are ready; answers whether it was written. */
async function sendWhenDue<State>(
  store: EventStore,
  streamId: string,
  group: Group<State>,
  after: AppendInFlight<State> | undefined,
): Promise<boolean> {
  const { members } = group;
  const failAll = (error: (member: Member<State>) => unknown) => {
    for (const member of members) member.reject(error(member));
    return false;
  };
  if (after && !(await after.answered)) {
    group.closed = true;
    return failAll(() => new DecidedOnFailedAppend(streamId));
  }
  group.closed = true;
  const readiness = await Promise.allSettled(members.map((member) => member.decided.ready));
  if (readiness.some((outcome) => outcome.status === 'rejected'))
    return failAll((member) => {
      const outcome = readiness[members.indexOf(member)]!;
      return outcome.status === 'rejected' ? outcome.reason : new DecidedOnFailedAppend(streamId);
    });
  group.sentAt = performance.now();
  const { expectedRevision } = group;
  const events = members.flatMap((member) => member.decided.events);
  try {
    const append = await store.append(streamId, expectedRevision === -1 ? 'no_stream' : expectedRevision, events);
    members[members.length - 1]!.decided.written(group.sentAt);
    for (const member of members) member.resolve(append);
    return true;
  } catch (error) {
    return failAll(() => (members.length > 1 ? new DecidedOnFailedAppend(streamId) : error));
  }
}
