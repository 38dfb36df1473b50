import { z } from 'zod';
import { recordId } from '../shared-schemas';
import { timeOfDay } from '../calendars/schemas';

/** §3 Lock: in calendarDateLaneId, startTime, endTime; out token. */
export const lockBody = z.strictObject({
  calendarDateLaneId: recordId,
  startTime: timeOfDay,
  endTime: timeOfDay,
});
export const lockResponse = z.object({ token: z.string(), expiresAt: z.string() });
export const lockTokenParams = z.strictObject({ token: z.string().min(1).max(100) });
export const lockReleased = z.object({ released: z.boolean() });
