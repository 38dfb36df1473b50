import type { ApiIssue } from '../../shared/errorMessages';
import {
  defaultCalendarSettings,
  MAX_EXTRA_REMINDER_DAYS,
  MAX_GROUP_SPOTS,
  MAX_REMINDER_DAYS_BEFORE,
  MIN_LOCK_TIME,
  type CalendarSettings,
} from '../../../../domain/calendars/calendar';
import {
  ALWAYS_REQUIRED_FIELDS,
  fieldProblem,
  normaliseFields,
  type CalendarField,
  type ClientFieldName,
  type CodeGroup,
} from '../../../../domain/calendars/fields';
import { editableLanes, laneProblemOf, laneProblems, lanesToSave, type LaneProblemKey } from './lanes/laneRules';
import type { Language } from '../../i18n/languages';
import type { Calendar, CalendarBody } from './types';

/**
 * The pure side of the calendar form (§2.3, §3, §5): its values, the §5 checks with the field each problem belongs
 * to, the body sent and the server's refusals mapped onto fields. The rules themselves are the domain's (defaults,
 * lane and field normalisation, lane and field checks) and the lanes editor's (lanes/laneRules.ts); this file only
 * applies them to a form.
 */
export type CalendarFormMode = 'new' | 'edit' | 'copy';

/** The domain's calendar settings (§3 Calendar), with the numbers as typed. */
export interface CalendarFormValues extends Omit<
  CalendarSettings,
  'spots' | 'lockTime' | 'reminderThreshold' | 'extraReminderDays'
> {
  /** Text of a number input: checked, then sent as a number. */
  spots: string;
  /** The lock time in minutes (the API keeps seconds). */
  lockMinutes: string;
  /** Days, as typed. */
  reminderThreshold: string;
  /** The extra reminders' days as typed, one box each (MAX_EXTRA_REMINDER_DAYS); a blank box is none. */
  extraReminderDays: string[];
}

export type FormProblemKey =
  | 'nameRequired'
  | 'nameFrRequired'
  | 'locationRequired'
  | 'categoryRequired'
  | 'lockTimeRange'
  | 'spotsRange'
  | 'notificationTemplateRequired'
  | 'reminderTemplateRequired'
  | 'reminderThresholdRange'
  | 'extraReminderDaysInvalid'
  | 'codesRequired'
  | 'unknownLocation'
  | 'unknownCategory'
  | 'unknownTemplate'
  | 'invalidField';

/** A problem of the form's own (its message under calendarForm.problems) or of its lanes (under lanes.problems). */
export type ProblemKey = FormProblemKey | LaneProblemKey;

/**
 * Problems by field, the field named by its API path joined with dots: 'name', 'locationId', 'fields.codes',
 * 'lanes.1.endTime'... The value is the key of the message under calendarForm.problems or lanes.problems.
 */
export type CalendarFormProblems = Record<string, ProblemKey>;

export type TabId = 'general' | 'fields' | 'schedule' | 'emails';
export const tabIds: readonly TabId[] = ['general', 'fields', 'schedule', 'emails'];

const emailFields = [
  'emailsEnabled',
  'notificationTemplateId',
  'reminderTemplateId',
  'reminderThreshold',
  'extraReminderDays',
];

/** The tab a problem's field is on. */
export function tabOf(field: string): TabId {
  const head = field.split('.')[0] ?? '';
  if (head === 'fields') return 'fields';
  if (head === 'lanes') return 'schedule';
  if (emailFields.includes(head)) return 'emails';
  return 'general';
}

export const problemsOfTab = (problems: CalendarFormProblems, tab: TabId): string[] =>
  Object.keys(problems).filter((field) => tabOf(field) === tab);

const minutesText = (seconds: number) => String(Math.round((seconds / 60) * 100) / 100);

/**
 * The values a form starts with: §3's defaults for a new calendar; the calendar itself to edit; for a copy, the
 * calendar with its names made by `copyName` in their own language ('Copy of …', 'Copie de …') and no ids
 * (calendar or lane), so that saving creates a new one.
 */
