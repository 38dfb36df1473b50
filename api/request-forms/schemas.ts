import { z } from 'zod';
import { plainDate } from '../calendar-dates/schemas';
import { recordId, recordIdParam } from '../shared-schemas';
import {
  MAX_REQUEST_LANES,
  MIN_REQUEST_LANES,
  REQUEST_TIME,
  REQUEST_TYPES,
} from '../../domain/request-forms/request-form';

/** §9 page size of the request forms list. */
export const REQUEST_FORMS_PAGE_SIZE = 25;

const requestTime = z.string().regex(REQUEST_TIME, 'A time of day HH:MM');
const optionalTime = requestTime
  .nullable()
  .default(null)
  .describe('HH:MM between 06:00 and 18:00, inside the lane; null: none');
const freeText = (max: number, description: string) => z.string().trim().max(max).default('').describe(description);

export const requestFormIdParams = z.strictObject({ id: recordIdParam });

/** `filters` arrives as JSON text (§7); anything but `{"requestType"?: ...}` is a 400 naming `filters`. */
const requestFormFilters = z.strictObject({ requestType: z.enum(REQUEST_TYPES).optional() });
const filtersParam = z.string().transform((text, context) => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    context.addIssue({ code: 'custom', message: 'JSON {"requestType"?: "requestformcalendar"|"requestformdates"}' });
    return z.NEVER;
  }
  const parsed = requestFormFilters.safeParse(value ?? {});
  if (!parsed.success) {
    context.addIssue({ code: 'custom', message: `requestType is one of ${REQUEST_TYPES.join(', ')}` });
    return z.NEVER;
  }
  return parsed.data;
});

/** §7 GET request-forms: newest first. Basic Users get only their own requests; administrators everyone's. */
export const requestFormListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(REQUEST_FORMS_PAGE_SIZE).describe('Page size, 25 by default'),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  filters: filtersParam
    .optional()
    .describe('JSON text, e.g. {"requestType":"requestformdates"}; an absent requestType lists both types'),
});

/** §3 Request lane. Every time is HH:MM between 06:00 and 18:00, in order: start <= first <= last <= end. */
export const requestLane = z.strictObject({
  name: z.string().trim().min(1).max(100),
  startTime: requestTime,
  endTime: requestTime.describe('HH:MM, after startTime'),
  slotInterval: z
    .number()
    .int()
    .min(1)
    .max(480)
    .describe('Minutes between appointment starts: 5, 10, 15, 20, 30, 40, 60 or 120'),
  durations: z
    .array(z.number().int().min(1).max(480))
    .min(1)
    .max(8)
    .describe('Appointment lengths offered, in minutes: each 5, 10, 15, 20, 30, 40, 60 or 120'),
  breakTimeAm: optionalTime,
  breakTimePm: optionalTime,
  lunchTimeStart: optionalTime.describe('HH:MM; given together with lunchTimeEnd, or neither'),
  lunchTimeEnd: optionalTime.describe('HH:MM after lunchTimeStart; given together with lunchTimeStart, or neither'),
  firstAppointmentTime: requestTime.describe('HH:MM, not before startTime'),
  lastAppointmentTime: requestTime.describe('HH:MM, not before firstAppointmentTime nor after endTime'),
  clinicDates: z
    .array(plainDate)
    .min(1)
    .max(366)
    .describe('YYYY-MM-DD, from the first of the month of submission to one year after it'),
});

/**
 * POST request-forms: §3 Request form. Per type (§5): `requestformcalendar` needs calendarName, locationId and
 * enableOn; `requestformdates` needs calendarId. The fields of the other type may be sent and are kept as sent.
 * With sameLaneData one lane describes all laneCount lanes; otherwise lanes has exactly laneCount entries.
 */
export const requestFormBody = z.strictObject({
  requestType: z.enum(REQUEST_TYPES),
  calendarName: z.string().trim().max(150).nullable().default(null).describe('Required for requestformcalendar'),
  locationId: recordId.nullable().default(null).describe('Required for requestformcalendar'),
  enableOn: plainDate.nullable().default(null).describe('YYYY-MM-DD; required for requestformcalendar'),
  syncWithDashboardOfEvents: z.boolean().default(false),
  showOnCalendarOverview: z.boolean().default(false),
  groupSessions: z.boolean().default(false),
  allowMultipleClients: z.boolean().default(false),
  fields: freeText(2000, 'Free text: the client fields the calendar should ask for'),
  calendarId: recordId.nullable().default(null).describe('The existing calendar; required for requestformdates'),
  schedule: freeText(2000, 'Free text: the schedule wanted'),
  laneCount: z.number().int().min(MIN_REQUEST_LANES).max(MAX_REQUEST_LANES).describe('1 to 4'),
  sameLaneData: z.boolean().default(false).describe('True: one lane in lanes describes every lane'),
  lanes: z.array(requestLane).min(1).max(MAX_REQUEST_LANES),
  enableEmails: z.boolean().default(false),
  confirmationTemplateId: recordId.nullable().default(null),
  reminderTemplateId: recordId.nullable().default(null),
  additionalInformation: freeText(5000, 'Free text'),
});

const person = z.object({ id: z.number().int(), name: z.string() });

/** What the list shows of a request; also part of the whole form. */
const requestFormSummary = {
  id: z.number().int(),
  requestType: z.enum(REQUEST_TYPES),
  calendarName: z
    .string()
    .nullable()
    .describe('The new calendar asked for, or the name of the existing calendar as it is now'),
  calendarId: z.number().int().nullable().describe('The existing calendar (requestformdates)'),
  createdAt: z.string().describe('ISO instant of submission'),
  createdBy: person,
  fulfilledAt: z.string().nullable().describe('ISO instant the request was marked done; null while open'),
  fulfilledCalendarId: z.number().int().nullable().describe('The calendar the request became or was for, once done'),
};

export const requestFormListItem = z.object(requestFormSummary);
export const requestFormList = z.object({ items: z.array(requestFormListItem), total: z.number().int() });

export const requestFormResponse = z.object(requestFormBody.shape).extend({
  ...requestFormSummary,
  lanes: z.array(requestLane),
  fulfilledBy: person.nullable().describe('The administrator who marked it done'),
  fulfilledDates: z.array(plainDate).describe('The dates added when a dates request was marked done'),
});

/**
 * POST request-forms/{id}/fulfilment (administrators): the request is done. `calendarId` is the calendar it became
 * (requestformcalendar) or the one it asked dates for (requestformdates; must be that calendar). `dates`: the dates
 * added; for a dates request they default to every clinic date of the request.
 */
export const requestFormFulfilmentBody = z.strictObject({
  calendarId: recordId,
  dates: z.array(plainDate).max(1500).optional(),
});
