import { DURATION_CHOICES } from '../../../../../domain/calendars/lane';
import { questionnaireIssues } from '../../../../../domain/services/questionnaire';
import {
  defaultServiceFields,
  MAX_DAYS_AHEAD,
  MAX_SELF_SERVICE_CUTOFF_HOURS,
  MAX_SERVICE_SPOTS,
  MAX_WAITLIST_OFFER_HOURS,
  MIN_WAITLIST_OFFER_HOURS,
  type ServiceFields,
} from '../../../../../domain/services/service';
import type { ApiIssue } from '../../../shared/errorMessages';
import type { Service, ServiceBody } from './types';

/**
 * The pure side of the service form (§2.3, §3 Service, §5, §9): its values, the checks before sending with the
 * field each problem belongs to, the tab a field is on, the body sent and the server's refusals on their fields.
 * The questionnaire is checked by the domain's own rules (domain/services/questionnaire.ts), as the server does.
 */

/** The domain's service fields, with the numbers as typed. */
export interface ServiceFormValues extends Omit<
  ServiceFields,
  'minDaysAhead' | 'maxDaysAhead' | 'defaultSpots' | 'selfServiceCutoffHours' | 'waitlistOfferHours'
> {
  minDaysAhead: string;
  maxDaysAhead: string;
  defaultSpots: string;
  selfServiceCutoffHours: string;
  waitlistOfferHours: string;
}
export type ServiceField = keyof ServiceFormValues;

export type ProblemKey =
  | 'titleRequired'
  | 'descriptionRequired'
  | 'landingPageRequired'
  | 'confirmationPageRequired'
  | 'headerRequired'
  | 'calendarsRequired'
  | 'unknownCalendar'
  | 'daysRange'
  | 'windowOrder'
  | 'durationChoice'
  | 'spotsRange'
  | 'questionnaireInvalid'
  | 'cutoffRange'
  | 'offerHoursRange'
  | 'invalidField';

/** Problems by field; each value is the key of its message under serviceForm.problems. */
export type ServiceFormProblems = Partial<Record<ServiceField, ProblemKey>>;

export type TabId = 'general' | 'pages' | 'booking' | 'questionnaire';
export const tabIds: readonly TabId[] = ['general', 'pages', 'booking', 'questionnaire'];

export const headerFields = [
  'calendarSelectionHeader',
  'calendarSelectionHeaderFr',
  'dateSelectionHeader',
  'dateSelectionHeaderFr',
  'timeSelectionHeader',
  'timeSelectionHeaderFr',
] as const satisfies readonly ServiceField[];

/** The client-form options of the booking steps tab (§3 Service flags). */
export const clientFormFlags = [
  'consentRequired',
  'emailRequired',
  'removePreferredLanguage',
  'removePhoneAlt',
  'removePhoneDoNotCall',
  'removePhoneAltDoNotCall',
  'removePhoneReminderType',
  'removePrintButton',
] as const satisfies readonly ServiceField[];

/** Issue 20: what the public may do with their booking online, and how long a waitlist offer holds a place. */
export const selfServiceFields = [
  'selfServiceEnabled',
  'selfServiceCutoffHours',
  'waitlistOfferHours',
] as const satisfies readonly ServiceField[];

const requiredFields: Partial<Record<ServiceField, ProblemKey>> = {
  title: 'titleRequired',
  titleFr: 'titleRequired',
  description: 'descriptionRequired',
  descriptionFr: 'descriptionRequired',
  landingPage: 'landingPageRequired',
  landingPageFr: 'landingPageRequired',
  confirmationPage: 'confirmationPageRequired',
  confirmationPageFr: 'confirmationPageRequired',
  ...Object.fromEntries(headerFields.map((field) => [field, 'headerRequired'])),
};

const pagesFields: readonly ServiceField[] = [
  'landingPage',
  'landingPageFr',
  'confirmationPage',
  'confirmationPageFr',
  'emailsEnabled',
  'emailContent',
  'emailContentFr',
];
const bookingFields: readonly ServiceField[] = [...headerFields, ...clientFormFlags, ...selfServiceFields];

/** The tab a field is on. */
export function tabOf(field: ServiceField): TabId {
  if (field === 'form') return 'questionnaire';
  if (pagesFields.includes(field)) return 'pages';
  if (bookingFields.includes(field)) return 'booking';
  return 'general';
}

export const problemsOfTab = (problems: ServiceFormProblems, tab: TabId): ServiceField[] =>
  (Object.keys(problems) as ServiceField[]).filter((field) => tabOf(field) === tab);

/** The fields of §3 of a service as the API answers it (without its id, calendar names and timestamps). */
const fieldsOf = (service: Service): ServiceFields =>
  Object.fromEntries(
    Object.keys(defaultServiceFields).map((key) => [key, service[key as keyof ServiceFields]]),
  ) as unknown as ServiceFields;

/** The values a form starts with: the service itself, or §9's defaults (booking window, headers) for a new one. */
export function initialValues(service: Service | undefined): ServiceFormValues {
  const { minDaysAhead, maxDaysAhead, defaultSpots, selfServiceCutoffHours, waitlistOfferHours, ...rest } = service
    ? fieldsOf(service)
    : defaultServiceFields;
  return {
    ...rest,
    calendarIds: [...rest.calendarIds],
    minDaysAhead: String(minDaysAhead),
    maxDaysAhead: String(maxDaysAhead),
    defaultSpots: String(defaultSpots),
    selfServiceCutoffHours: String(selfServiceCutoffHours),
    waitlistOfferHours: String(waitlistOfferHours),
  };
}

