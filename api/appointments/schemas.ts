import { z } from 'zod';
import { botCheckPayload } from '../bot-check/schemas';
import { plainDate } from '../calendar-dates/schemas';
import { timeOfDay } from '../calendars/schemas';
import { toSeconds } from '../../domain/calendars/time-of-day';
import { OFFICE_REGIONS } from '../../domain/locations/location';
import { MESSAGE_CHANNELS, MESSAGE_KINDS } from '../../domain/messages/message';
import { acceptingReadOnlyFields, readOnlyField } from '../representation-body';
import { queryFlag, recordId, recordIdParam } from '../shared-schemas';

const phone = z
  .string()
  .trim()
  .regex(/^\d{3}-?\d{3}-?\d{4}$/, 'Enter a valid 10-digit phone number')
  .max(12);
const optionalPhone = z.union([z.literal(''), phone]).default('');
const name = z.string().trim().min(1).max(100);

/** §3 Appointment `duration`: seconds, like every duration of the API (DESIGN §6). */
const duration = z.number().int().positive().max(86_400).describe('Seconds from startTime to endTime');
/** §3 Appointment `multipleClients`: whether it has several clients; their number is clientData's length. */
const multipleClients = z
  .boolean()
  .describe('Whether the appointment has several clients: false with more than one in clientData is refused');

function clientCountRule(
  appointment: { multipleClients?: boolean | undefined; clientData: unknown[] },
  context: z.RefinementCtx,
) {
  if (appointment.multipleClients === false && appointment.clientData.length > 1) {
    context.addIssue({
      code: 'custom',
      path: ['multipleClients'],
      message: 'False, but clientData has several clients',
    });
  }
}

/**
 * §3 Appointment as the public form sends it (§5 public form): the names of each client, contact details, reminder
 * choices (0, 2, 4, 6 only; a custom phone for 6), consents, and the lock it books. The lane, times and duration of
 * the §3 payload may come with the lock: each one given must be what the lock holds (409 SLOT_UNAVAILABLE otherwise).
 */
export const publicAppointmentBody = z
  .strictObject({
    lockToken: z.string().min(1).max(100),
    calendarDateLaneId: recordId.optional().describe("The lock's lane (a course: the session's id)"),
    startTime: timeOfDay
      .optional()
      .describe("The lock's start; not compared for a course, whose hold takes spots, not a time"),
    endTime: timeOfDay.optional().describe("The lock's end; not compared for a course"),
    duration: duration.optional().describe('Seconds the lock holds; not compared for a course'),
    multipleClients: multipleClients.optional(),
    clientData: z
      .array(z.strictObject({ firstName: name, lastName: name, preferredName: z.string().trim().max(100).default('') }))
      .min(1)
      .max(10),
    email: z.union([z.literal(''), z.string().trim().email().max(180)]).default(''),
    language: z.enum(['en', 'fr']),
    phone,
    phoneDoNotCall: z.boolean().default(false),
    phoneAlt: optionalPhone,
    phoneAltDoNotCall: z.boolean().default(false),
    phoneReminderType: z.union([z.literal(0), z.literal(2), z.literal(4), z.literal(6)]),
    phoneReminderCustom: optionalPhone,
    sendConfirmationEmail: z.boolean().default(false),
    sendReminderEmail: z.boolean().default(false),
    agreeValidInfo: z.boolean().default(false),
    agreePhone: z.boolean().default(false),
    spots: z.number().int().min(1).max(100).default(1),
    serviceId: recordId.describe(
      'The service booked through: the slot must be one it offers, and its form rules (required e-mail, consents) are checked',
    ),
    botCheck: botCheckPayload.optional(),
  })
  .superRefine((appointment, context) => {
    clientCountRule(appointment, context);
    if (appointment.phoneReminderType === 6 && !appointment.phoneReminderCustom) {
      context.addIssue({
        code: 'custom',
        path: ['phoneReminderCustom'],
        message: 'Required for reminders to another phone',
      });
    }
    if ((appointment.sendConfirmationEmail || appointment.sendReminderEmail) && !appointment.email) {
      context.addIssue({ code: 'custom', path: ['email'], message: 'Required to send e-mails' });
    }
  });

/** The answer echoes no personal data: only the code the client keeps. */
export const publicAppointmentCreated = z.object({ confirmationCode: z.string() });

/**
 * The `Idempotency-Key` header (IETF draft) of both booking calls: a retry of the same request with the same key
 * answers the booking the first one made instead of a refusal.
 */
export const idempotencyKeyHeader = z.strictObject({
  'Idempotency-Key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, '8 to 100 characters: letters, digits, - and _')
    .optional(),
});

// ---- the staff's calls (§4.2, §5 admin form) ----

