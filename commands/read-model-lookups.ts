import type { LaneDate } from '../domain/calendar-dates/calendar-date';
import type { SessionDate } from '../domain/group-session-series/series';
import type { TemplateFields } from '../domain/templates/template';

/**
 * What command handlers look up in the read models before they decide. commands/ owns this port and never imports
 * projections/: the API wires it to the projections' queries (api/read-model-lookups.ts). Each answer carries only
 * what a handler uses.
 */
export interface ReadModelLookups {
  userById(userId: number): Promise<UserAccount | undefined>;
  userByEmail(email: string): Promise<UserAccount | undefined>;
  userIdByResetDigest(codeDigest: string): Promise<number | undefined>;
  /** A staff member's name as lists show it ('First Last'). */
  staffMember(userId: number): Promise<{ id: number; name: string } | undefined>;
  /** The e-mail addresses of the enabled Calendar and System Administrators. */
  administratorEmails(): Promise<string[]>;
  /** The ids among `ids` of calendars that exist. */
  calendarsAmong(ids: readonly number[]): Promise<{ id: number }[]>;
  calendarsAtLocation(locationId: number): Promise<number>;
  calendarsInCategory(categoryId: number): Promise<number>;
  calendarsSendingTemplate(templateId: number): Promise<number>;
  category(categoryId: number): Promise<{ isDefault: boolean } | undefined>;
  location(locationId: number): Promise<{ id: number } | undefined>;
  template(templateId: number): Promise<(TemplateFields & { fromEmail: string }) | undefined>;
  calendar(calendarId: number): Promise<MailCalendar | undefined>;
  /** A series' sessions as they are now, after any move. */
  sessionDates(seriesId: number): Promise<SessionDate[]>;
  /** The calendar date a lane belongs to now (lanes move with their date), with its series on a group-session calendar. */
  dateOfLane(laneId: number): Promise<LaneDate | undefined>;
}

export interface UserAccount {
  id: number;
  email: string;
}

export interface MailLocation {
  name: string;
  nameFr: string;
  isVirtual: boolean;
  address: string;
  addressFr: string;
  city: string;
  postalCode: string;
}

export interface MailCalendar {
  id: number;
  name: string;
  nameFr: string;
  emailsEnabled: boolean;
  notificationTemplateId: number | null;
  /** The template of reminder e-mails (issue 19); absent is none. */
  reminderTemplateId?: number | null;
  location: MailLocation | null;
}

export type { LaneDate };
