import { z } from 'zod';
import { acceptingReadOnlyFields } from '../representation-body';
import { recordId, recordIdParam, queryFlag } from '../shared-schemas';
import { MAX_EXTRA_REMINDER_DAYS, MAX_REMINDER_DAYS_BEFORE } from '../../domain/calendars/calendar';
import { CLIENT_FIELDS, CODE_GROUPS } from '../../domain/calendars/fields';
import { TIME_OF_DAY } from '../../domain/calendars/time-of-day';
import { OFFICE_REGIONS } from '../../domain/locations/location';
import { ROLES } from '../../domain/users/user';

export const timeOfDay = z.string().regex(TIME_OF_DAY, 'A time of day HH:MM:SS');

export const calendarIdParams = z.strictObject({ id: recordIdParam });

/** Flags of §7 `GET calendars`: lanes and users add those lists; location and category are always included. */
export const calendarListQuery = z.strictObject({
  enabled: queryFlag.optional(),
  excludeGroupSessions: queryFlag.optional(),
  lanes: queryFlag.optional(),
  location: queryFlag.optional(),
  category: queryFlag.optional(),
  users: queryFlag.optional(),
});
export const calendarQuery = calendarListQuery.pick({ lanes: true, location: true, category: true, users: true });

export const laneDuration = z.strictObject({
  value: z.number().int().positive(),
  label: z.string().max(50).default(''),
  isDefault: z.boolean().default(false),
});

/** §3 Lane. A lane without an id is new: the server gives it one. */
export const lane = z.strictObject({
  id: recordId.nullable().default(null),
  name: z.string().trim().min(1).max(100),
  startTime: timeOfDay,
  endTime: timeOfDay,
  durations: z.array(laneDuration).min(1).max(8),
  slotInterval: z.number().int().positive(),
  bookableSlots: z.array(timeOfDay).max(288).default([]),
  breakSlots: z.array(timeOfDay).max(288).default([]),
});
export const savedLane = lane.extend({ id: recordId });

export const calendarField = z.strictObject({
  name: z.enum(CLIENT_FIELDS),
  required: z.boolean().default(false),
  category: z.enum(CODE_GROUPS).optional(),
  options: z.array(z.string().max(20)).max(200).optional(),
});

/**
 * §3 Calendar settings as the form sends them (POST and PUT); defaults are those of a new calendar. The French
 * name and description (beyond §3) follow the rules of the English ones, but may be left empty: §7's client and
 * the calendars made before them have none, and the French public pages then show the English texts.
 */
export const calendarBody = z.strictObject({
  name: z.string().trim().min(1).max(150),
  description: z.string().trim().max(2000).default(''),
  nameFr: z.string().trim().max(150).default('').describe('French name; empty: the French pages show `name`'),
  descriptionFr: z
    .string()
    .trim()
    .max(2000)
    .default('')
    .describe('French description; empty: the French pages show `description`'),
  enabled: z.boolean().default(false),
  syncEnabled: z.boolean().default(true),
  showOnDashboard: z.boolean().default(true),
  groupSession: z.boolean().default(false),
  spots: z.number().int().min(1).max(100).default(1),
  allowMultipleClients: z.boolean().default(false),
  locationId: recordId,
  categoryId: recordId,
  lockTime: z.number().int().min(300).max(86_400).default(300),
  fields: z.array(calendarField).max(30).default([]),
  lanes: z.array(lane).min(1).max(20),
  emailsEnabled: z.boolean().default(false),
  notificationTemplateId: recordId.nullable().default(1),
  reminderTemplateId: recordId.nullable().default(1),
  reminderThreshold: z.number().int().min(0).max(60).nullable().default(2),
  extraReminderDays: z
    .array(z.number().int().min(0).max(MAX_REMINDER_DAYS_BEFORE))
    .max(MAX_EXTRA_REMINDER_DAYS)
    .default([])
    .describe('More reminders, days before the appointment (issue 19): distinct, none equal to reminderThreshold'),
});

const locationSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  nameFr: z.string(),
  isVirtual: z.boolean(),
  address: z.string(),
  addressFr: z.string(),
  city: z.string(),
  postalCode: z.string(),
  officeRegion: z.enum(OFFICE_REGIONS),
});
const categorySummary = z.object({ id: z.number().int(), name: z.string() });

export const calendarResponse = z.object(calendarBody.shape).extend({
  id: z.number().int(),
  lanes: z.array(savedLane).optional(),
  locationId: z.number().int().nullable(),
  categoryId: z.number().int().nullable(),
  location: locationSummary.nullable(),
  category: categorySummary.nullable(),
  /** With the users flag: who has access besides administrators. */
  users: z.array(z.object({ id: z.number().int(), name: z.string() })).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const calendarList = z.object({ items: z.array(calendarResponse) });

/** PUT /api/calendars/{id}: the settings, or the whole calendar as GET answered it (its read-only fields ignored). */
export const calendarPutBody = acceptingReadOnlyFields(calendarBody, calendarResponse);

export const calendarUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(ROLES)),
  enabled: z.boolean(),
  /** Administrators always have access (§2.3); the others per their calendar list. */
  allCalendars: z.boolean(),
  access: z.boolean(),
  categoryIds: z.array(z.number().int()),
  locationIds: z.array(z.number().int()),
  calendarIds: z.array(z.number().int()),
});
export const calendarUserList = z.object({ items: z.array(calendarUser) });

/** The users who should have access to the calendar, besides administrators; everyone else loses it. */
export const calendarUsersBody = z.strictObject({ userIds: z.array(z.number().int().positive()).max(10_000) });
export const calendarUsersChanged = z.object({ changed: z.number().int() });