const flag = z.boolean().default(false);
/** §3 Client data entry as staff fill it; fields the calendar does not use may be left out. */
const staffClient = z.strictObject({
  firstName: name,
  lastName: name,
  clientId: z.union([z.literal(''), z.string().regex(/^\d{10}$/, 'Exactly 10 digits')]).default(''),
  preferredName: z.string().trim().max(100).default(''),
  pronoun: z.enum(['', 'he', 'she', 'they']).default(''),
  dateOfBirth: z.union([z.literal(''), plainDate]).default(''),
  legalGuardian: flag,
  notGuardian: flag,
  authorized: flag,
  translationServices: flag,
  clientLanguage: z.string().trim().max(100).default(''),
  codes: z.array(z.string().max(20)).max(50).default([]),
  dose: z.number().int().min(0).max(99).nullable().default(null),
  attendance: z.enum(['', 'arrived', 'consult', 'left', 'noshow']).default(''),
  room: z.string().trim().max(6).default(''),
});

/**
 * The details of the staff's form (any reminder type 0-6, a custom phone for 5 and 6) and the §3 fields it may send
 * along: multipleClients, the consents and the duration.
 */
const staffDetails = {
  clientData: z.array(staffClient).min(1).max(10),
  email: z.union([z.literal(''), z.string().trim().email().max(180)]).default(''),
  language: z.enum(['en', 'fr']),
  phone,
  phoneDoNotCall: flag,
  phoneAlt: optionalPhone,
  phoneAltDoNotCall: flag,
  phoneReminderType: z.number().int().min(0).max(6),
  phoneReminderCustom: optionalPhone,
  sendConfirmationEmail: flag,
  sendReminderEmail: flag,
  multipleClients: multipleClients.optional(),
  agreeValidInfo: z
    .boolean()
    .optional()
    .describe("Absent: true on a new appointment (staff vouch for it); a change keeps the appointment's"),
  agreePhone: z
    .boolean()
    .optional()
    .describe("Absent: true on a new appointment (staff vouch for it); a change keeps the appointment's"),
  duration: duration.optional(),
};

/** A staff body names its own times: a duration given must be their difference. */
function durationRule(
  appointment: { startTime: string; endTime: string; duration?: number | undefined },
  context: z.RefinementCtx,
) {
  if (
    appointment.duration !== undefined &&
    appointment.duration !== toSeconds(appointment.endTime) - toSeconds(appointment.startTime)
  ) {
    context.addIssue({ code: 'custom', path: ['duration'], message: 'Must be the seconds from startTime to endTime' });
  }
}

type StaffRuled = {
  phoneReminderType: number;
  phoneReminderCustom: string;
  sendConfirmationEmail: boolean;
  sendReminderEmail: boolean;
  email: string;
};

function contactRules(
  appointment: StaffRuled & Parameters<typeof durationRule>[0] & Parameters<typeof clientCountRule>[0],
  context: z.RefinementCtx,
) {
  durationRule(appointment, context);
  clientCountRule(appointment, context);
  if (
    (appointment.phoneReminderType === 5 || appointment.phoneReminderType === 6) &&
    !appointment.phoneReminderCustom
  ) {
    context.addIssue({
      code: 'custom',
      path: ['phoneReminderCustom'],
      message: 'Required for reminders to another phone',
    });
  }
  if ((appointment.sendConfirmationEmail || appointment.sendReminderEmail) && !appointment.email) {
    context.addIssue({ code: 'custom', path: ['email'], message: 'Required to send e-mails' });
  }
}

/**
 * POST appointments: a booking by staff under their lock, for the length they chose (`endTime`). The §3 lane and
 * start, when given, must be the lock's (409 SLOT_UNAVAILABLE otherwise); an `id` is ignored: the server gives it.
 */
export const staffAppointmentBody = z
  .strictObject({
    id: readOnlyField('Ignored: a new appointment gets its id from the server'),
    lockToken: z.string().min(1).max(100),
    calendarDateLaneId: recordId.optional().describe("The lock's lane"),
    startTime: timeOfDay.describe("The lock's start"),
    endTime: timeOfDay,
    spots: z.number().int().min(1).max(100).default(1).describe('A course: the spots the lock holds'),
    copiedFrom: recordId.optional().describe('The appointment this one copies (Copy and Paste), for its history'),
    ...staffDetails,
  })
  .superRefine(contactRules);

/** PUT appointments/{id}: the details and place the editor saves, with the version it loaded. */
export const appointmentChangeBody = z
  .strictObject({
    version: z.number().int().min(1),
    date: plainDate,
    calendarDateLaneId: recordId,
    startTime: timeOfDay,
    endTime: timeOfDay,
    lockToken: z.string().min(1).max(100).nullable().default(null),
    notifyClient: z
      .boolean()
      .default(false)
      .describe('Issue 19: send the client a notice by e-mail when this change moves the appointment'),
    ...staffDetails,
  })
  .superRefine(contactRules);

export const appointmentIdParams = z.strictObject({ id: recordIdParam });

