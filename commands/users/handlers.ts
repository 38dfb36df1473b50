import bcrypt from 'bcryptjs';
import type { Knex } from 'knex';
import { userDecider } from '../../domain/users/decider';
import { userStream, type UserProfile } from '../../domain/users/user';
import { handleCommand, type CommandContext, type CommandDependencies } from '../handle-command';
import { nextId } from '../infrastructure/ids';

export const BCRYPT_COST = 12;

export async function createUser(
  dependencies: CommandDependencies & { knex: Knex },
  profile: UserProfile,
  password: string,
  context: CommandContext,
) {
  const userId = await nextId(dependencies.knex, 'user');
  const passwordHash = await bcrypt.hash(password, BCRYPT_COST);
  const outcome = await handleCommand(
    dependencies,
    userDecider,
    userStream(userId),
    { type: 'CreateUser', data: { userId, profile, passwordHash, now: dependencies.now().toISOString() } },
    context,
  );
  return { userId, ...outcome };
}
