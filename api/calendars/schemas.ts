import { z } from 'zod';
import { ROLES } from '../../domain/users/user';

const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

export const calendarIdParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Flags of §7 `GET calendars`; the scheduling issue adds lanes, location, category and users. */
export const calendarListQuery = z.strictObject({
  enabled: flag.optional(),
  excludeGroupSessions: flag.optional(),
});

export const calendarSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  groupSession: z.boolean(),
  locationId: z.number().int().nullable(),
  categoryId: z.number().int().nullable(),
});
export const calendarList = z.object({ items: z.array(calendarSummary) });

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
