import { z } from 'zod';
import { MAX_SERIES_SPOTS } from '../../domain/group-session-series/series';
import { plainDate, sessionDate } from '../calendar-dates/schemas';
import { timeOfDay } from '../calendars/schemas';
import { recordIdParam } from '../shared-schemas';

export const offeredCalendarParams = z.strictObject({ id: recordIdParam, calendarId: recordIdParam });

export const publicDatesQuery = z.strictObject({
  duration: z.coerce.number().int().positive().max(86_400).describe('Seconds the appointment lasts'),
  locale: z.enum(['en', 'fr']).optional(),
});
/** The dates of the service's booking window with the times free for the whole duration; `id` is the lane to lock. */
export const publicDateList = z.object({
  items: z.array(
    z.object({ date: plainDate, timeslots: z.array(z.object({ id: z.number().int(), time: timeOfDay })) }),
  ),
});

export const publicSessionsQuery = z.strictObject({
  spots: z.coerce.number().int().min(1).max(MAX_SERIES_SPOTS).default(1).describe('Spots wanted'),
  locale: z.enum(['en', 'fr']).optional(),
});
/** §3 Group session (public), with the spots left and the registration deadline; `id` is the lane to lock. */
export const publicSessionList = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      time: timeOfDay,
      endTime: timeOfDay,
      duration: z.number().int().describe('Seconds'),
      isLocked: z.boolean().describe('Every spot left is held by someone registering right now'),
      sessionDates: z.array(sessionDate),
      spots: z.number().int().describe('Spots left'),
      deadline: plainDate,
    }),
  ),
});