export function initialValues(
  mode: CalendarFormMode,
  calendar: Calendar | undefined,
  copyName: (name: string, language: Language) => string,
  /** A new calendar's settings handed over by another screen (a request form), over §3's defaults. */
  prefill?: Partial<CalendarSettings>,
): CalendarFormValues {
  const start = { ...defaultCalendarSettings, ...prefill };
  const source = calendar ?? start;
  const lanes = editableLanes(calendar ? (calendar.lanes ?? []) : start.lanes, mode === 'edit');
  const copied = mode === 'copy' && calendar !== undefined;
  return {
    name: copied ? copyName(calendar.name, 'en') : source.name,
    nameFr: copied && calendar.nameFr !== '' ? copyName(calendar.nameFr, 'fr') : source.nameFr,
    description: source.description,
    descriptionFr: source.descriptionFr,
    enabled: source.enabled,
    syncEnabled: source.syncEnabled,
    showOnDashboard: source.showOnDashboard,
    groupSession: source.groupSession,
    spots: String(source.spots),
    allowMultipleClients: source.allowMultipleClients,
    locationId: source.locationId,
    categoryId: source.categoryId,
    lockMinutes: minutesText(source.lockTime),
    fields: normaliseFields(source.fields),
    lanes: lanes.length > 0 ? lanes : editableLanes(defaultCalendarSettings.lanes, false),
    emailsEnabled: source.emailsEnabled,
    notificationTemplateId: source.notificationTemplateId,
    reminderTemplateId: source.reminderTemplateId,
    reminderThreshold: source.reminderThreshold === null ? '' : String(source.reminderThreshold),
    extraReminderDays: Array.from({ length: MAX_EXTRA_REMINDER_DAYS }, (_, index) => {
      const days = (source.extraReminderDays ?? [])[index];
      return days === undefined ? '' : String(days);
    }),
  };
}

/** The extra reminders' days typed (blank boxes left out), or null when one is not a whole number of 0 to 365. */
function extraDays(values: Pick<CalendarFormValues, 'extraReminderDays'>): number[] | null {
  const typed = values.extraReminderDays.filter((text) => text.trim() !== '').map(wholeNumber);
  if (typed.some((days) => days === null || days < 0 || days > MAX_REMINDER_DAYS_BEFORE)) return null;
  return typed as number[];
}

/** A whole number typed into a number input, or null. */
function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** The lock time in seconds, or null when the minutes typed are not a number. */
export function lockSeconds(minutes: string): number | null {
  const trimmed = minutes.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 60);
}

export const MAX_LOCK_TIME = 86_400;
export const MAX_REMINDER_DAYS = 60;

/** Every §5 Calendar problem of the values, on its field (the domain gives one problem per lane: its first). */
export function validateCalendar(values: CalendarFormValues): CalendarFormProblems {
  const problems: CalendarFormProblems = {};
  if (values.name.trim() === '') problems.name = 'nameRequired';
  // Not required by the API (§7's client and older calendars have none), but staff of a bilingual unit give both.
  if (values.nameFr.trim() === '') problems.nameFr = 'nameFrRequired';
  if (values.locationId === null) problems.locationId = 'locationRequired';
  if (values.categoryId === null) problems.categoryId = 'categoryRequired';
  const lock = lockSeconds(values.lockMinutes);
  if (lock === null || lock < MIN_LOCK_TIME || lock > MAX_LOCK_TIME) problems.lockTime = 'lockTimeRange';
  if (values.groupSession) {
    const spots = wholeNumber(values.spots);
    if (spots === null || spots < 1 || spots > MAX_GROUP_SPOTS) problems.spots = 'spotsRange';
  }
  if (values.emailsEnabled) {
    if (values.notificationTemplateId === null) problems.notificationTemplateId = 'notificationTemplateRequired';
    if (values.reminderTemplateId === null) problems.reminderTemplateId = 'reminderTemplateRequired';
    const days = wholeNumber(values.reminderThreshold);
    if (days === null || days < 0 || days > MAX_REMINDER_DAYS) problems.reminderThreshold = 'reminderThresholdRange';
    const extra = extraDays(values);
    if (extra === null || new Set([days, ...extra]).size !== extra.length + 1)
      problems.extraReminderDays = 'extraReminderDaysInvalid';
  }
  if (fieldProblem(values.fields)) problems['fields.codes'] = 'codesRequired';
  return { ...problems, ...laneProblems(values.lanes) };
}

/** The body of POST /api/calendars or PUT /api/calendars/{id}, from values that passed validateCalendar. */
export function toCalendarBody(values: CalendarFormValues): CalendarBody {
  const spots = wholeNumber(values.spots);
  const threshold = wholeNumber(values.reminderThreshold);
  return {
    name: values.name.trim(),
    nameFr: values.nameFr.trim(),
    description: values.description.trim(),
    descriptionFr: values.descriptionFr.trim(),
    enabled: values.enabled,
    syncEnabled: values.syncEnabled,
    showOnDashboard: values.showOnDashboard,
    groupSession: values.groupSession,
    spots: spots !== null && spots >= 1 && spots <= MAX_GROUP_SPOTS ? spots : 1,
    allowMultipleClients: values.allowMultipleClients,
    locationId: values.locationId ?? 0,
    categoryId: values.categoryId ?? 0,
    lockTime: lockSeconds(values.lockMinutes) ?? MIN_LOCK_TIME,
    fields: normaliseFields(values.fields),
    lanes: lanesToSave(values.lanes),
    emailsEnabled: values.emailsEnabled,
    notificationTemplateId: values.notificationTemplateId,
    reminderTemplateId: values.reminderTemplateId,
    reminderThreshold: threshold !== null && threshold >= 0 && threshold <= MAX_REMINDER_DAYS ? threshold : null,
    extraReminderDays: extraDays(values) ?? [],
  };
}

