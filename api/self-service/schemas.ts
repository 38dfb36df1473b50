import { z } from 'zod';
import { botCheckPayload } from '../bot-check/schemas';

/**
 * Issue 20: the public finds, cancels and reschedules its own booking. Every call is a POST with the token in the
 * body (never in a URL, so it stays out of logs); the page's link carries it after `#`.
 */

const locale = z.enum(['en', 'fr']).default('en').describe('Language of the texts answered (service title, place)');
const manageToken = z
  .string()
  .min(10)
  .max(200)
  .describe('The signed token of a booking, from a lookup or the link of its e-mails');

export const bookingLookupBody = z.strictObject({
  confirmationCode: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .transform((code) => code.toUpperCase().replace(/[\s-]/g, '')),
  lastName: z.string().trim().min(1).max(100).describe('The last name of one of the booking’s clients'),
  botCheck: botCheckPayload.optional(),
  locale,
});

export const bookingViewBody = z.strictObject({ token: manageToken, locale });

export const bookingCancelBody = z.strictObject({ token: manageToken, locale });

export const bookingRescheduleBody = z.strictObject({
  token: manageToken,
  lockToken: z
    .string()
    .min(1)
    .max(100)
    .describe('A public lock (POST /api/public/locks) on the new time: same calendar, same length'),
  locale,
});

const session = z.object({ date: z.string(), startTime: z.string(), endTime: z.string() });

/**
 * Why the public may not change the booking online now: self-service is off for its service (or no public service
 * offers its calendar), its cut-off has passed, or (reschedule only) it is a course registration.
 */
export const selfServiceReason = z.enum(['SELF_SERVICE_OFF', 'CUTOFF_PASSED', 'GROUP_SESSION']);

/** A booking as its client sees it: the service, the place and the times, the clients' first names, nothing more. */
export const managedBooking = z.object({
  token: z.string().describe('A token for the next calls (after a reschedule, the one of the new time)'),
  appointmentId: z.number().int(),
  confirmationCode: z.string(),
  service: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  calendarId: z.number().int(),
  groupSession: z.boolean(),
  /** The appointment's date and times; a course: its first session's. */
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  duration: z.number().int().describe('Seconds'),
  sessions: z.array(session).describe('One for an appointment; every session of a course, in order'),
  location: z
    .object({
      name: z.string(),
      address: z.string(),
      city: z.string(),
      postalCode: z.string(),
      phone: z.string(),
      isVirtual: z.boolean(),
    })
    .nullable(),
  firstNames: z.array(z.string()),
  selfService: z.object({
    canCancel: z.boolean(),
    canReschedule: z.boolean(),
    /** Why not (cancel, or reschedule when only it is closed); null when both are open. */
    reason: selfServiceReason.nullable(),
    cutoffHours: z.number().int(),
    /** The last moment a change is taken online (ISO UTC). */
    cutoffAt: z.string(),
  }),
});

export const bookingCancelled = z.object({
  cancelled: z.literal(true),
  confirmationCode: z.string(),
});
