import { z } from 'zod';
import { timeOfDay } from '../calendars/schemas';

/** §3 Lock: in calendarDateLaneId, startTime, endTime; out token. */
export const lockBody = z.strictObject({
  calendarDateLaneId: z.number().int().positive().max(2_147_483_647),
  startTime: timeOfDay,
  endTime: timeOfDay,
});
export const lockResponse = z.object({ token: z.string(), expiresAt: z.string() });
export const lockTokenParams = z.strictObject({ token: z.string().min(1).max(100) });
export const lockReleased = z.object({ released: z.boolean() });
