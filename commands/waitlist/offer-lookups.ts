import type { ServiceFields, ServiceScope } from '../../domain/services/service';
import type { WaitlistTarget } from '../../domain/waitlist/waitlist';
import type { ReadModelLookups } from '../read-model-lookups';

/** An offer still open in the read model that is settled all the same: booked under its hold, or run out. */
export interface OfferToSettle {
  target: WaitlistTarget;
  entryId: string;
  holdToken: string;
  /** The booking made under its hold; null when it ran out unbooked. */
  takenByAppointmentId: number | null;
}

/** The public service an entry joined through: what it offers, how long an offer holds, and its name. */
export type OfferService = ServiceScope &
  Pick<ServiceFields, 'title' | 'titleFr' | 'waitlistOfferHours'> & { id: number };

/**
 * What the waitlist's offer process reads (wired by the API over the projections' queries): the lines to look at,
 * the offers to settle, and what an offer's hold and e-mail are made from. The capacity itself is read from the
 * streams that own it, where the hold is decided.
 */
export type WaitlistOfferLookups = Pick<ReadModelLookups, 'calendar' | 'template' | 'sessionDates' | 'dateOfLane'> & {
  /** Offers still open whose hold a booking used, or that ended at `now`. */
  offersToSettle(now: Date): Promise<OfferToSettle[]>;
  /** The waitlists with someone waiting. */
  linesWithWaiting(): Promise<WaitlistTarget[]>;
  /** An enabled public service; undefined when it is not (any more). */
  publicService(serviceId: number): Promise<OfferService | undefined>;
  /** The lane a course's hold names, as the wizard's session does: the first lane of its first enabled date. */
  sessionLane(calendarId: number, seriesId: number): Promise<number | undefined>;
};
