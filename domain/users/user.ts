export const ROLES = ['ROLE_ROOT', 'ROLE_ADMIN', 'ROLE_FRONTEND', 'ROLE_USER'] as const;
export type Role = (typeof ROLES)[number];

/** A staff member's profile and access (§3 User); the password lives only as a hash, in its own event. */
export interface UserProfile {
  email: string;
  firstName: string;
  lastName: string;
  position: string;
  roles: Role[];
  enabled: boolean;
  calendarIds: number[];
  categoryIds: number[];
  locationIds: number[];
}

export const userStream = (userId: number): string => `user-${userId}`;