/** A whole number typed into a number input, or null. */
function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : null;
}

const within = (value: number | null, min: number, max: number): value is number =>
  value !== null && value >= min && value <= max;

/** §5 Service: the checks made before sending. */
export function validateService(values: ServiceFormValues): ServiceFormProblems {
  const problems: ServiceFormProblems = {};
  for (const [field, key] of Object.entries(requiredFields) as [ServiceField, ProblemKey][]) {
    if (String(values[field]).trim() === '') problems[field] = key;
  }
  const min = wholeNumber(values.minDaysAhead);
  const max = wholeNumber(values.maxDaysAhead);
  if (!within(min, 0, MAX_DAYS_AHEAD)) problems.minDaysAhead = 'daysRange';
  if (!within(max, 0, MAX_DAYS_AHEAD)) problems.maxDaysAhead = 'daysRange';
  if (within(min, 0, MAX_DAYS_AHEAD) && within(max, 0, MAX_DAYS_AHEAD) && min > max)
    problems.minDaysAhead = 'windowOrder';
  if (!(DURATION_CHOICES as readonly number[]).includes(values.defaultDuration))
    problems.defaultDuration = 'durationChoice';
  if (!within(wholeNumber(values.defaultSpots), 1, MAX_SERVICE_SPOTS)) problems.defaultSpots = 'spotsRange';
  // The cut-off field is off while self-service is: what it holds is then not checked (and not kept if not a number).
  if (
    values.selfServiceEnabled &&
    !within(wholeNumber(values.selfServiceCutoffHours), 0, MAX_SELF_SERVICE_CUTOFF_HOURS)
  )
    problems.selfServiceCutoffHours = 'cutoffRange';
  if (!within(wholeNumber(values.waitlistOfferHours), MIN_WAITLIST_OFFER_HOURS, MAX_WAITLIST_OFFER_HOURS))
    problems.waitlistOfferHours = 'offerHoursRange';
  if (values.calendarIds.length === 0) problems.calendarIds = 'calendarsRequired';
  if (questionnaireIssues(values.form).length > 0) problems.form = 'questionnaireInvalid';
  return problems;
}

/** The cut-off typed, or the default when self-service is off and the disabled field holds no valid number. */
function cutoffHoursOf(values: ServiceFormValues): number {
  const typed = wholeNumber(values.selfServiceCutoffHours);
  return within(typed, 0, MAX_SELF_SERVICE_CUTOFF_HOURS) ? typed : defaultServiceFields.selfServiceCutoffHours;
}

/** The body of POST /api/services or PUT /api/services/{id}, from values that passed validateService. */
export function toServiceBody(values: ServiceFormValues): ServiceBody {
  return {
    ...values,
    title: values.title.trim(),
    titleFr: values.titleFr.trim(),
    description: values.description.trim(),
    descriptionFr: values.descriptionFr.trim(),
    minDaysAhead: wholeNumber(values.minDaysAhead) ?? defaultServiceFields.minDaysAhead,
    maxDaysAhead: wholeNumber(values.maxDaysAhead) ?? defaultServiceFields.maxDaysAhead,
    defaultSpots: wholeNumber(values.defaultSpots) ?? defaultServiceFields.defaultSpots,
    selfServiceCutoffHours: cutoffHoursOf(values),
    waitlistOfferHours: wholeNumber(values.waitlistOfferHours) ?? defaultServiceFields.waitlistOfferHours,
    form: values.form.trim(),
  };
}

const refusalsByCode: Record<string, { field: ServiceField; problem: ProblemKey }> = {
  INVALID_BOOKING_WINDOW: { field: 'minDaysAhead', problem: 'windowOrder' },
  INVALID_DURATION: { field: 'defaultDuration', problem: 'durationChoice' },
  UNKNOWN_CALENDAR: { field: 'calendarIds', problem: 'unknownCalendar' },
  INVALID_QUESTIONNAIRE: { field: 'form', problem: 'questionnaireInvalid' },
};

const isField = (name: unknown): name is ServiceField =>
  typeof name === 'string' && Object.hasOwn(defaultServiceFields, name);

/** The server's refusals on their fields (400 with issues, or a domain code naming one); others go above the form. */
export function problemsFromIssues(code: string | undefined, issues: readonly ApiIssue[]): ServiceFormProblems {
  const problems: ServiceFormProblems = {};
  const byCode = code === undefined ? undefined : refusalsByCode[code];
  if (byCode) {
    problems[byCode.field] = byCode.problem;
    return problems;
  }
  if (code !== 'VALIDATION_FAILED') return problems;
  for (const issue of issues) {
    const field = issue.path[0];
    if (!isField(field) || problems[field]) continue;
    if (field === 'form') problems.form = 'questionnaireInvalid';
    else if (field === 'calendarIds') problems.calendarIds = 'calendarsRequired';
    else if (field === 'minDaysAhead' || field === 'maxDaysAhead') problems[field] = 'daysRange';
    else if (field === 'defaultSpots') problems.defaultSpots = 'spotsRange';
    else if (field === 'selfServiceCutoffHours') problems.selfServiceCutoffHours = 'cutoffRange';
    else if (field === 'waitlistOfferHours') problems.waitlistOfferHours = 'offerHoursRange';
    else problems[field] = requiredFields[field] ?? 'invalidField';
  }
  return problems;
}
