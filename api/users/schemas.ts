import { z } from 'zod';
import { acceptingReadOnlyFields } from '../representation-body';
import { recordId, recordIdParam } from '../shared-schemas';
import { failedPasswordRules } from '../../domain/users/password-policy';
import { ROLES } from '../../domain/users/user';

const ids = z.array(recordId).max(1000);

export const userIdParams = z.strictObject({ id: recordIdParam });

/** A password meeting §5 (domain/users/password-policy.ts): one issue per broken rule, with the rule's message. */
export const newPassword = z.string().superRefine((value, context) => {
  for (const rule of failedPasswordRules(value)) context.addIssue({ code: 'custom', message: rule.message });
});

const userFields = {
  email: z.string().trim().toLowerCase().email().max(180),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  position: z.string().trim().max(100).default(''),
  enabled: z.boolean().default(true),
  /** Only a System Administrator may set roles; others leave them out (a new user is then a Basic User). */
  roles: z.array(z.enum(ROLES)).min(1).max(4).optional(),
  /**
   * Only a System Administrator may set a password. On create (§5) it is required, unless `sendPasswordLink` chooses
   * to e-mail the user a link to set it (400 PASSWORD_REQUIRED otherwise).
   */
  password: newPassword.optional(),
  /** Required (400 CALENDARS_REQUIRED when empty) unless the roles give access to all calendars (§5). */
  calendarIds: ids.default([]),
  categoryIds: ids.default([]),
  locationIds: ids.default([]),
};

export const userBody = z.strictObject(userFields);

/** POST users: the fields, and the explicit choice to e-mail the new user a link to set their password. */
export const userCreateBody = z.strictObject({
  ...userFields,
  sendPasswordLink: z
    .boolean()
    .default(false)
    .meta({ description: 'E-mail the new user a single-use link (valid 7 days) to choose their password' }),
});

export const userResponse = z.object({
  /** Null when the viewer may not edit this user (an all-access user shown to a Calendar Administrator). */
  id: recordId.nullable(),
  name: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  position: z.string(),
  enabled: z.boolean(),
  roles: z.array(z.enum(ROLES)),
  /** Admins and System Administrators see every calendar: the form shows a notice instead of the access tab. */
  allCalendars: z.boolean(),
  calendarIds: z.array(z.number().int()),
  categoryIds: z.array(z.number().int()),
  locationIds: z.array(z.number().int()),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastLoginAt: z.string().nullable(),
});

/** PUT users/{id}: the fields of the form, or the user as GET answered it (its read-only fields ignored). */
export const userPutBody = acceptingReadOnlyFields(userBody, userResponse);

export const userList = z.object({ items: z.array(userResponse) });
export const userCreated = z.object({ id: recordId });
