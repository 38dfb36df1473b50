import { z } from 'zod';
import { acceptingReadOnlyFields } from '../representation-body';
import { recordId, recordIdParam } from '../shared-schemas';
import { DURATION_CHOICES } from '../../domain/calendars/lane';
import {
  MAX_QUESTIONNAIRE_LENGTH,
  questionnaireIssues,
  questionnaireSchema,
} from '../../domain/services/questionnaire';
import {
  defaultServiceFields,
  MAX_DAYS_AHEAD,
  MAX_SELF_SERVICE_CUTOFF_HOURS,
  MAX_SERVICE_SPOTS,
  MAX_WAITLIST_OFFER_HOURS,
  MIN_WAITLIST_OFFER_HOURS,
} from '../../domain/services/service';

export const localeQuery = z.strictObject({
  locale: z.enum(['en', 'fr']).default('en').describe('Language of the texts: en or fr'),
});

export const serviceIdParams = z.strictObject({
  id: recordIdParam,
});

export const publicServiceSummary = z.object({ id: z.number().int(), title: z.string(), description: z.string() });
export const publicServiceList = z.object({ items: z.array(publicServiceSummary) });

export const publicServiceFields = z.object({
  consentRequired: z.boolean(),
  emailRequired: z.boolean(),
  removePreferredLanguage: z.boolean(),
  removePhoneAlt: z.boolean(),
  removePhoneDoNotCall: z.boolean(),
  removePhoneAltDoNotCall: z.boolean(),
  removePhoneReminderType: z.boolean(),
});

/** A calendar as the wizard offers it (§3 "on the public side a calendar carries ..."): only self-booking fields. */
export const publicCalendar = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  groupSession: z.boolean(),
  lockTime: z.number().int().describe('Seconds a lock holds the slot'),
  emailsEnabled: z.boolean(),
  emailRequired: z.boolean(),
  allowMultipleClients: z.boolean(),
  location: z
    .object({ name: z.string(), address: z.string(), city: z.string(), postalCode: z.string(), isVirtual: z.boolean() })
    .nullable(),
  fields: z.array(z.object({ name: z.string(), required: z.boolean() })),
});

export const publicServiceDetails = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  landingPage: z.string(),
  confirmationPage: z.string(),
  form: z.string().describe('Questionnaire JSON; 2 characters or fewer means none'),
  questionnaire: questionnaireSchema
    .nullable()
    .describe('The questionnaire of `form`, parsed and checked; null when there is none'),
  calendars: z.array(publicCalendar).describe('Its enabled calendars, in its order'),
  defaultDuration: z.number().int().describe('Seconds'),
  defaultSpots: z.number().int(),
  minDaysAhead: z.number().int(),
  maxDaysAhead: z.number().int(),
  calendarSelectionHeader: z.string(),
  dateSelectionHeader: z.string(),
  timeSelectionHeader: z.string(),
  removePrintButton: z.boolean(),
  fields: publicServiceFields,
});

// ---- the admin calls (System Administrators, §2.3) ----

const required = (max: number) => z.string().trim().min(1).max(max);
const optional = (max: number) => z.string().max(max).default('');
/** A header of a booking step, preset to §9's text in its language. */
const header = (preset: string) => required(200).default(preset);

/**
 * The questionnaire JSON text (§3): none (2 characters or fewer) or a questionnaire of the domain's schema. Each
 * problem is an issue whose path points into it (`form.questions.2.rules.0.actions.1.value`) and whose message
 * names the question or ending.
 */
const questionnaireText = z
  .string()
  .max(MAX_QUESTIONNAIRE_LENGTH)
  .default('')
  .superRefine((form, context) => {
    for (const issue of questionnaireIssues(form)) {
      context.addIssue({
        code: 'custom',
        path: issue.path,
        message: issue.message,
        params: { problem: issue.problem },
      });
    }
  });

/**
 * A service as the form sends it (POST and PUT; §3 Service, §5): titles, descriptions, landing and confirmation
 * pages and the three headers in both languages, at least one calendar. Omitted fields take §9's defaults of a new
 * service. The booking window and the default duration are the domain's rules (INVALID_BOOKING_WINDOW,
 * INVALID_DURATION); that the calendars exist is checked against the calendars (UNKNOWN_CALENDAR).
 */
