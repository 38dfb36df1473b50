import { createCalendar, setCalendarUsers, updateCalendar } from '../../commands/calendars/handlers';
import { hasAdminRights } from '../../domain/users/user';
import { listCalendars, type CalendarRecord } from '../../projections/calendars/queries';
import { listUsers, type UserRecord } from '../../projections/users/queries';
import { awaitReadModels, SCREEN_READ_MODELS } from '../await-read-models';
import { HttpError } from '../middleware/errors';
import { ADMINISTRATORS, STAFF } from '../access-groups';
import { defineRoute } from '../routing';
import { staffContext } from '../staff-context';
import { accessibleCalendar, existingCalendar } from '../calendar-access';
import {
  calendarBody,
  calendarIdParams,
  calendarList,
  calendarListQuery,
  calendarPutBody,
  calendarQuery,
  calendarResponse,
  calendarUserList,
  calendarUsersBody,
  calendarUsersChanged,
} from './schemas';

const toCalendarUser = (user: UserRecord, calendarId: number) => {
  const allCalendars = hasAdminRights(user.roles);
  return {
    ...user,
    name: `${user.firstName} ${user.lastName}`,
    allCalendars,
    access: allCalendars || user.calendarIds.includes(calendarId),
  };
};

/** The calendar as an answer: lanes unless asked without, and who has access when asked. */
function withFlags(
  calendar: CalendarRecord,
  flags: { lanes?: boolean | undefined; users?: boolean | undefined },
  users: UserRecord[] | null,
) {
  const { lanes, ...rest } = calendar;
  return {
    ...rest,
    ...(flags.lanes === false ? {} : { lanes }),
    ...(flags.users && users
      ? {
          users: users
            .filter((user) => !hasAdminRights(user.roles) && user.calendarIds.includes(calendar.id))
            .map((user) => ({ id: user.id, name: `${user.firstName} ${user.lastName}` })),
        }
      : {}),
  };
}

export const calendarRoutes = [
  defineRoute({
    method: 'get',
    path: '/calendars',
    summary: 'Calendars; a Basic User sees the enabled ones they have access to',
    tag: 'calendars',
    access: STAFF,
    query: calendarListQuery,
    response: calendarList,
    async handler({ query, viewer, dependencies }) {
      const basic = !hasAdminRights(viewer.roles);
      const calendars = await listCalendars(dependencies.knex, {
        enabledOnly: basic || query.enabled === true,
        excludeGroupSessions: query.excludeGroupSessions === true,
        ...(basic ? { ids: viewer.calendarIds } : {}),
      });
      const users = query.users && !basic ? await listUsers(dependencies.knex) : null;
      return {
        items: calendars.map((calendar) =>
          withFlags(calendar, { lanes: query.lanes === true, users: query.users }, users),
        ),
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/calendars/:id',
    summary: 'One calendar with its lanes, location and category (users with the users flag)',
    tag: 'calendars',
    access: STAFF,
    params: calendarIdParams,
    query: calendarQuery,
    response: calendarResponse,
    async handler({ params, query, viewer, dependencies }) {
      const calendar = await accessibleCalendar(dependencies.knex, viewer, params.id);
      const users = query.users && hasAdminRights(viewer.roles) ? await listUsers(dependencies.knex) : null;
      return withFlags(calendar, { lanes: query.lanes !== false, users: query.users }, users);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/calendars',
    summary: 'Create a calendar (also the copy of one: the form sends it without ids)',
    tag: 'calendars',
    access: ADMINISTRATORS,
    body: calendarBody,
    response: calendarResponse,
    successStatus: 201,
    async handler({ body, viewer, ctx, dependencies }) {
      const { calendarId, append } = await createCalendar(dependencies, body, staffContext(viewer, ctx));
      await awaitReadModels(dependencies, append, SCREEN_READ_MODELS.calendars);
      return existingCalendar(dependencies.knex, calendarId);
    },
  }),
  defineRoute({
    method: 'put',
    path: '/calendars/:id',
    summary:
      'Update a calendar; takes back what GET answered (id, timestamps, location, category and users are ignored)',
    tag: 'calendars',
    access: ADMINISTRATORS,
    params: calendarIdParams,
    body: calendarPutBody,
    response: calendarResponse,
    async handler({ params, body, viewer, ctx, dependencies }) {
      await existingCalendar(dependencies.knex, params.id);
      const { append } = await updateCalendar(dependencies, params.id, body, staffContext(viewer, ctx));
      await awaitReadModels(dependencies, append, SCREEN_READ_MODELS.calendars);
      return existingCalendar(dependencies.knex, params.id);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/calendars/:id/users',
    summary: 'Staff users and whether each has access to the calendar',
    tag: 'calendars',
    access: ADMINISTRATORS,
    params: calendarIdParams,
    response: calendarUserList,
    async handler({ params, dependencies }) {
      await existingCalendar(dependencies.knex, params.id);
      return { items: (await listUsers(dependencies.knex)).map((user) => toCalendarUser(user, params.id)) };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/calendars/:id/users',
    summary: 'Set who (besides administrators) has access to the calendar',
    tag: 'calendars',
    access: ADMINISTRATORS,
    params: calendarIdParams,
    body: calendarUsersBody,
    response: calendarUsersChanged,
    async handler({ params, body, viewer, ctx, dependencies }) {
      await existingCalendar(dependencies.knex, params.id);
      const users = await listUsers(dependencies.knex);
      const known = new Set(users.map((user) => user.id));
      const unknown = body.userIds.find((id) => !known.has(id));
      if (unknown !== undefined) throw new HttpError(400, 'USER_NOT_FOUND', `There is no user ${unknown}.`);
      const candidates = users.filter((user) => !hasAdminRights(user.roles)).map((user) => user.id);
      const { changed, last } = await setCalendarUsers(
        { ...dependencies },
        params.id,
        candidates,
        new Set(body.userIds),
        staffContext(viewer, ctx),
      );
      await awaitReadModels(dependencies, last, SCREEN_READ_MODELS.calendars);
      return { changed };
    },
  }),
];
