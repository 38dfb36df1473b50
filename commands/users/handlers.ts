import type { Knex } from 'knex';
import { userDecider } from '../../domain/users/decider';
import { userStream, type Role, type UserAccess, type UserProfile } from '../../domain/users/user';
import { DomainError } from '../../domain/shared/decider';
import { hashPassword } from '../auth/passwords';
import { handleCommand, type CommandContext, type CommandDependencies } from '../handle-command';
import type { ReadModelLookups } from '../read-model-lookups';
import { nextId } from '../infrastructure/ids';
import { claimEmail, releaseEmail } from './email-claims';

export type UserCommandDependencies = CommandDependencies & { knex: Knex; lookups: Pick<ReadModelLookups, 'userById'> };

export interface NewUser {
  profile: UserProfile;
  roles: Role[];
  enabled: boolean;
  access: UserAccess;
  /** Null: the user sets a password through a reset. */
  password: string | null;
}

export async function createUser(dependencies: UserCommandDependencies, user: NewUser, context: CommandContext) {
  const userId = await nextId(dependencies.knex, 'user');
  await claimEmail(dependencies.knex, user.profile.email, userId);
  try {
    const passwordHash = user.password ? await hashPassword(user.password) : null;
    const { profile, roles, enabled, access } = user;
    const outcome = await handleCommand(
      dependencies,
      userDecider,
      userStream(userId),
      {
        type: 'CreateUser',
        data: { userId, profile, roles, enabled, access, passwordHash, now: dependencies.now().toISOString() },
      },
      context,
    );
    return { userId, ...outcome };
  } catch (error) {
    await releaseEmail(dependencies.knex, user.profile.email, userId);
    throw error;
  }
}

export interface UserChanges {
  profile: UserProfile;
  enabled: boolean;
  access: UserAccess;
  /** Absent when the editor may not change roles. */
  roles?: Role[];
  /** Absent when unchanged or when the editor may not set it. */
  password?: string;
}

export async function updateUser(
  dependencies: UserCommandDependencies,
  userId: number,
  changes: UserChanges,
  context: CommandContext,
) {
  const current = await dependencies.lookups.userById(userId);
  if (!current) throw new DomainError('USER_NOT_FOUND', 'There is no such user.');
  const newEmail = changes.profile.email !== current.email ? changes.profile.email : null;
  if (newEmail) await claimEmail(dependencies.knex, newEmail, userId);
  try {
    const passwordHash = changes.password ? await hashPassword(changes.password) : undefined;
    const outcome = await handleCommand(
      dependencies,
      userDecider,
      userStream(userId),
      {
        type: 'UpdateUser',
        data: {
          userId,
          profile: changes.profile,
          enabled: changes.enabled,
          access: changes.access,
          ...(changes.roles ? { roles: changes.roles } : {}),
          ...(passwordHash ? { passwordHash } : {}),
          now: dependencies.now().toISOString(),
        },
      },
      context,
    );
    if (newEmail) await releaseEmail(dependencies.knex, current.email, userId);
    return outcome;
  } catch (error) {
    if (newEmail) await releaseEmail(dependencies.knex, newEmail, userId);
    throw error;
  }
}
