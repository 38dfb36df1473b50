/** A client field a calendar asks for (§3 Calendar `fields`), with its code options when it has any. */
export interface CalendarField {
  name: string;
  required: boolean;
  options?: string[];
}

/**
 * A calendar's settings (§3 Calendar). Lanes, dates and timeslots are the scheduling issue's; this is what staff
 * set on the calendar itself.
 */
export interface CalendarSettings {
  name: string;
  description: string;
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
  emailsEnabled: boolean;
  notificationTemplateId: number | null;
  reminderTemplateId: number | null;
  /** Days before an appointment that the reminder goes out. */
  reminderThreshold: number;
}

/** §3 defaults of a new calendar. */
export const defaultCalendarSettings: CalendarSettings = {
  name: '',
  description: '',
  enabled: false,
  syncEnabled: true,
  showOnDashboard: true,
  groupSession: false,
  spots: 1,
  allowMultipleClients: false,
  locationId: null,
  categoryId: null,
  lockTime: 300,
  fields: [
    { name: 'firstName', required: true },
    { name: 'lastName', required: true },
  ],
  emailsEnabled: false,
  notificationTemplateId: 1,
  reminderTemplateId: 1,
  reminderThreshold: 2,
};

export const MIN_LOCK_TIME = 300;

export const calendarStream = (calendarId: number): string => `calendar-${calendarId}`;
