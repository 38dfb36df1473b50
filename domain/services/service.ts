import { MAX_GROUP_SPOTS } from '../calendars/calendar';
import { DURATION_CHOICES } from '../calendars/lane';
import { DomainError } from '../shared/decider';
import { addDays } from '../shared/plain-date';
import { questionnaireIssues } from './questionnaire';

/** Everything staff set on a service (§3). Ids, calendars and timestamps live beside it. */
export interface ServiceFields {
  title: string;
  titleFr: string;
  description: string;
  descriptionFr: string;
  enabled: boolean;
  isPublic: boolean;
  minDaysAhead: number;
  maxDaysAhead: number;
  defaultDuration: number;
  defaultSpots: number;
  landingPage: string;
  landingPageFr: string;
  /** The questionnaire as JSON text; 2 characters or fewer means no questionnaire (§4.1). */
  form: string;
  calendarSelectionHeader: string;
  calendarSelectionHeaderFr: string;
  dateSelectionHeader: string;
  dateSelectionHeaderFr: string;
  timeSelectionHeader: string;
  timeSelectionHeaderFr: string;
  calendarIds: number[];
  emailContent: string;
  emailContentFr: string;
  confirmationPage: string;
  confirmationPageFr: string;
  consentRequired: boolean;
  emailRequired: boolean;
  removePreferredLanguage: boolean;
  removePhoneAlt: boolean;
  removePhoneDoNotCall: boolean;
  removePhoneAltDoNotCall: boolean;
  removePhoneReminderType: boolean;
  removePrintButton: boolean;
  emailsEnabled: boolean;
  /** Issue 20: the public may cancel and reschedule their own booking online (a switch turns it off). */
  selfServiceEnabled: boolean;
  /** Until how many hours before the start the public may cancel or reschedule (0 to 720). */
  selfServiceCutoffHours: number;
  /** How long a waitlist offer holds the freed place for the first in line, in hours (1 to 168). */
  waitlistOfferHours: number;
}

/** The dates the public may book through a service, counted from today in the unit's time zone (§3). */
export function bookingWindow(service: Pick<ServiceFields, 'minDaysAhead' | 'maxDaysAhead'>, today: string) {
  return { firstDate: addDays(today, service.minDaysAhead), lastDate: addDays(today, service.maxDaysAhead) };
}

/** What a public lock or booking made through a service may reach. */
export type ServiceScope = Pick<ServiceFields, 'calendarIds' | 'minDaysAhead' | 'maxDaysAhead'>;

/**
 * Whether a service offers a calendar date: one of its calendars and, for a clinic, a date of its booking window.
 * A course's sessions close at their registration deadline instead.
 */
export function serviceOffers(
  service: ServiceScope,
  slot: { calendarId: number; date: string; isSession: boolean },
  today: string,
): boolean {
  if (!service.calendarIds.includes(slot.calendarId)) return false;
  if (slot.isSession) return true;
  const { firstDate, lastDate } = bookingWindow(service, today);
  return slot.date >= firstDate && slot.date <= lastDate;
}

/** Defaults of a new service (§9). */
export const defaultServiceFields: ServiceFields = {
  title: '',
  titleFr: '',
  description: '',
  descriptionFr: '',
  enabled: false,
  isPublic: true,
  minDaysAhead: 1,
  maxDaysAhead: 365,
  defaultDuration: 900,
  defaultSpots: 1,
  landingPage: '',
  landingPageFr: '',
  form: '',
  calendarSelectionHeader: 'Select a clinic:',
  calendarSelectionHeaderFr: 'Choisissez une clinique :',
  dateSelectionHeader: 'Select a date:',
  dateSelectionHeaderFr: 'Choisissez une date :',
  timeSelectionHeader: 'Select a time:',
  timeSelectionHeaderFr: 'Choisissez une heure :',
  calendarIds: [],
  emailContent: '',
  emailContentFr: '',
  confirmationPage: '',
  confirmationPageFr: '',
  consentRequired: false,
  emailRequired: false,
  removePreferredLanguage: false,
  removePhoneAlt: false,
  removePhoneDoNotCall: false,
  removePhoneAltDoNotCall: false,
  removePhoneReminderType: false,
  removePrintButton: false,
  emailsEnabled: true,
  selfServiceEnabled: true,
  selfServiceCutoffHours: 24,
  waitlistOfferHours: 12,
};

