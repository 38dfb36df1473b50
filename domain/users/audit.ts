import type { DomainEvent } from '../shared/decider';

/**
 * A sign-in for an address that belongs to no user. It has no user stream, so it is kept in a daily audit stream;
 * the typed address may be someone's personal data, so only its keyed digest is recorded.
 */
export type UnknownAccountSignInFailed = DomainEvent<
  'UnknownAccountSignInFailed',
  { usernameDigest: string; at: string; clientAddress: string }
>;

export const signInAuditStream = (at: string): string => `signInAudit-${at.slice(0, 10).replaceAll('-', '')}`;
