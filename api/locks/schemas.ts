import { z } from 'zod';
import { MAX_SERIES_SPOTS } from '../../domain/group-session-series/series';
import { recordId } from '../shared-schemas';
import { timeOfDay } from '../calendars/schemas';

/** §3 Lock: in calendarDateLaneId, startTime, endTime (and for a group session the spots to hold); out token. */
export const lockBody = z.strictObject({
  calendarDateLaneId: recordId,
  startTime: timeOfDay,
  endTime: timeOfDay,
  spots: z.number().int().min(1).max(MAX_SERIES_SPOTS).optional().describe('Group sessions: spots to hold (default 1)'),
});
/** The public lock, with the service it is made through: then the slot must be one the service offers. */
export const publicLockBody = lockBody.extend({ serviceId: recordId.optional().describe("The service booked through: the slot must be on its calendars and in its booking window") });
/** Staff lock a free slot, or (with `appointmentId`) the appointment they open for editing (§4.2 Edit). */
export const staffLockBody = lockBody.extend({ appointmentId: recordId.optional().describe('Hold this appointment for editing') });
export const lockResponse = z.object({ token: z.string(), expiresAt: z.string() });
export const lockTokenParams = z.strictObject({ token: z.string().min(1).max(100) });
export const lockReleased = z.object({ released: z.boolean() });
