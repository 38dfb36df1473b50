import { z } from 'zod';
import { botCheckPayload } from '../bot-check/schemas';
import { recordId, recordIdParam } from '../shared-schemas';

/** Issue 20 item 6: the waitlist of a full course or of a clinic date with no free time. */

const plainDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
const language = z.enum(['en', 'fr']);

// ---- public ----

export const waitlistTargetsParams = z.strictObject({ id: recordIdParam, calendarId: recordIdParam });
export const waitlistTargetsQuery = z.strictObject({
  duration: z.coerce.number().int().positive().max(86_400).optional().describe('A clinic: the length wanted, seconds'),
  spots: z.coerce.number().int().min(1).max(100).default(1).describe('A course: the spots wanted'),
});
/** What may be waited for: a course's series still open for registration but without the spots asked, or dates of the booking window that exist but have no free time of the length asked. */
export const waitlistTargets = z.object({
  sessions: z.array(
    z.object({
      seriesId: z.number().int(),
      sessionDates: z.array(z.object({ date: z.string(), time: z.string(), duration: z.number().int() })),
      deadline: z.string(),
    }),
  ),
  dates: z.array(z.string()),
});

export const waitlistJoinBody = z
  .strictObject({
    serviceId: recordId,
    calendarId: recordId,
    seriesId: recordId.optional(),
    date: plainDate.optional(),
    email: z.string().trim().email().max(180),
    language,
    spots: z.number().int().min(1).max(100).default(1),
    duration: z.number().int().positive().max(86_400).optional(),
    botCheck: botCheckPayload.optional(),
  })
  .superRefine((body, context) => {
    if ((body.seriesId === undefined) === (body.date === undefined))
      context.addIssue({ code: 'custom', path: ['seriesId'], message: 'Give either seriesId (a course) or date' });
    if (body.date !== undefined && body.duration === undefined)
      context.addIssue({ code: 'custom', path: ['duration'], message: 'Required with a date' });
  });
export const waitlistJoined = z.object({
  entryId: z.string(),
  position: z.number().int().describe('1 for the first in line'),
});

export const waitlistOfferBody = z.strictObject({
  offerToken: z.string().min(1).max(100).describe('From the offer e-mail’s link'),
});
/** An offer as the booking form opens it: `lockToken` books the held place (POST /api/public/appointments). */
export const waitlistOffer = z.object({
  serviceId: z.number().int(),
  calendarId: z.number().int(),
  seriesId: z.number().int().nullable(),
  date: z.string().nullable(),
  laneId: z.number().int(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  spots: z.number().int(),
  duration: z.number().int().nullable(),
  expiresAt: z.string(),
  lockToken: z.string(),
  email: z.string().describe('The address it was sent to, to prefill the form'),
  language,
});

// ---- staff ----

export const waitlistParams = z.strictObject({ id: recordIdParam });
export const waitlistQuery = z
  .strictObject({ seriesId: recordIdParam.optional(), date: plainDate.optional() })
  .refine((query) => (query.seriesId === undefined) !== (query.date === undefined), {
    path: ['seriesId'],
    message: 'Give either seriesId or date',
  });
export const waitlistEntryStatus = z.enum(['waiting', 'offered', 'booked', 'lapsed', 'left']);
export const waitlistList = z.object({
  items: z.array(
    z.object({
      entryId: z.string(),
      position: z.number().int().nullable().describe('Place in line while waiting or offered; null once out'),
      email: z.string(),
      language,
      spots: z.number().int(),
      duration: z.number().int().nullable(),
      status: waitlistEntryStatus,
      joinedAt: z.string(),
      offerExpiresAt: z.string().nullable(),
      appointmentId: z.number().int().nullable(),
    }),
  ),
});
export const waitlistEntryParams = z.strictObject({ id: recordIdParam, entryId: z.string().uuid() });
export const waitlistEntryRemoved = z.object({ removed: z.literal(true) });