const clientResponse = z.looseObject({ firstName: z.string(), lastName: z.string() });
/** §3 Appointment as staff read it, with where it is and its version. */
export const appointmentResponse = z.object({
  id: z.number().int(),
  calendarId: z.number().int(),
  date: plainDate.nullable(),
  calendarDateLaneId: z.number().int().nullable(),
  startTime: timeOfDay.nullable(),
  endTime: timeOfDay.nullable(),
  duration: z.number().int().nullable(),
  seriesId: z.number().int().nullable(),
  confirmationCode: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  clientData: z.array(clientResponse),
  email: z.string(),
  language: z.enum(['en', 'fr']),
  phone: z.string(),
  phoneDoNotCall: z.boolean(),
  phoneAlt: z.string(),
  phoneAltDoNotCall: z.boolean(),
  phoneReminderType: z.number().int(),
  phoneReminderCustom: z.string(),
  sendConfirmationEmail: z.boolean(),
  sendReminderEmail: z.boolean(),
  spots: z.number().int(),
});
/**
 * PUT appointments/{id}: the change, or the appointment as GET answered it with its changes. Its id, calendar,
 * series, confirmation code, spots and timestamps are ignored.
 */
export const appointmentPutBody = acceptingReadOnlyFields(appointmentChangeBody, appointmentResponse);
/** DELETE appointments/{id}?notifyClient=true: staff ask for a cancellation notice to the client (issue 19). */
export const appointmentDeleteQuery = z.strictObject({
  notifyClient: queryFlag.default(false).describe('Send the client a cancellation notice by e-mail'),
});
export const appointmentDeleted = z.object({ deleted: z.literal(true) });

const place = z.object({ date: plainDate.nullable(), startTime: timeOfDay.nullable() }).nullable();
const historyMessage = z.object({
  kind: z.enum(MESSAGE_KINDS),
  channel: z.enum(MESSAGE_CHANNELS),
  offsetDays: z.number().int().nullable().describe('A reminder: days before the appointment'),
  recipientHint: z.string().describe('Where it went, masked (j…@example.org, …1234)'),
  reason: z.string().nullable().describe('Why it failed (messageFailed)'),
});
/**
 * §3 History entry (updatedBy, updatedAt, action), with the fields changed and, for a move or a copy, where from and
 * to; a message to the client (issue 19) with what it was and where it went.
 */
export const appointmentHistory = z.object({
  items: z.array(
    z.object({
      updatedBy: z.string().describe("The staff member's name, Public, or System (a message to the client)"),
      updatedAt: z.string().describe('ISO 8601 UTC'),
      action: z.enum([
        'created',
        'copied',
        'updated',
        'moved',
        'cancelled',
        'registered',
        'unregistered',
        'messageSent',
        'messageFailed',
      ]),
      changes: z.array(z.string()),
      from: place,
      to: place,
      message: historyMessage
        .nullable()
        .describe('Issue 19: for messageSent and messageFailed, the message to the client; else null'),
    }),
  ),
});

// ---- appointment search (§2.3 /admin/search, §7 GET appointments search, §9 page sizes) ----

/** §9 page sizes of the search. */
export const SEARCH_PAGE_SIZES = [25, 50, 75, 100] as const;
export const SEARCH_SORT_FIELDS = ['date', 'time', 'confirmationCode', 'calendar', 'location', 'officeRegion'] as const;
export type SearchSortField = (typeof SEARCH_SORT_FIELDS)[number];
export const searchSort = z.strictObject({
  field: z.enum(SEARCH_SORT_FIELDS),
  direction: z.enum(['asc', 'desc']).default('asc'),
});
export type SearchSort = z.output<typeof searchSort>;

/** `sortBy` arrives as JSON text; anything but a known field and direction is a 400 naming `sortBy`. */
const sortByParam = z.string().transform((text, context) => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    context.addIssue({ code: 'custom', message: 'JSON {"field": ..., "direction": "asc"|"desc"} expected' });
    return z.NEVER;
  }
  const parsed = searchSort.safeParse(value);
  if (!parsed.success) {
    context.addIssue({
      code: 'custom',
      message: `Sort by one of ${SEARCH_SORT_FIELDS.join(', ')}, direction asc or desc`,
    });
    return z.NEVER;
  }
  return parsed.data;
});

export const appointmentSearchQuery = z
  .strictObject({
    officeRegion: z.enum(OFFICE_REGIONS).optional(),
    query: z.string().trim().max(100).optional(),
    dateFrom: plainDate.optional(),
    dateTo: plainDate.optional(),
    calendarId: recordIdParam.optional(),
    pageSize: z
      .enum(SEARCH_PAGE_SIZES.map(String) as ['25', '50', '75', '100'])
      .default('50')
      .transform(Number),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    sortBy: sortByParam.optional(),
  })
  .superRefine((query, context) => {
    if (query.dateFrom && query.dateTo && query.dateTo < query.dateFrom) {
      context.addIssue({ code: 'custom', path: ['dateTo'], message: 'Must not be before dateFrom' });
    }
  });

export const appointmentSearchResult = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      date: plainDate,
      startTime: timeOfDay,
      confirmationCode: z.string(),
      clients: z.array(z.object({ firstName: z.string(), lastName: z.string() })),
      calendar: z.object({ id: z.number().int(), name: z.string() }),
      location: z.object({ name: z.string(), nameFr: z.string() }).nullable(),
      officeRegion: z.string().nullable(),
    }),
  ),
  pages: z.number().int(),
});
