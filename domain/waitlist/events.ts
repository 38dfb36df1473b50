import type { DomainEvent } from '../shared/decider';
import type { WaitlistEntry, WaitlistOffer, WaitlistTarget } from './waitlist';

interface OnWaitlist {
  target: WaitlistTarget;
  at: string;
}

export type WaitlistJoined = DomainEvent<'WaitlistJoined', OnWaitlist & { entry: WaitlistEntry }>;
/** The first in line is offered the place held under `offer.holdToken` (already held on the capacity's stream). */
export type WaitlistOfferMade = DomainEvent<'WaitlistOfferMade', OnWaitlist & { offer: WaitlistOffer }>;
/** The offer was booked: `appointmentId` took the held place. */
export type WaitlistOfferTaken = DomainEvent<
  'WaitlistOfferTaken',
  OnWaitlist & { entryId: string; appointmentId: number }
>;
/** Nobody booked the offer in time: the entry leaves the line and its hold is released; the next one gets an offer. */
export type WaitlistOfferLapsed = DomainEvent<'WaitlistOfferLapsed', OnWaitlist & { entryId: string }>;
/** The person left the line (through the link of an e-mail). */
export type WaitlistLeft = DomainEvent<'WaitlistLeft', OnWaitlist & { entryId: string }>;

export type WaitlistEvent =
  WaitlistJoined | WaitlistOfferMade | WaitlistOfferTaken | WaitlistOfferLapsed | WaitlistLeft;
export const waitlistEventTypes: WaitlistEvent['type'][] = [
  'WaitlistJoined',
  'WaitlistOfferMade',
  'WaitlistOfferTaken',
  'WaitlistOfferLapsed',
  'WaitlistLeft',
];
