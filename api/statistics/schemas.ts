import { z } from 'zod';
import { OFFICE_REGIONS } from '../../domain/locations/location';
import { plainDate } from '../calendar-dates/schemas';
import { recordIdParam } from '../shared-schemas';

/**
 * Issue 17 item 4: the Statistics screen's measures over a period, optionally for one office region and one category.
 * Every figure is read from the de-identified `analytics` schema (README "For analysts"), so the screen shows what a
 * BI tool would see.
 */
export const statisticsQuery = z.strictObject({
  startDate: plainDate,
  endDate: plainDate,
  region: z.enum(OFFICE_REGIONS).optional().describe('office region of the calendar location'),
  categoryId: recordIdParam.optional(),
});
export type StatisticsQuery = z.infer<typeof statisticsQuery>;

const rate = z.number().min(0).max(1).nullable().describe('0..1; null when there is nothing to divide by');

export const statisticsResponse = z.object({
  startDate: plainDate,
  endDate: plainDate,
  /** Appointments (group-session registrations excluded) by appointment date. */
  bookingsPerDay: z.array(
    z.object({
      date: plainDate,
      bookings: z.number().int(),
      moves: z.number().int(),
      cancellations: z.number().int(),
    }),
  ),
  /** Monday of each ISO week. */
  bookingsPerWeek: z.array(z.object({ weekStart: plainDate, bookings: z.number().int() })),
  /** Booked over total slots of the calendar dates in the period. */
  utilisation: z.array(
    z.object({ date: plainDate, totalSlots: z.number().int(), bookedSlots: z.number().int(), utilisation: rate }),
  ),
  /** From the attendance staff record (§3 attendance), appointments dated in the period and already past. */
  attendance: z.object({
    appointments: z.number().int(),
    recorded: z.number().int(),
    arrived: z.number().int(),
    noShows: z.number().int(),
    arrivalRate: rate,
    noShowRate: rate,
  }),
  /** Days from booking to appointment, in bands. */
  leadTime: z.array(
    z.object({
      band: z.enum(['0', '1', '2-6', '7-13', '14-29', '30+']),
      bookings: z.number().int(),
    }),
  ),
  /** Group-session series whose first session lies in the period. */
  courseFill: z.array(
    z.object({
      seriesId: z.number().int(),
      calendarId: z.number().int(),
      calendarName: z.string(),
      firstDate: plainDate.nullable(),
      capacity: z.number().int(),
      registered: z.number().int(),
      fillRate: rate,
    }),
  ),
});
export type StatisticsResponse = z.infer<typeof statisticsResponse>;
