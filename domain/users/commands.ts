import type { DomainCommand } from '../shared/decider';
import type { Role, UserAccess, UserProfile } from './user';

type Now = { now: string };
type From = { clientAddress: string };

export type CreateUser = DomainCommand<
  'CreateUser',
  Now & {
    userId: number;
    profile: UserProfile;
    roles: Role[];
    enabled: boolean;
    access: UserAccess;
    /** §5: a password is required on create, unless the user is e-mailed a link to choose one (`passwordLink`). */
    passwordHash: string | null;
    passwordLink: PasswordLink | null;
  }
>;
/** A single-use link to choose a password, e-mailed to a new user; its code is kept only as a keyed digest. */
export interface PasswordLink {
  resetId: string;
  codeDigest: string;
  expiresAt: string;
  clientAddress: string;
}
/** `roles` and `passwordHash` are absent when the editor may not change them (only a System Administrator may). */
export type UpdateUser = DomainCommand<
  'UpdateUser',
  Now & {
    userId: number;
    profile: UserProfile;
    enabled: boolean;
    access: UserAccess;
    roles?: Role[];
    passwordHash?: string;
  }
>;
/**
 * A sign-in attempt. The slow and secret parts are worked out before deciding: whether the password matched the
 * stored hash, the keyed digest of the code given, and the challenge to issue if a code must be sent.
 */
export type SignIn = DomainCommand<
  'SignIn',
  Now &
    From & {
      userId: number;
      passwordMatches: boolean;
      twoFactor: 'email' | 'off';
      codeDigest: string | null;
      newChallenge: { challengeId: string; codeDigest: string; expiresAt: string };
    }
>;
export type RequestPasswordReset = DomainCommand<
  'RequestPasswordReset',
  Now & From & { userId: number; resetId: string; codeDigest: string; expiresAt: string }
>;
export type CompletePasswordReset = DomainCommand<
  'CompletePasswordReset',
  Now & From & { userId: number; codeDigest: string; passwordHash: string }
>;

/** Grant or revoke one calendar, from the calendar's access screen. */
export type SetCalendarAccess = DomainCommand<
  'SetCalendarAccess',
  Now & { userId: number; calendarId: number; granted: boolean }
>;

export type UserCommand =
  CreateUser | UpdateUser | SetCalendarAccess | SignIn | RequestPasswordReset | CompletePasswordReset;
