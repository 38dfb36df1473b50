import { DomainError } from '../shared/decider';
import { defaultFields, fieldProblem, normaliseFields, type CalendarField } from './fields';
import { defaultLane, laneProblem, normaliseLane, type Lane } from './lane';

export type { CalendarField } from './fields';

/** A calendar's settings (§3 Calendar): what staff set on the calendar form. */
export interface CalendarSettings {
  name: string;
  description: string;
  /**
   * The French name and description (beyond §3, like a location's `nameFr`), shown on the French public pages.
   * Empty when staff have not given one (calendars made before they existed): those pages then show the English.
   */
  nameFr: string;
  descriptionFr: string;
  enabled: boolean;
  syncEnabled: boolean;
  showOnDashboard: boolean;
  groupSession: boolean;
  /** Default spots of a group session. */
  spots: number;
  allowMultipleClients: boolean;
  locationId: number | null;
  categoryId: number | null;
  /** How long a slot stays held while a form is filled, in seconds (at least 300). */
  lockTime: number;
  fields: CalendarField[];
  /** The lanes new dates start with. */
  lanes: Lane[];
  emailsEnabled: boolean;
  notificationTemplateId: number | null;
  reminderTemplateId: number | null;
  /** Days before an appointment that the reminder goes out. */
  reminderThreshold: number | null;
  /** More reminders, these many days before (issue 19 item 5): at most two, each distinct from the threshold. */
  extraReminderDays: number[];
}

export const MIN_LOCK_TIME = 300;
export const MAX_GROUP_SPOTS = 100;

/** §3 defaults of a new calendar. */
export const defaultCalendarSettings: CalendarSettings = {
  name: '',
  description: '',
  nameFr: '',
  descriptionFr: '',
  enabled: false,
  syncEnabled: true,
  showOnDashboard: true,
  groupSession: false,
  spots: 1,
  allowMultipleClients: false,
  locationId: null,
  categoryId: null,
  lockTime: MIN_LOCK_TIME,
  fields: defaultFields(),
  lanes: [defaultLane()],
  emailsEnabled: false,
  notificationTemplateId: 1,
  reminderTemplateId: 1,
  reminderThreshold: 2,
  extraReminderDays: [],
};

export const MAX_EXTRA_REMINDER_DAYS = 2;
export const MAX_REMINDER_DAYS_BEFORE = 365;

export const calendarStream = (calendarId: number): string => `calendar-${calendarId}`;

/** The settings as they are kept: names trimmed, lanes and fields normalised by the rules of §5. */
export function normaliseCalendar(settings: CalendarSettings): CalendarSettings {
  return {
    ...settings,
    name: settings.name.trim(),
    description: settings.description.trim(),
    nameFr: settings.nameFr.trim(),
    descriptionFr: settings.descriptionFr.trim(),
    fields: normaliseFields(settings.fields),
    lanes: settings.lanes.map(normaliseLane),
  };
}

/** The first §5 Calendar rule the settings break, as a refusal naming the field; null when they are valid. */
export function calendarProblem(settings: CalendarSettings): DomainError | null {
  const refuse = (field: string, message: string) => new DomainError('VALIDATION_FAILED', message, { field });
  if (!settings.name) return refuse('name', 'A calendar needs a name.');
  if (settings.locationId === null) return refuse('locationId', 'Choose a location.');
  if (settings.categoryId === null) return refuse('categoryId', 'Choose a category.');
  if (!Number.isInteger(settings.lockTime) || settings.lockTime < MIN_LOCK_TIME) {
    return refuse('lockTime', `The lock time is at least ${MIN_LOCK_TIME} seconds.`);
  }
  if (settings.groupSession && (settings.spots < 1 || settings.spots > MAX_GROUP_SPOTS)) {
    return refuse('spots', `A group session has between 1 and ${MAX_GROUP_SPOTS} spots.`);
  }
  if (settings.emailsEnabled) {
    if (settings.notificationTemplateId === null)
      return refuse('notificationTemplateId', 'Choose a confirmation template.');
    if (settings.reminderTemplateId === null) return refuse('reminderTemplateId', 'Choose a reminder template.');
    if (settings.reminderThreshold === null) return refuse('reminderThreshold', 'Enter the reminder threshold.');
    const extraDaysProblem = extraReminderDaysProblem(settings.extraReminderDays, settings.reminderThreshold);
    if (extraDaysProblem) return refuse('extraReminderDays', extraDaysProblem);
  }
  return fieldProblem(settings.fields) ?? laneProblem(settings.lanes);
}

/** Why the extra reminder days are refused, or null: at most two whole days up to a year, none twice nor the threshold. */
function extraReminderDaysProblem(days: readonly number[], threshold: number): string | null {
  if (days.length > MAX_EXTRA_REMINDER_DAYS) return `At most ${MAX_EXTRA_REMINDER_DAYS} more reminders.`;
  if (days.some((day) => !Number.isInteger(day) || day < 0 || day > MAX_REMINDER_DAYS_BEFORE))
    return `A reminder goes 0 to ${MAX_REMINDER_DAYS_BEFORE} days before.`;
  if (new Set([threshold, ...days]).size !== days.length + 1) return 'Each reminder needs a different number of days.';
  return null;
}
