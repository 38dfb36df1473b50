import type { DomainCommand } from '../shared/decider';
import type { WaitlistEntry, WaitlistOffer, WaitlistTarget } from './waitlist';

interface OnWaitlist {
  target: WaitlistTarget;
  now: string;
}

/** Joins the line; refused (ALREADY_ON_WAITLIST) when the e-mail waits there already, or when the line is full. */
export type JoinWaitlist = DomainCommand<'JoinWaitlist', OnWaitlist & { entry: WaitlistEntry }>;
/** Offers the held place to the first one waiting (whose id the caller read from the state it decided on). */
export type MakeWaitlistOffer = DomainCommand<'MakeWaitlistOffer', OnWaitlist & { offer: WaitlistOffer }>;
export type TakeWaitlistOffer = DomainCommand<
  'TakeWaitlistOffer',
  OnWaitlist & { holdToken: string; appointmentId: number }
>;
export type LapseWaitlistOffer = DomainCommand<'LapseWaitlistOffer', OnWaitlist & { entryId: string }>;
export type LeaveWaitlist = DomainCommand<'LeaveWaitlist', OnWaitlist & { entryId: string }>;

export type WaitlistCommand = JoinWaitlist | MakeWaitlistOffer | TakeWaitlistOffer | LapseWaitlistOffer | LeaveWaitlist;
