import { z } from 'zod';
import { MAX_SERIES_SPOTS } from '../../domain/group-session-series/series';
import { botCheckPayload } from '../bot-check/schemas';
import { recordId } from '../shared-schemas';
import { timeOfDay } from '../calendars/schemas';

/** §3 Lock: in calendarDateLaneId, startTime, endTime (and for a group session the spots to hold); out token. */
export const lockBody = z.strictObject({
  calendarDateLaneId: recordId,
  startTime: timeOfDay,
  endTime: timeOfDay,
  spots: z.number().int().min(1).max(MAX_SERIES_SPOTS).optional().describe('Group sessions: spots to hold (default 1)'),
});
/**
 * The public lock, always through a service (the slot must be one it offers), paid for with a solved bot check.
 */
export const publicLockBody = lockBody.extend({
  serviceId: recordId.describe(
    'The service booked through: the slot must be on its calendars and in its booking window',
  ),
  botCheck: botCheckPayload.optional(),
});
/** Staff lock a free slot, or (with `appointmentId`) the appointment they open for editing (§4.2 Edit). */
export const staffLockBody = lockBody.extend({
  appointmentId: recordId.optional().describe('Hold this appointment for editing'),
});
export const lockResponse = z.object({ token: z.string(), expiresAt: z.string() });
export const lockTokenParams = z.strictObject({ token: z.string().min(1).max(100) });
export const lockReleased = z.object({ released: z.boolean() });
