import { DomainError, assertNever, type Decider } from '../shared/decider';
import type { WaitlistCommand } from './commands';
import type { WaitlistEvent } from './events';
import {
  MAX_WAITLIST_LENGTH,
  type WaitlistEntry,
  type WaitlistEntryStatus,
  type WaitlistOffer,
  type WaitlistTarget,
} from './waitlist';

/** An entry as the line knows it: its standing and the offer made to it (kept once it is out of line). */
export interface WaitlistLineEntry extends WaitlistEntry {
  status: WaitlistEntryStatus;
  offer: WaitlistOffer | null;
  /** The appointment that took its offer, once booked. */
  appointmentId: number | null;
}

/** A target's line: every entry that ever joined, in the order they joined. */
export type WaitlistState =
  { status: 'empty' } | { status: 'active'; target: WaitlistTarget; entries: WaitlistLineEntry[] };

const isInLine = (entry: WaitlistLineEntry): boolean => entry.status === 'waiting' || entry.status === 'offered';

const entriesOf = (state: WaitlistState): WaitlistLineEntry[] => (state.status === 'active' ? state.entries : []);

/** The entry to offer the next freed place to: the first one still waiting (first in, first out). */
export const firstWaiting = (state: WaitlistState): WaitlistLineEntry | undefined =>
  entriesOf(state).find((entry) => entry.status === 'waiting');

/** The entry whose offer holds the place under `holdToken`, whatever its standing now. */
export const offerOf = (state: WaitlistState, holdToken: string): WaitlistLineEntry | undefined =>
  entriesOf(state).find((entry) => entry.offer?.holdToken === holdToken);

export const entryOf = (state: WaitlistState, entryId: string): WaitlistLineEntry | undefined =>
  entriesOf(state).find((entry) => entry.entryId === entryId);

/** 1 for the first in line, among those waiting or offered; null once out of line (or unknown). */
export function positionOf(state: WaitlistState, entryId: string): number | null {
  const index = entriesOf(state)
    .filter(isInLine)
    .findIndex((entry) => entry.entryId === entryId);
  return index === -1 ? null : index + 1;
}

/**
 * One waitlist's line (issue 20 item 6). Offers go first in, first out: MakeWaitlistOffer names the entry the caller
 * read from `firstWaiting` of the state it decided on, and a line changed since (someone ahead still waiting, the
 * entry offered or gone) is refused with VERSION_CONFLICT, so that the caller reads the line again; an entry that
 * never joined is WAITLIST_ENTRY_NOT_FOUND. Repeating a decision already recorded (the same join, the same offer, a
 * taken or lapsed offer) records nothing. LapseWaitlistOffer asked before the offer's end also records nothing: the
 * offer still runs and the process asks again later.
 */
export const waitlistDecider: Decider<WaitlistCommand, WaitlistEvent, WaitlistState> = {
  initialState: { status: 'empty' },

  decide(command, state) {
    switch (command.type) {
      case 'JoinWaitlist': {
        const { target, now, entry } = command.data;
        if (entryOf(state, entry.entryId)) return [];
        assertValidEntry(target, entry);
        const inLine = entriesOf(state).filter(isInLine);
        const email = entry.email.trim().toLowerCase();
        if (inLine.some((other) => other.email.trim().toLowerCase() === email))
          throw new DomainError('ALREADY_ON_WAITLIST', 'This e-mail address is already on this waitlist.', {
            field: 'email',
          });
        if (inLine.length >= MAX_WAITLIST_LENGTH)
          throw new DomainError('WAITLIST_FULL', 'This waitlist is full.', { max: MAX_WAITLIST_LENGTH });
        return [{ type: 'WaitlistJoined', data: { target, at: now, entry } }];
      }
      case 'MakeWaitlistOffer': {
        const { target, now, offer } = command.data;
        const entry = entryOf(state, offer.entryId);
        if (!entry) throw entryNotFound();
        if (entry.status === 'offered' && entry.offer?.holdToken === offer.holdToken) return [];
        if (offerOf(state, offer.holdToken)) throw lineChanged('This hold already backs another offer.');
        if (firstWaiting(state)?.entryId !== entry.entryId)
          throw lineChanged('This entry is not the first one waiting any more.');
        if (offer.expiresAt <= now)
          throw new DomainError('VALIDATION_FAILED', 'An offer must end after it is made.', { field: 'expiresAt' });
        return [{ type: 'WaitlistOfferMade', data: { target, at: now, offer } }];
      }
      case 'TakeWaitlistOffer': {
        const { target, now, holdToken, appointmentId } = command.data;
        const entry = offerOf(state, holdToken);
        if (!entry) throw new DomainError('WAITLIST_OFFER_NOT_FOUND', 'There is no such offer.');
        if (entry.status !== 'offered') return [];
        return [{ type: 'WaitlistOfferTaken', data: { target, at: now, entryId: entry.entryId, appointmentId } }];
      }
      case 'LapseWaitlistOffer': {
        const { target, now, entryId } = command.data;
        const entry = entryOf(state, entryId);
        if (!entry) throw entryNotFound();
        if (entry.status !== 'offered' || !entry.offer || entry.offer.expiresAt > now) return [];
        return [{ type: 'WaitlistOfferLapsed', data: { target, at: now, entryId } }];
      }
      case 'LeaveWaitlist': {
        const { target, now, entryId } = command.data;
        const entry = entryOf(state, entryId);
        if (!entry || !isInLine(entry)) throw entryNotFound();
        return [{ type: 'WaitlistLeft', data: { target, at: now, entryId } }];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'WaitlistJoined': {
        const joined: WaitlistLineEntry = { ...event.data.entry, status: 'waiting', offer: null, appointmentId: null };
        return { status: 'active', target: event.data.target, entries: [...entriesOf(state), joined] };
      }
      case 'WaitlistOfferMade':
        return change(state, event.data.offer.entryId, { status: 'offered', offer: event.data.offer });
      case 'WaitlistOfferTaken':
        return change(state, event.data.entryId, { status: 'booked', appointmentId: event.data.appointmentId });
      case 'WaitlistOfferLapsed':
        return change(state, event.data.entryId, { status: 'lapsed' });
      case 'WaitlistLeft':
        return change(state, event.data.entryId, { status: 'left' });
      default:
        return assertNever(event);
    }
  },
};

function change(state: WaitlistState, entryId: string, changes: Partial<WaitlistLineEntry>): WaitlistState {
  if (state.status !== 'active') return state;
  return {
    ...state,
    entries: state.entries.map((entry) => (entry.entryId === entryId ? { ...entry, ...changes } : entry)),
  };
}

const entryNotFound = () => new DomainError('WAITLIST_ENTRY_NOT_FOUND', 'There is no such entry on this waitlist.');
const lineChanged = (message: string) => new DomainError('VERSION_CONFLICT', message);

function assertValidEntry(target: WaitlistTarget, entry: WaitlistEntry): void {
  if (!entry.email.trim())
    throw new DomainError('VALIDATION_FAILED', 'An e-mail address is required.', { field: 'email' });
  if (!Number.isInteger(entry.spots) || entry.spots < 1)
    throw new DomainError('VALIDATION_FAILED', 'At least one spot is waited for.', { field: 'spots' });
  if (target.kind === 'date' && entry.duration === null)
    throw new DomainError('VALIDATION_FAILED', 'A date is waited for with the length wanted.', { field: 'duration' });
}
