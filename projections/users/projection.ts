import { assertNever } from '../../domain/shared/decider';
import { userEventTypes, type UserEvent } from '../../domain/users/events';
import type { Projection } from '../runner/projection';

/**
 * Read models `users` (lists, forms, sign-in look-ups, the session check) and `password_reset_codes` (which user a
 * reset link belongs to). The security stamp becomes the stream revision of the event that invalidates sessions,
 * so replaying an event sets the same value again.
 */
export const usersProjection: Projection = {
  name: 'users',
  tables: ['users', 'password_reset_codes'],
  eventTypes: userEventTypes,
  async apply(trx, domainEvent, recorded) {
    const event = domainEvent as UserEvent;
    const id = event.data.userId;
    const users = () => trx('users').where({ id });
    switch (event.type) {
      case 'UserCreated': {
        const { profile, roles, enabled, access, at } = event.data;
        await trx.raw(
          `insert into users (id, email, first_name, last_name, position, roles, enabled, calendar_ids, category_ids, location_ids, created_at, updated_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (id) do nothing`,
          [
            id,
            profile.email,
            profile.firstName,
            profile.lastName,
            profile.position,
            roles,
            enabled,
            access.calendarIds,
            access.categoryIds,
            access.locationIds,
            at,
            at,
          ],
        );
        return;
      }
      case 'UserProfileChanged': {
        const { changes, at } = event.data;
        const columns: Record<string, string> = {
          email: 'email',
          firstName: 'first_name',
          lastName: 'last_name',
          position: 'position',
        };
        const update = Object.fromEntries(Object.entries(changes).map(([key, value]) => [columns[key]!, value]));
        await users().update({ ...update, updated_at: at });
        return;
      }
      case 'UserRolesChanged':
        await users().update({ roles: event.data.roles, security_stamp: recorded.revision, updated_at: event.data.at });
        return;
      case 'UserEnabled':
        await users().update({ enabled: true, updated_at: event.data.at });
        return;
      case 'UserDisabled':
        await users().update({ enabled: false, security_stamp: recorded.revision, updated_at: event.data.at });
        return;
      case 'UserAccessChanged': {
        const { access, at } = event.data;
        await users().update({
          calendar_ids: access.calendarIds,
          category_ids: access.categoryIds,
          location_ids: access.locationIds,
          updated_at: at,
        });
        return;
      }
      case 'UserPasswordSet':
        await users().update({
          has_password: true,
          ...(event.data.reason === 'created' ? {} : { security_stamp: recorded.revision }),
          updated_at: event.data.at,
        });
        return;
      case 'SignInSucceeded':
        await users()
          .whereRaw('last_login_at is distinct from ?', [event.data.at])
          .update({ previous_login_at: trx.ref('last_login_at'), last_login_at: event.data.at });
        return;
      case 'PasswordResetRequested':
        await trx.raw(
          'insert into password_reset_codes (code_digest, user_id, expires_at) values (?, ?, ?) on conflict (code_digest) do nothing',
          [event.data.codeDigest, id, event.data.expiresAt],
        );
        return;
      case 'PasswordResetCompleted':
        await trx('password_reset_codes').where({ user_id: id }).delete();
        return;
      case 'SignInCodeIssued':
      case 'SignInFailed':
        return; // audit trail only
      default:
        return assertNever(event);
    }
  },
};
