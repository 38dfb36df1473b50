import type { Knex } from 'knex';
import { userDecider } from '../../domain/users/decider';
import { userStream, type Role, type UserAccess, type UserProfile } from '../../domain/users/user';
import { DomainError } from '../../domain/shared/decider';
import { hashPassword } from '../auth/passwords';
import { handleCommand, type CommandContext, type CommandDependencies } from '../handle-command';
import type { ReadModelLookups } from '../read-model-lookups';
import { nextId } from '../infrastructure/ids';
import { claimEmail, releaseEmail } from './email-claims';
import { newPasswordLink, type PasswordLinkMailing } from './password-link';

export type UserCommandDependencies = CommandDependencies & { knex: Knex; lookups: Pick<ReadModelLookups, 'userById'> };

export interface NewUser {
  profile: UserProfile;
  roles: Role[];
  enabled: boolean;
  access: UserAccess;
  /** §5: required, unless `sendPasswordLink` chooses to e-mail the user a link to set it. */
  password: string | null;
  sendPasswordLink: boolean;
}

/**
 * Creates a user. With `sendPasswordLink`, the answer carries the mail with the link: the caller sends it once the
 * read model knows the link's code (so the link works as soon as it arrives).
 */
export async function createUser(
  dependencies: UserCommandDependencies & { passwordLinks?: PasswordLinkMailing },
  user: NewUser,
  context: CommandContext,
) {
  const userId = await nextId(dependencies.knex, 'user');
  await claimEmail(dependencies.knex, user.profile.email, userId);
  try {
    const passwordHash = user.password ? await hashPassword(user.password) : null;
    const { profile, roles, enabled, access } = user;
    const now = dependencies.now();
    let linked: ReturnType<typeof newPasswordLink> | null = null;
    if (user.sendPasswordLink) {
      if (!dependencies.passwordLinks) throw new Error('Password links cannot be e-mailed from here.');
      const clientAddress = typeof context.audit?.clientAddress === 'string' ? context.audit.clientAddress : '';
      linked = newPasswordLink(dependencies.passwordLinks, profile.email, now, clientAddress);
    }
    const outcome = await handleCommand(
      dependencies,
      userDecider,
      userStream(userId),
      {
        type: 'CreateUser',
        data: {
          userId,
          profile,
          roles,
          enabled,
          access,
          passwordHash,
          passwordLink: linked?.link ?? null,
          now: now.toISOString(),
        },
      },
      context,
    );
    return { userId, ...outcome, passwordLinkMail: linked?.mail ?? null };
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
