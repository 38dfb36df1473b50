import type { z } from 'zod';
import type {
  waitlistJoinBody,
  waitlistJoined,
  waitlistList,
  waitlistOffer,
  waitlistTargets,
} from '../../../../api/waitlist/schemas';

/** The answers and bodies of the waitlist calls (issue 20 item 6), inferred from the API's own schemas (types only). */
export type WaitlistTargets = z.infer<typeof waitlistTargets>;
export type FullSession = WaitlistTargets['sessions'][number];
export type JoinWaitlistBody = z.input<typeof waitlistJoinBody>;
export type WaitlistJoined = z.infer<typeof waitlistJoined>;
export type WaitlistOffer = z.infer<typeof waitlistOffer>;
export type WaitlistEntry = z.infer<typeof waitlistList>['items'][number];

/** What a line waits for: a course's series, or a clinic date (with the length of the appointment wanted). */
export type WaitlistTarget = { seriesId: number } | { date: string; duration: number };

/** Where a staff page's waitlist is: a series of a course calendar, or a date of a clinic calendar. */
export type WaitlistAddress = { calendarId: number } & ({ seriesId: number } | { date: string });

/**
 * An offer as the wizard opens it: the API's offer, with the dates of the course it holds spots of (from the
 * course's public listing; empty when the listing no longer shows it) and its registration deadline.
 */
export interface OpenedOffer extends WaitlistOffer {
  sessionDates: FullSession['sessionDates'];
  deadline: string | null;
}