export const serviceBody = z.strictObject({
  title: required(150),
  titleFr: required(150),
  description: required(2000),
  descriptionFr: required(2000),
  enabled: z.boolean().default(defaultServiceFields.enabled),
  isPublic: z.boolean().default(defaultServiceFields.isPublic),
  minDaysAhead: z
    .number()
    .int()
    .min(0)
    .max(MAX_DAYS_AHEAD)
    .default(defaultServiceFields.minDaysAhead)
    .describe('Days from today'),
  maxDaysAhead: z
    .number()
    .int()
    .min(0)
    .max(MAX_DAYS_AHEAD)
    .default(defaultServiceFields.maxDaysAhead)
    .describe('Days from today'),
  defaultDuration: z
    .number()
    .int()
    .positive()
    .default(defaultServiceFields.defaultDuration)
    .describe(`Seconds: one of ${DURATION_CHOICES.join(', ')}`),
  defaultSpots: z.number().int().min(1).max(MAX_SERVICE_SPOTS).default(defaultServiceFields.defaultSpots),
  landingPage: required(20_000),
  landingPageFr: required(20_000),
  form: questionnaireText.describe('Questionnaire JSON; 2 characters or fewer means none'),
  calendarSelectionHeader: header(defaultServiceFields.calendarSelectionHeader),
  calendarSelectionHeaderFr: header(defaultServiceFields.calendarSelectionHeaderFr),
  dateSelectionHeader: header(defaultServiceFields.dateSelectionHeader),
  dateSelectionHeaderFr: header(defaultServiceFields.dateSelectionHeaderFr),
  timeSelectionHeader: header(defaultServiceFields.timeSelectionHeader),
  timeSelectionHeaderFr: header(defaultServiceFields.timeSelectionHeaderFr),
  calendarIds: z.array(recordId).min(1).max(500),
  emailContent: optional(20_000),
  emailContentFr: optional(20_000),
  confirmationPage: required(20_000),
  confirmationPageFr: required(20_000),
  consentRequired: z.boolean().default(defaultServiceFields.consentRequired),
  emailRequired: z.boolean().default(defaultServiceFields.emailRequired),
  removePreferredLanguage: z.boolean().default(defaultServiceFields.removePreferredLanguage),
  removePhoneAlt: z.boolean().default(defaultServiceFields.removePhoneAlt),
  removePhoneDoNotCall: z.boolean().default(defaultServiceFields.removePhoneDoNotCall),
  removePhoneAltDoNotCall: z.boolean().default(defaultServiceFields.removePhoneAltDoNotCall),
  removePhoneReminderType: z.boolean().default(defaultServiceFields.removePhoneReminderType),
  removePrintButton: z.boolean().default(defaultServiceFields.removePrintButton),
  emailsEnabled: z.boolean().default(defaultServiceFields.emailsEnabled),
  selfServiceEnabled: z
    .boolean()
    .default(defaultServiceFields.selfServiceEnabled)
    .describe('The public may cancel and reschedule their own bookings online (issue 20)'),
  selfServiceCutoffHours: z
    .number()
    .int()
    .min(0)
    .max(MAX_SELF_SERVICE_CUTOFF_HOURS)
    .default(defaultServiceFields.selfServiceCutoffHours)
    .describe('Until how many hours before the start the public may cancel or reschedule'),
  waitlistOfferHours: z
    .number()
    .int()
    .min(MIN_WAITLIST_OFFER_HOURS)
    .max(MAX_WAITLIST_OFFER_HOURS)
    .default(defaultServiceFields.waitlistOfferHours)
    .describe('How long a waitlist offer holds the freed place, in hours'),
});

export const serviceCalendar = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  groupSession: z.boolean(),
});

/** A service as it is stored, with its calendars' names (§3 `calendars`) and timestamps. */
export const serviceResponse = z.object({
  id: z.number().int(),
  title: z.string(),
  titleFr: z.string(),
  description: z.string(),
  descriptionFr: z.string(),
  enabled: z.boolean(),
  isPublic: z.boolean(),
  minDaysAhead: z.number().int(),
  maxDaysAhead: z.number().int(),
  defaultDuration: z.number().int(),
  defaultSpots: z.number().int(),
  landingPage: z.string(),
  landingPageFr: z.string(),
  form: z.string(),
  calendarSelectionHeader: z.string(),
  calendarSelectionHeaderFr: z.string(),
  dateSelectionHeader: z.string(),
  dateSelectionHeaderFr: z.string(),
  timeSelectionHeader: z.string(),
  timeSelectionHeaderFr: z.string(),
  calendarIds: z.array(z.number().int()),
  calendars: z.array(serviceCalendar),
  emailContent: z.string(),
  emailContentFr: z.string(),
  confirmationPage: z.string(),
  confirmationPageFr: z.string(),
  consentRequired: z.boolean(),
  emailRequired: z.boolean(),
  removePreferredLanguage: z.boolean(),
  removePhoneAlt: z.boolean(),
  removePhoneDoNotCall: z.boolean(),
  removePhoneAltDoNotCall: z.boolean(),
  removePhoneReminderType: z.boolean(),
  removePrintButton: z.boolean(),
  emailsEnabled: z.boolean(),
  selfServiceEnabled: z.boolean(),
  selfServiceCutoffHours: z.number().int(),
  waitlistOfferHours: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** PUT services/{id}: the form's fields, or the service as GET answered it (its read-only fields ignored). */
export const servicePutBody = acceptingReadOnlyFields(serviceBody, serviceResponse);
export const serviceList = z.object({ items: z.array(serviceResponse) });
export const serviceDeleted = z.object({ deleted: z.literal(true) });
