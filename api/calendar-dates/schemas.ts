import { z } from 'zod';
import { acceptingReadOnlyFields } from '../representation-body';
import { recordIdParam, queryFlag } from '../shared-schemas';
import { TIMESLOT_LABELS } from '../../domain/calendar-dates/timeslots';
import { daysBetween, isPlainDate } from '../../domain/shared/plain-date';
import { lane, savedLane, timeOfDay } from '../calendars/schemas';

export const plainDate = z.string().refine(isPlainDate, 'A date YYYY-MM-DD');
/** At most a year and a day of dates in one call. */
const dateList = z.array(plainDate).min(1).max(366);

export const calendarDateParams = z.strictObject({ id: recordIdParam, date: plainDate });

/** The dates tool asks for its 24 months at once. */
export const DATES_MAX_DAYS = 800;
export const calendarDatesQuery = z
  .strictObject({ startDate: plainDate, endDate: plainDate, enabledOnly: queryFlag.optional() })
  .refine((query) => daysBetween(query.startDate, query.endDate) <= DATES_MAX_DAYS, {
    path: ['endDate'],
    message: `At most ${DATES_MAX_DAYS} days at a time`,
  });
export const calendarDateQuery = z.strictObject({ timeslots: queryFlag.optional() });

const timeslot = z.object({
  time: timeOfDay,
  label: z.enum(TIMESLOT_LABELS),
  isBookable: z.boolean(),
  availableDurations: z.array(z.number().int()),
  appointmentId: z.number().int().nullable(),
  clients: z.array(
    z.object({
      name: z.string(),
      dateOfBirth: z.string().nullable(),
      attendance: z.string().nullable(),
      room: z.string().nullable(),
    }),
  ),
  phone: z.string().nullable(),
  history: z.array(z.object({ updatedBy: z.string(), updatedAt: z.string(), action: z.string() })),
  token: z.string().nullable(),
  messageFailed: z
    .boolean()
    .optional()
    .describe('A reminder, notice or confirmation to its client failed (see /api/messages); the day view always says'),
});

export const sessionDate = z.object({ date: plainDate, time: timeOfDay, duration: z.number().int() });

/** §3 Calendar date with its statistics; lanes carry their timeslots when asked for. */
export const calendarDateResponse = z.object({
  id: z.number().int(),
  calendarId: z.number().int(),
  date: plainDate,
  enabled: z.boolean(),
  lanes: z.array(z.object(savedLane.shape).extend({ timeslots: z.array(timeslot).optional() })),
  capacity: z.number().int(),
  appointmentCount: z.number().int(),
  clientCount: z.number().int(),
  bookedSlotCount: z.number().int(),
  totalSlotCount: z.number().int(),
  firstAppointmentTime: timeOfDay.nullable(),
  lastAppointmentTime: timeOfDay.nullable(),
  minStartTime: timeOfDay.nullable(),
  maxEndTime: timeOfDay.nullable(),
  laneCount: z.number().int(),
  groupSessionSeriesId: z.number().int().nullable(),
  spots: z.number().int().nullable(),
  spotsAvailable: z.number().int().nullable(),
  registrationCount: z.number().int().nullable(),
  deadline: plainDate.nullable(),
  sessionDates: z.array(sessionDate),
});
export const calendarDateList = z.object({ items: z.array(calendarDateResponse) });

/** PUT calendars/{id}/dates/{date}: the single date editor. */
export const calendarDateBody = z.strictObject({ enabled: z.boolean(), lanes: z.array(lane).min(1).max(20) });
/** The same, or the date as GET answered it: its id, figures and the lanes' timeslots are ignored. */
export const calendarDatePutBody = acceptingReadOnlyFields(calendarDateBody, calendarDateResponse);

/** On a group-session calendar, new dates are the sessions of a new series: its registration deadline and spots. */
const seriesSettings = {
  deadline: plainDate.nullable().optional().describe('Group sessions: the registration deadline (required there)'),
  spots: z
    .number()
    .int()
    .min(1)
    .max(100)
    .optional()
    .describe("Group sessions: the series' spots (default: the calendar's)"),
};

/**
 * POST batch/calendars/{id}/dates: add (dates with lanes and the enabled flag) or copy (one date's lanes onto dates
 * that have none); on a group-session calendar either way the new dates make a new series.
 */
export const batchAddBody = z.strictObject({
  dates: dateList,
  lanes: z.array(lane).min(1).max(20),
  enabled: z.boolean().default(true),
  ...seriesSettings,
});
export const batchCopyBody = z.strictObject({ fromDate: plainDate, toDates: dateList, ...seriesSettings });
export const batchCreateBody = z.union([batchCopyBody, batchAddBody]);

/** PUT batch/calendars/{id}/dates: the batch edit form; absent fields stay as they are on each date. */
export const batchModifyBody = z.strictObject({
  dates: dateList,
  enabled: z.boolean().optional(),
  lanes: z.array(lane).min(1).max(20).optional(),
});
/** The same, or one date as GET answered it with the `dates` to give its flag and lanes: the rest is ignored. */
export const batchModifyPutBody = acceptingReadOnlyFields(batchModifyBody, calendarDateResponse);
export const batchDeleteBody = z.strictObject({ dates: dateList });
/** PUT batch/calendars/{id}/dates/patch: moves fromDates[i] to toDates[i]. */
export const batchMoveBody = z.strictObject({
  fromDates: dateList,
  toDates: dateList,
  notifyClients: z
    .boolean()
    .default(false)
    .describe('E-mail a notice of the move to the clients booked on the dates (issue 19)'),
});
export const batchDeleted = z.object({ deleted: z.number().int() });

export const seriesParams = z.strictObject({ id: recordIdParam, seriesId: recordIdParam });
/** §3 Series. */
export const seriesResponse = z.object({
  id: z.number().int(),
  calendarId: z.number().int(),
  name: z.string(),
  startDate: plainDate,
  endDate: plainDate,
  deadline: plainDate,
  spots: z.number().int(),
  spotsAvailable: z.number().int(),
  registrationCount: z.number().int(),
  sessionDates: z.array(sessionDate),
});
export const seriesList = z.object({ items: z.array(seriesResponse) });
