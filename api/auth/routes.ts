import { completePasswordReset, requestPasswordReset } from '../../commands/auth/password-reset';
import { closeSession } from '../../commands/auth/sessions';
import { signIn } from '../../commands/auth/sign-in';
import { DomainError } from '../../domain/shared/decider';
import { findUser } from '../../projections/users/queries';
import { awaitReadModels, SCREEN_READ_MODELS } from '../await-read-models';
import { requireBotCheck } from '../bot-check/require';
import { identityDependencies } from '../identity';
import { HttpError } from '../middleware/errors';
import { defineRoute } from '../routing';
import { inFlightLimit } from './in-flight-limit';
import { loginBody, loginResponse, meResponse, newPasswordBody, okResponse, resetRequestBody } from './schemas';

/** Sign-ins of one client address that may be checked at once; each costs a password comparison (~0.3 s of a core). */
const SIGN_INS_IN_FLIGHT_PER_ADDRESS = 2;
const signInsInFlight = inFlightLimit(SIGN_INS_IN_FLIGHT_PER_ADDRESS);

export const authRoutes = [
  defineRoute({
    method: 'post',
    path: '/login_check',
    summary: 'Sign in: e-mail and password, then the e-mailed six-digit code when asked (2FA_REQUIRED)',
    tag: 'identity',
    access: 'public',
    body: loginBody,
    response: loginResponse,
    async handler({ body, ctx, dependencies }) {
      const request = {
        username: body.username,
        password: body.password,
        twoFactorCode: body.twoFactorCode,
        clientAddress: ctx.ip,
      };
      const { token, append } = await signInsInFlight(ctx.ip, () =>
        signIn(identityDependencies(dependencies), request),
      );
      // The screen that follows reads `me`: its last sign-in must already be this one's predecessor.
      await awaitReadModels(dependencies, append, SCREEN_READ_MODELS.users);
      return { token };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/logout',
    summary: 'End the current session',
    tag: 'identity',
    access: 'signed-in',
    response: okResponse,
    async handler({ viewer, dependencies }) {
      await closeSession(dependencies.knex, viewer.token);
      return { ok: true };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/me',
    summary: 'The signed-in user',
    tag: 'identity',
    access: 'signed-in',
    response: meResponse,
    async handler({ viewer, dependencies }) {
      const user = await findUser(dependencies.knex, viewer.userId);
      if (!user) throw new HttpError(401, 'UNAUTHORIZED', 'Please sign in.');
      return { ...user, name: `${user.firstName} ${user.lastName}`, lastLoginAt: user.previousLoginAt };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/reset',
    summary: 'Ask for a password-reset link; the answer is the same whether or not the account exists',
    tag: 'identity',
    access: 'public',
    body: resetRequestBody,
    response: okResponse,
    async handler({ body, ctx, dependencies }) {
      await requireBotCheck(dependencies, body.botCheck);
      try {
        // The link is good as soon as the mail leaves: its code must already be in the read model.
        await awaitReadModels(
          dependencies,
          await requestPasswordReset(identityDependencies(dependencies), body.username, ctx.ip),
          SCREEN_READ_MODELS.users,
        );
      } catch (error) {
        if (error instanceof DomainError && error.code === 'RATE_LIMITED') throw error;
        // Any other failure (mail down, say) must not tell the caller whether the account exists.
        ctx.state.logger?.error({ err: error }, 'password reset request failed');
      }
      return { ok: true };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/newpassword',
    summary: 'Set a new password with the code of a reset link',
    tag: 'identity',
    access: 'public',
    body: newPasswordBody,
    response: okResponse,
    async handler({ body, ctx, dependencies }) {
      if (body.password !== body.passwordCheck)
        throw new DomainError('PASSWORDS_MISMATCH', 'The passwords must match!', { field: 'passwordCheck' });
      const outcome = await completePasswordReset(identityDependencies(dependencies), body.code, body.password, ctx.ip);
      await awaitReadModels(dependencies, outcome.append, SCREEN_READ_MODELS.users);
      return { ok: true };
    },
  }),
];
