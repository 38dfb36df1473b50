import type { z } from 'zod';
import { createUser, updateUser } from '../../commands/users/handlers';
import { DomainError } from '../../domain/shared/decider';
import { hasAdminRights } from '../../domain/users/user';
import { findUser, listUsers, type UserRecord } from '../../projections/users/queries';
import { awaitReadModels, SCREEN_READ_MODELS } from '../await-read-models';
import { HttpError } from '../middleware/errors';
import { ADMINISTRATORS } from '../access-groups';
import { defineRoute, type Viewer } from '../routing';
import { staffContext } from '../staff-context';
import { assertAccessExists } from './access-checks';
import {
  userCreateBody,
  userCreated,
  userIdParams,
  userList,
  userPutBody,
  userResponse,
  type userBody,
} from './schemas';

const isRoot = (viewer: Viewer) => viewer.roles.includes('ROLE_ROOT');

/** A Calendar Administrator may not edit users who see every calendar: they get such users without an id. */
const mayEdit = (viewer: Viewer, user: UserRecord) => isRoot(viewer) || !hasAdminRights(user.roles);

function toResponse(user: UserRecord, viewer: Viewer): z.input<typeof userResponse> {
  return {
    ...user,
    id: mayEdit(viewer, user) ? user.id : null,
    name: `${user.firstName} ${user.lastName}`,
    allCalendars: hasAdminRights(user.roles),
  };
}

const sameRoles = (a: readonly string[], b: readonly string[]) =>
  a.every((role) => b.includes(role)) && b.every((role) => a.includes(role));

/**
 * Roles and passwords are for a System Administrator to set (§5). Others may send back the roles the user has
 * (a PUT of what GET answered): that sets nothing.
 */
function assertFieldsAllowed(viewer: Viewer, body: z.output<typeof userBody>, current?: UserRecord): void {
  if (isRoot(viewer)) return;
  if (body.roles && !(current && sameRoles(body.roles, current.roles)))
    throw new DomainError('FORBIDDEN', 'Only a System Administrator may set roles.', { field: 'roles' });
  if (body.password)
    throw new DomainError('FORBIDDEN', 'Only a System Administrator may set a password.', { field: 'password' });
}

export const userRoutes = [
  defineRoute({
    method: 'get',
    path: '/users',
    summary: 'Staff users',
    tag: 'users',
    access: ADMINISTRATORS,
    response: userList,
    async handler({ viewer, dependencies }) {
      return { items: (await listUsers(dependencies.knex)).map((user) => toResponse(user, viewer)) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/users/:id',
    summary: 'One staff user',
    tag: 'users',
    access: ADMINISTRATORS,
    params: userIdParams,
    response: userResponse,
    async handler({ params, viewer, dependencies }) {
      const user = await findUser(dependencies.knex, params.id);
      if (!user) throw new HttpError(404, 'USER_NOT_FOUND', 'There is no such user.');
      if (!mayEdit(viewer, user)) throw new HttpError(403, 'FORBIDDEN', 'You may not view or edit this user.');
      return toResponse(user, viewer);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/users',
    summary: 'Create a staff user',
    tag: 'users',
    access: ADMINISTRATORS,
    body: userCreateBody,
    response: userCreated,
    successStatus: 201,
    async handler({ body, viewer, ctx, dependencies }) {
      assertFieldsAllowed(viewer, body);
      const { email, firstName, lastName, position, enabled, roles, password, calendarIds, categoryIds, locationIds } =
        body;
      await assertAccessExists(dependencies.knex, { calendarIds, categoryIds, locationIds });
      const { mailer, authSecret: secret, publicUrl } = dependencies;
      const outcome = await createUser(
        { ...dependencies, passwordLinks: { mailer, secret, publicUrl } },
        {
          profile: { email, firstName, lastName, position },
          roles: roles ?? ['ROLE_USER'],
          enabled,
          access: { calendarIds, categoryIds, locationIds },
          password: password ?? null,
          sendPasswordLink: body.sendPasswordLink,
        },
        staffContext(viewer, ctx),
      );
      // The link must work as soon as it arrives: its code is in the read model once this wait is over.
      await awaitReadModels(dependencies, outcome.append, SCREEN_READ_MODELS.users);
      if (outcome.passwordLinkMail) {
        // The user exists now; should the mail fail, "Forgot your password?" sends another link.
        await mailer.send(outcome.passwordLinkMail).catch((error: unknown) => {
          ctx.state.logger?.error({ err: error }, 'password link mail failed');
        });
      }
      return { id: outcome.userId };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/users/:id',
    summary:
      'Change a staff user; takes back what GET answered (id, name, allCalendars and the timestamps are ignored)',
    tag: 'users',
    access: ADMINISTRATORS,
    params: userIdParams,
    body: userPutBody,
    response: userCreated,
    async handler({ params, body, viewer, ctx, dependencies }) {
      const user = await findUser(dependencies.knex, params.id);
      if (!user) throw new HttpError(404, 'USER_NOT_FOUND', 'There is no such user.');
      if (!mayEdit(viewer, user)) throw new HttpError(403, 'FORBIDDEN', 'You may not edit this user.');
      assertFieldsAllowed(viewer, body, user);
      await assertAccessExists(dependencies.knex, body);
      if (
        params.id === viewer.userId &&
        (!body.enabled || (body.roles && !body.roles.includes('ROLE_ROOT') && isRoot(viewer)))
      ) {
        throw new DomainError(
          'SELF_LOCKOUT',
          'You cannot disable your own account or remove your own System Administrator role.',
          { field: body.enabled ? 'roles' : 'enabled' },
        );
      }
      const { email, firstName, lastName, position, enabled, roles, password, calendarIds, categoryIds, locationIds } =
        body;
      const outcome = await updateUser(
        { ...dependencies },
        params.id,
        {
          profile: { email, firstName, lastName, position },
          enabled,
          access: { calendarIds, categoryIds, locationIds },
          ...(roles ? { roles } : {}),
          ...(password ? { password } : {}),
        },
        staffContext(viewer, ctx),
      );
      await awaitReadModels(dependencies, outcome.append, SCREEN_READ_MODELS.users);
      return { id: params.id };
    },
  }),
];
