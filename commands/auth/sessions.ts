import type { Knex } from 'knex';
import type { Role } from '../../domain/users/user';
import { newOpaqueToken, tokenDigest } from './secrets';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

export interface SignedInUser {
  userId: number;
  roles: Role[];
  calendarIds: number[];
  categoryIds: number[];
  locationIds: number[];
}

/**
 * Opens a session and returns its bearer token (only its digest is kept). `signInRevision` is the revision of the
 * SignInSucceeded event: the session lasts while no later event has moved the user's security stamp past it.
 */
export async function openSession(
  knex: Knex,
  userId: number,
  signInRevision: number,
  now: Date,
  policy: SessionPolicy,
): Promise<string> {
  const token = newOpaqueToken();
  await knex('auth_sessions').insert({
    token_digest: tokenDigest(token),
    user_id: userId,
    security_stamp: signInRevision,
    created_at: now,
    last_seen_at: now,
    expires_at: new Date(now.getTime() + policy.absoluteMs),
  });
  return token;
}

/** The user behind a bearer token, or null when it is unknown, idle too long, past its lifetime or revoked. */
export async function authenticate(
  knex: Knex,
  token: string,
  now: Date,
  policy: SessionPolicy,
): Promise<SignedInUser | null> {
  const digest = tokenDigest(token);
  const row = await knex('auth_sessions as s')
    .join('users as u', 'u.id', 's.user_id')
    .where('s.token_digest', digest)
    .first<
      | {
          user_id: number;
          session_stamp: number;
          last_seen_at: Date;
          expires_at: Date;
          security_stamp: number;
          enabled: boolean;
          roles: Role[];
          calendar_ids: number[];
          category_ids: number[];
          location_ids: number[];
        }
      | undefined
    >(
      's.user_id',
      's.security_stamp as session_stamp',
      's.last_seen_at',
      's.expires_at',
      'u.security_stamp',
      'u.enabled',
      'u.roles',
      'u.calendar_ids',
      'u.category_ids',
      'u.location_ids',
    );
  if (!row) return null;
  const idle = now.getTime() - row.last_seen_at.getTime() > policy.idleMs;
  const expired = now.getTime() >= row.expires_at.getTime();
  const revoked = row.session_stamp <= row.security_stamp || !row.enabled;
  if (idle || expired || revoked) {
    await knex('auth_sessions').where({ token_digest: digest }).delete();
    return null;
  }
  // Writing on every request would cost more than the idle check needs: a minute's precision is enough.
  if (now.getTime() - row.last_seen_at.getTime() > 60_000)
    await knex('auth_sessions').where({ token_digest: digest }).update({ last_seen_at: now });
  return {
    userId: row.user_id,
    roles: row.roles,
    calendarIds: row.calendar_ids,
    categoryIds: row.category_ids,
    locationIds: row.location_ids,
  };
}

export async function closeSession(knex: Knex, token: string): Promise<void> {
  await knex('auth_sessions')
    .where({ token_digest: tokenDigest(token) })
    .delete();
}

export async function closeAllSessions(knex: Knex, userId: number): Promise<void> {
  await knex('auth_sessions').where({ user_id: userId }).delete();
}
