export const ROLES = ['ROLE_ROOT', 'ROLE_ADMIN', 'ROLE_FRONTEND', 'ROLE_USER', 'ROLE_AUDITOR'] as const;
export type Role = (typeof ROLES)[number];

/** Who the user is (§3 User). */
export interface UserProfile {
  email: string;
  firstName: string;
  lastName: string;
  position: string;
}

/** What the user may see when they are not an administrator. */
export interface UserAccess {
  calendarIds: number[];
  categoryIds: number[];
  locationIds: number[];
}

/** A user "has admin rights when they hold admin or root" (§6), and then sees every calendar. */
export const hasAdminRights = (roles: readonly Role[]): boolean =>
  roles.includes('ROLE_ROOT') || roles.includes('ROLE_ADMIN');

/**
 * §5: a user's calendars are required, unless their roles give access to every calendar. An Auditor (issue 18) reads
 * the audit screens only, so a user who is nothing else needs none.
 */
export const needsCalendars = (roles: readonly Role[]): boolean =>
  !hasAdminRights(roles) && roles.some((role) => role !== 'ROLE_AUDITOR');

export const userStream = (userId: number): string => `user-${userId}`;

/** Sign-in codes: valid 10 minutes, void after 5 wrong tries, at most 3 sent per 15 minutes. */
export const SIGN_IN_CODE_TTL_MS = 10 * 60_000;
export const SIGN_IN_CODE_MAX_TRIES = 5;
export const SIGN_IN_CODES_PER_WINDOW = 3;
export const SIGN_IN_CODE_WINDOW_MS = 15 * 60_000;
/** Password reset links: valid one hour, single use, at most 3 sent per 15 minutes. */
export const RESET_CODE_TTL_MS = 60 * 60_000;
/** The link e-mailed to a new user to choose their first password: valid 7 days, single use. */
export const PASSWORD_LINK_TTL_MS = 7 * 24 * 60 * 60_000;
