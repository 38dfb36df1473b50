import { randomUUID } from 'node:crypto';
import { DomainError } from '../../domain/shared/decider';
import { userDecider } from '../../domain/users/decider';
import { RESET_CODE_TTL_MS, userStream } from '../../domain/users/user';
import type { AppendResult } from '../../domain/event-store/port';
import { handleCommand, type CommandContext } from '../handle-command';
import type { IdentityDependencies } from './dependencies';
import { passwordResetMail } from './mails';
import { hashPassword } from './passwords';
import { codeDigest, newOpaqueToken } from './secrets';
import { closeAllSessions } from './sessions';
import { reserveAttempt, retryAfterSeconds, throttleKeys } from './throttle';
import { TooManyAttempts } from './sign-in';

const publicContext = (clientAddress: string): CommandContext => ({
  actor: { public: true },
  correlationId: randomUUID(),
  audit: { clientAddress },
});

/**
 * Sends a single-use reset link when the address belongs to an enabled user. The caller answers the same either
 * way, so nobody learns which addresses have accounts; a sending failure is logged, never shown.
 */
export async function requestPasswordReset(
  dependencies: IdentityDependencies,
  username: string,
  clientAddress: string,
): Promise<AppendResult | null> {
  const now = dependencies.now();
  // Every request counts against the address, so the form cannot be used to flood someone's inbox.
  const keys = throttleKeys('reset', clientAddress, username);
  if (!(await reserveAttempt(dependencies.knex, keys, now)))
    throw new TooManyAttempts(Math.max(1, await retryAfterSeconds(dependencies.knex, keys, now)));
  const user = await dependencies.lookups.userByEmail(username);
  if (!user) return null;
  const code = newOpaqueToken();
  const outcome = await handleCommand(
    dependencies,
    userDecider,
    userStream(user.id),
    {
      type: 'RequestPasswordReset',
      data: {
        userId: user.id,
        resetId: randomUUID(),
        codeDigest: codeDigest(dependencies.secret, code),
        expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS).toISOString(),
        now: now.toISOString(),
        clientAddress,
      },
    },
    publicContext(clientAddress),
  );
  if (outcome.events.length === 0) return null;
  await dependencies.mailer.send(
    passwordResetMail(user.email, `${dependencies.publicUrl}/admin/password-reset/${code}`),
  );
  return outcome.append;
}

/** Sets the new password for the code's user, voids the code and ends every session of that user. */
export async function completePasswordReset(
  dependencies: IdentityDependencies,
  code: string,
  password: string,
  clientAddress: string,
) {
  const digest = codeDigest(dependencies.secret, code);
  const userId = await dependencies.lookups.userIdByResetDigest(digest);
  if (userId === undefined)
    throw new DomainError('INVALID_CODE', 'The password reset code is invalid.', { field: 'code' });
  const passwordHash = await hashPassword(password);
  const outcome = await handleCommand(
    dependencies,
    userDecider,
    userStream(userId),
    {
      type: 'CompletePasswordReset',
      data: { userId, codeDigest: digest, passwordHash, now: dependencies.now().toISOString(), clientAddress },
    },
    publicContext(clientAddress),
  );
  await closeAllSessions(dependencies.knex, userId);
  return outcome;
}