/** Top-level fields that have a place of their own on the form, and the message a refusal of each shows. */
const topLevelProblems: Record<string, ProblemKey> = {
  name: 'nameRequired',
  nameFr: 'invalidField',
  description: 'invalidField',
  descriptionFr: 'invalidField',
  locationId: 'locationRequired',
  categoryId: 'categoryRequired',
  lockTime: 'lockTimeRange',
  spots: 'spotsRange',
  notificationTemplateId: 'notificationTemplateRequired',
  reminderTemplateId: 'reminderTemplateRequired',
  reminderThreshold: 'reminderThresholdRange',
  extraReminderDays: 'extraReminderDaysInvalid',
};
const laneProperties = ['name', 'startTime', 'endTime', 'slotInterval', 'durations', 'bookableSlots', 'breakSlots'];
const codeProblems: Record<string, ProblemKey> = {
  UNKNOWN_LOCATION: 'unknownLocation',
  UNKNOWN_CATEGORY: 'unknownCategory',
  UNKNOWN_TEMPLATE: 'unknownTemplate',
  LANES_REQUIRED: 'lanesRequired',
};

/** The form field an API path names ('lanes.0.endTime', ['lanes', 0, 'durations', 2, 'value']...), if the form shows it. */
export function fieldOfPath(
  path: readonly (string | number)[],
  sent: Pick<CalendarBody, 'fields'>,
): string | undefined {
  const parts = path.flatMap((part) => (typeof part === 'string' ? part.split('.') : [String(part)]));
  const [head, second, third] = parts;
  if (head === undefined) return undefined;
  if (head in topLevelProblems) return head;
  if (head === 'lanes') {
    if (second === undefined || !/^\d+$/.test(second)) return 'lanes';
    return third !== undefined && laneProperties.includes(third) ? `lanes.${second}.${third}` : `lanes.${second}.name`;
  }
  if (head === 'fields') {
    const named = second !== undefined && /^\d+$/.test(second) ? sent.fields?.[Number(second)]?.name : second;
    return named === 'codes' ? 'fields.codes' : 'fields';
  }
  return undefined;
}

/** The server's refusals (400 VALIDATION_FAILED, LANES_REQUIRED, UNKNOWN_...) on their fields; others go above the form. */
export function problemsFromIssues(
  code: string | undefined,
  issues: readonly ApiIssue[],
  sent: Pick<CalendarBody, 'fields'>,
): CalendarFormProblems {
  const problems: CalendarFormProblems = {};
  if (code === undefined || (code !== 'VALIDATION_FAILED' && !(code in codeProblems))) return problems;
  for (const issue of issues) {
    const field = fieldOfPath(issue.path, sent);
    if (!field || problems[field]) continue;
    const byCode = codeProblems[code];
    const property = field.startsWith('lanes.') ? field.split('.')[2] : undefined;
    problems[field] =
      byCode ??
      (property
        ? (laneProblemOf(property) ?? 'invalidField')
        : field === 'fields.codes'
          ? 'codesRequired'
          : (topLevelProblems[field] ?? 'invalidField'));
  }
  if (code === 'LANES_REQUIRED' && Object.keys(problems).length === 0) problems.lanes = 'lanesRequired';
  return problems;
}

// ---- fields tab ----

export const isAlwaysRequired = (name: ClientFieldName) => ALWAYS_REQUIRED_FIELDS.includes(name);
export const fieldOf = (fields: readonly CalendarField[], name: ClientFieldName) =>
  fields.find((field) => field.name === name);

/** Turns a client field on (optional; codes start in the All category with no code chosen) or off. */
export function setFieldUsed(fields: readonly CalendarField[], name: ClientFieldName, used: boolean): CalendarField[] {
  if (isAlwaysRequired(name)) return [...fields];
  const rest = fields.filter((field) => field.name !== name);
  if (!used) return rest;
  const added: CalendarField =
    name === 'codes' ? { name, required: false, category: 'All', options: [] } : { name, required: false };
  return normaliseFields([...rest, added]);
}

export function setFieldRequired(
  fields: readonly CalendarField[],
  name: ClientFieldName,
  required: boolean,
): CalendarField[] {
  if (isAlwaysRequired(name)) return [...fields];
  return fields.map((field) => (field.name === name ? { ...field, required } : field));
}

/** The code category of the codes field; a named group brings its own codes (the domain's normaliseFields). */
export function setCodeCategory(fields: readonly CalendarField[], category: CodeGroup): CalendarField[] {
  return normaliseFields(
    fields.map((field) =>
      field.name === 'codes' ? { ...field, category, options: category === 'All' ? [] : field.options } : field,
    ),
  );
}

export function setCodeChosen(fields: readonly CalendarField[], code: string, chosen: boolean): CalendarField[] {
  return normaliseFields(
    fields.map((field) => {
      if (field.name !== 'codes') return field;
      const options = field.options ?? [];
      return { ...field, options: chosen ? [...options, code] : options.filter((option) => option !== code) };
    }),
  );
}
