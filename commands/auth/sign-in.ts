import { randomUUID } from 'node:crypto';
import { DomainError } from '../../domain/shared/decider';
import { signInAuditStream } from '../../domain/users/audit';
import { userDecider } from '../../domain/users/decider';
import type { UserEvent } from '../../domain/users/events';
import { SIGN_IN_CODE_TTL_MS, SIGN_IN_CODE_WINDOW_MS, userStream } from '../../domain/users/user';
import type { AppendResult } from '../../domain/event-store/port';
import { handleCommand, type CommandContext } from '../handle-command';
import type { IdentityDependencies } from './dependencies';
import { signInCodeMail } from './mails';
import { verifyPassword } from './passwords';
import { codeDigest, newSignInCode } from './secrets';
import { openSession } from './sessions';
import { clearAccountFailures, giveBackAttempt, reserveAttempt, retryAfterSeconds, throttleKeys } from './throttle';

export interface SignInRequest {
  username: string;
  password: string;
  twoFactorCode?: string | undefined;
  clientAddress: string;
}

/** Refused sign-in: the API answers these codes as the spec's login codes (§8). */
export class SignInRefused extends DomainError {
  constructor(code: 'INVALID_CREDENTIALS' | 'ACCOUNT_DISABLED' | '2FA_REQUIRED' | '2FA_FAILED', message: string) {
    super(code, message);
  }

  /** A wrong password or code: the attempt stays counted against the throttle. */
  get isWrongSecret(): boolean {
    return this.code === 'INVALID_CREDENTIALS' || this.code === '2FA_FAILED';
  }
}

export class TooManyAttempts extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', 'Too many attempts; please wait and try again.', { retryAfterSeconds });
  }
}

/** Signs in with an e-mail and password, then (when on) a code sent by e-mail. Returns a bearer token. */
export async function signIn(
  dependencies: IdentityDependencies,
  request: SignInRequest,
): Promise<{ token: string; append: AppendResult | null }> {
  const { knex } = dependencies;
  const now = dependencies.now();
  const keys = throttleKeys('sign-in', request.clientAddress, request.username);
  // Counted before the password is compared, so that attempts sent in parallel cannot all pass the limit. Anything
  // but a wrong password or code gives the attempt back.
  const attempt = await reserveAttempt(knex, keys, now);
  if (!attempt) throw new TooManyAttempts(Math.max(1, await retryAfterSeconds(knex, keys, now)));
  let signedIn: { token: string; append: AppendResult | null };
  try {
    signedIn = await checkAndOpenSession(dependencies, request, now);
  } catch (error) {
    if (!(error instanceof SignInRefused && error.isWrongSecret)) await giveBackAttempt(knex, attempt);
    throw error;
  }
  await clearAccountFailures(knex, keys);
  await giveBackAttempt(knex, attempt);
  return signedIn;
}

async function checkAndOpenSession(
  dependencies: IdentityDependencies,
  request: SignInRequest,
  now: Date,
): Promise<{ token: string; append: AppendResult | null }> {
  const { knex } = dependencies;
  const context: CommandContext = {
    actor: { public: true },
    correlationId: randomUUID(),
    audit: { clientAddress: request.clientAddress },
  };

  const user = await dependencies.lookups.userByEmail(request.username);
  if (!user) {
    await verifyPassword(request.password, null); // as long as a known account takes
    const at = now.toISOString();
    await dependencies.store.append(signInAuditStream(at), 'any', [
      auditEvent(
        {
          usernameDigest: codeDigest(dependencies.secret, request.username.toLowerCase()),
          at,
          clientAddress: request.clientAddress,
        },
        context,
      ),
    ]);
    throw new SignInRefused('INVALID_CREDENTIALS', 'The e-mail address or password is incorrect.');
  }

  const code = newSignInCode();
  const passwordMatches = comparedOnce(request.password);
  const outcome = await handleCommand(
    dependencies,
    userDecider,
    userStream(user.id),
    async (state) => ({
      type: 'SignIn' as const,
      data: {
        userId: user.id,
        // Always one comparison, so that an account without a password does not answer faster.
        passwordMatches: await passwordMatches(state.status === 'active' ? state.passwordHash : null),
        twoFactor: dependencies.twoFactor,
        codeDigest: request.twoFactorCode ? codeDigest(dependencies.secret, request.twoFactorCode) : null,
        newChallenge: {
          challengeId: randomUUID(),
          codeDigest: codeDigest(dependencies.secret, code),
          expiresAt: new Date(now.getTime() + SIGN_IN_CODE_TTL_MS).toISOString(),
        },
        now: now.toISOString(),
        clientAddress: request.clientAddress,
      },
    }),
    context,
  );
  const event = outcome.events[0] as UserEvent;
  switch (event.type) {
    case 'SignInSucceeded':
      return {
        token: await openSession(knex, user.id, outcome.revision, now, dependencies.sessions),
        append: outcome.append,
      };
    case 'SignInCodeIssued':
      await sendCode(dependencies, user.email, code);
      throw new SignInRefused('2FA_REQUIRED', 'Please enter the six-digit code that was sent to your email address.');
    case 'SignInFailed':
      switch (event.data.reason) {
        case 'password':
          throw new SignInRefused('INVALID_CREDENTIALS', 'The e-mail address or password is incorrect.');
        case 'disabled':
          throw new SignInRefused(
            'ACCOUNT_DISABLED',
            'This account is currently disabled. Please contact your supervisor.',
          );
        case 'code':
          throw new SignInRefused('2FA_FAILED', 'The code you entered is invalid.');
        case 'codes_exhausted':
          throw new TooManyAttempts(Math.ceil(SIGN_IN_CODE_WINDOW_MS / 1000));
      }
      break;
  }
  throw new Error(`Unexpected sign-in decision ${event.type}`);
}

/** The password checked against a hash once, however often the command is decided again after a conflict. */
function comparedOnce(password: string): (hash: string | null) => Promise<boolean> {
  const results = new Map<string | null, Promise<boolean>>();
  return (hash) => {
    let result = results.get(hash);
    if (!result) {
      result = verifyPassword(password, hash);
      results.set(hash, result);
    }
    return result;
  };
}

async function sendCode(dependencies: IdentityDependencies, email: string, code: string): Promise<void> {
  try {
    await dependencies.mailer.send(signInCodeMail(email, code));
  } catch {
    throw new DomainError('MAIL_FAILED', 'The code could not be sent; please try again in a moment.');
  }
}

function auditEvent(data: { usernameDigest: string; at: string; clientAddress: string }, context: CommandContext) {
  const eventId = randomUUID();
  return {
    eventId,
    type: 'UnknownAccountSignInFailed',
    schemaVersion: 1,
    data,
    metadata: {
      ...context.audit,
      eventId,
      occurredAt: data.at,
      actor: context.actor,
      correlationId: context.correlationId,
      causationId: null,
      schemaVersion: 1,
    },
  };
}
