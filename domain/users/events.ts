import type { DomainEvent } from '../shared/decider';
import type { Role, UserAccess, UserProfile } from './user';

type At = { userId: number; at: string };
/** Where a request came from, for the audit trail. */
type From = { clientAddress: string };

export type UserCreated = DomainEvent<
  'UserCreated',
  At & { profile: UserProfile; roles: Role[]; enabled: boolean; access: UserAccess }
>;
export type UserProfileChanged = DomainEvent<'UserProfileChanged', At & { changes: Partial<UserProfile> }>;
export type UserRolesChanged = DomainEvent<'UserRolesChanged', At & { roles: Role[] }>;
export type UserEnabled = DomainEvent<'UserEnabled', At>;
export type UserDisabled = DomainEvent<'UserDisabled', At>;
export type UserAccessChanged = DomainEvent<'UserAccessChanged', At & { access: UserAccess }>;
/** A bcrypt hash, never the password. */
export type UserPasswordSet = DomainEvent<
  'UserPasswordSet',
  At & { passwordHash: string; reason: 'created' | 'changed' | 'reset' }
>;
/** `codeDigest` is a keyed hash (HMAC) of the e-mailed code: the code itself is in no event. */
export type SignInCodeIssued = DomainEvent<
  'SignInCodeIssued',
  At & From & { challengeId: string; codeDigest: string; expiresAt: string }
>;
export type SignInSucceeded = DomainEvent<'SignInSucceeded', At & From & { challengeId: string | null }>;
export type SignInFailed = DomainEvent<
  'SignInFailed',
  At & From & { reason: 'password' | 'disabled' | 'code' | 'codes_exhausted'; challengeId: string | null }
>;
export type PasswordResetRequested = DomainEvent<
  'PasswordResetRequested',
  At & From & { resetId: string; codeDigest: string; expiresAt: string }
>;
export type PasswordResetCompleted = DomainEvent<'PasswordResetCompleted', At & From & { resetId: string }>;

export type UserEvent =
  | UserCreated
  | UserProfileChanged
  | UserRolesChanged
  | UserEnabled
  | UserDisabled
  | UserAccessChanged
  | UserPasswordSet
  | SignInCodeIssued
  | SignInSucceeded
  | SignInFailed
  | PasswordResetRequested
  | PasswordResetCompleted;

export const userEventTypes: UserEvent['type'][] = [
  'UserCreated',
  'UserProfileChanged',
  'UserRolesChanged',
  'UserEnabled',
  'UserDisabled',
  'UserAccessChanged',
  'UserPasswordSet',
  'SignInCodeIssued',
  'SignInSucceeded',
  'SignInFailed',
  'PasswordResetRequested',
  'PasswordResetCompleted',
];