/** Bounds of the self-service settings (issue 20): the cut-off up to 30 days, an offer's hold up to a week. */
export const MAX_SELF_SERVICE_CUTOFF_HOURS = 720;
export const MIN_WAITLIST_OFFER_HOURS = 1;
export const MAX_WAITLIST_OFFER_HOURS = 168;
/** Services created before issue 20 get these when their events are read (upcaster ServiceCreated@1). */
export const selfServiceDefaults = {
  selfServiceEnabled: defaultServiceFields.selfServiceEnabled,
  selfServiceCutoffHours: defaultServiceFields.selfServiceCutoffHours,
  waitlistOfferHours: defaultServiceFields.waitlistOfferHours,
} as const;

export const serviceStream = (serviceId: number): string => `service-${serviceId}`;

/** Bounds of the booking window, in days from today (§9: 1 and 365 by default; one year ahead at most). */
export const MAX_DAYS_AHEAD = 365;
/** The spots a booking takes by default: 1 to 100, as a group session's (§9). */
export const MAX_SERVICE_SPOTS = MAX_GROUP_SPOTS;

/** Fields that must be filled in English and in French (§5 Service: titles and descriptions). */
export const BILINGUAL_REQUIRED_FIELDS = [
  'title',
  'titleFr',
  'description',
  'descriptionFr',
] as const satisfies readonly (keyof ServiceFields)[];

const TRIMMED_FIELDS = [
  'title',
  'titleFr',
  'description',
  'descriptionFr',
  'calendarSelectionHeader',
  'calendarSelectionHeaderFr',
  'dateSelectionHeader',
  'dateSelectionHeaderFr',
  'timeSelectionHeader',
  'timeSelectionHeaderFr',
  'form',
] as const satisfies readonly (keyof ServiceFields)[];

/**
 * The fields as they are kept: one-line texts and the questionnaire trimmed, a questionnaire of 2 characters or
 * fewer (`[]`, `{}`) stored as none, and each calendar once, in the order chosen.
 */
export function normaliseService(fields: ServiceFields): ServiceFields {
  const normalised: ServiceFields = { ...fields, calendarIds: [...new Set(fields.calendarIds)] };
  for (const field of TRIMMED_FIELDS) normalised[field] = fields[field].trim();
  if (normalised.form.length <= 2) normalised.form = '';
  return normalised;
}

const isWholeNumberBetween = (value: number, min: number, max: number) =>
  Number.isInteger(value) && value >= min && value <= max;

/**
 * The first §5 Service rule that normalised fields break, as a refusal naming the field; null when they are valid.
 * The texts the form also requires (pages, headers) and at least one calendar are the API's checks; that the
 * calendars exist is looked up by the command handler.
 */
export function serviceProblem(fields: ServiceFields): DomainError | null {
  const refuse = (field: keyof ServiceFields, message: string) =>
    new DomainError('VALIDATION_FAILED', message, { field });
  for (const field of BILINGUAL_REQUIRED_FIELDS) {
    if (!fields[field]) return refuse(field, 'A service needs its title and description in English and in French.');
  }
  if (!isWholeNumberBetween(fields.minDaysAhead, 0, MAX_DAYS_AHEAD))
    return refuse('minDaysAhead', `The minimum days ahead is a whole number from 0 to ${MAX_DAYS_AHEAD}.`);
  if (!isWholeNumberBetween(fields.maxDaysAhead, 0, MAX_DAYS_AHEAD))
    return refuse('maxDaysAhead', `The maximum days ahead is a whole number from 0 to ${MAX_DAYS_AHEAD}.`);
  if (fields.minDaysAhead > fields.maxDaysAhead) {
    return new DomainError('INVALID_BOOKING_WINDOW', 'The minimum days ahead cannot exceed the maximum days ahead.', {
      field: 'minDaysAhead',
    });
  }
  if (!(DURATION_CHOICES as readonly number[]).includes(fields.defaultDuration)) {
    return new DomainError('INVALID_DURATION', 'The default duration must be one of the offered durations.', {
      field: 'defaultDuration',
    });
  }
  if (!isWholeNumberBetween(fields.defaultSpots, 1, MAX_SERVICE_SPOTS))
    return refuse('defaultSpots', `The default spots are a whole number from 1 to ${MAX_SERVICE_SPOTS}.`);
  const issues = questionnaireIssues(fields.form);
  if (issues.length > 0) {
    return new DomainError('INVALID_QUESTIONNAIRE', `The questionnaire is not valid: ${issues[0]!.message}`, {
      field: 'form',
      issues,
    });
  }
  return null;
}
