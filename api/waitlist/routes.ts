import { joinWaitlist } from '../../commands/waitlist/join';
import { leaveWaitlist } from '../../commands/waitlist/leave';
import type { WaitlistTarget } from '../../domain/waitlist/waitlist';
import { findWaitlistEntry, waitlistLine } from '../../projections/waitlist/queries';
import { ADMINISTRATORS, STAFF } from '../access-groups';
import { recordAccess } from '../access-log/record';
import { awaitReadModels, SCREEN_READ_MODELS } from '../await-read-models';
import { requireBotCheck } from '../bot-check/require';
import { accessibleCalendar } from '../calendar-access';
import { HttpError } from '../middleware/errors';
import { publicContext } from '../public-context';
import { defineRoute } from '../routing';
import { staffContext } from '../staff-context';
import {
  waitlistEntryParams,
  waitlistEntryRemoved,
  waitlistJoinBody,
  waitlistJoined,
  waitlistList,
  waitlistParams,
  waitlistQuery,
  waitlistTargets,
  waitlistTargetsParams,
  waitlistTargetsQuery,
} from './schemas';
import { fullTarget, fullTargets, offeredOr404 } from './targets';

/** Issue 20 item 6: joining the waitlist of a full course or date, and staff's view of a line. */
export const waitlistRoutes = [
  defineRoute({
    method: 'get',
    path: '/public/services/:id/calendar/:calendarId/waitlist-targets',
    summary:
      'What may be waited for: a course’s open series without the spots asked, a clinic’s dates of the booking window without a free time of the length asked (the service’s default length unless given)',
    tag: 'public',
    access: 'public',
    params: waitlistTargetsParams,
    query: waitlistTargetsQuery,
    response: waitlistTargets,
    async handler({ params, query, dependencies }) {
      const offered = await offeredOr404(dependencies, params.id, params.calendarId);
      return fullTargets(dependencies, offered, {
        duration: query.duration ?? offered.service.defaultDuration,
        spots: query.spots,
      });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/public/waitlist',
    summary:
      'Join the waitlist of a full series (seriesId) or date (date, duration): 409 WAITLIST_NOT_NEEDED while places are free, ALREADY_ON_WAITLIST for an e-mail already in line. Costs a solved bot check',
    tag: 'public',
    access: 'public',
    body: waitlistJoinBody,
    response: waitlistJoined,
    successStatus: 201,
    async handler({ body, ctx, dependencies }) {
      const { botCheck, serviceId, calendarId, seriesId, date, email, language, spots, duration } = body;
      await requireBotCheck(dependencies, botCheck);
      const offered = await offeredOr404(dependencies, serviceId, calendarId);
      const wanted = { seriesId, date, spots, duration: duration ?? offered.service.defaultDuration };
      const target = await fullTarget(dependencies, offered, wanted);
      const course = target.kind === 'series';
      const joined = await joinWaitlist(
        dependencies,
        target,
        { serviceId, email, language, spots: course ? spots : 1, duration: course ? null : wanted.duration },
        publicContext(ctx),
      );
      await awaitReadModels(dependencies, joined.append, SCREEN_READ_MODELS.waitlist);
      return { entryId: joined.entryId, position: joined.position };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/calendars/:id/waitlist',
    summary: 'The waitlist of a series (seriesId) or a date (date): every entry in the order of joining',
    tag: 'waitlist',
    access: STAFF,
    params: waitlistParams,
    query: waitlistQuery,
    response: waitlistList,
    async handler({ params, query, viewer, ctx, dependencies }) {
      await accessibleCalendar(dependencies.knex, viewer, params.id);
      const target: WaitlistTarget =
        query.seriesId !== undefined
          ? { kind: 'series', calendarId: params.id, seriesId: query.seriesId }
          : { kind: 'date', calendarId: params.id, date: query.date! };
      const items = await waitlistLine(dependencies.knex, target);
      recordAccess(
        { viewer, ctx, dependencies },
        'waitlist',
        [],
        { calendarId: params.id, ...query, entryIds: items.map((item) => item.entryId) },
        { always: items.length > 0 },
      );
      return { items };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/calendars/:id/waitlist/:entryId',
    summary: 'Take an entry waiting or offered out of its line; the next ones move up',
    tag: 'waitlist',
    access: ADMINISTRATORS,
    params: waitlistEntryParams,
    response: waitlistEntryRemoved,
    async handler({ params, viewer, ctx, dependencies }) {
      await accessibleCalendar(dependencies.knex, viewer, params.id);
      const entry = await findWaitlistEntry(dependencies.knex, params.entryId);
      if (!entry || entry.target.calendarId !== params.id)
        throw new HttpError(404, 'WAITLIST_ENTRY_NOT_FOUND', 'There is no such entry on this calendar’s waitlists.');
      const { append } = await leaveWaitlist(dependencies, entry.target, entry.entryId, staffContext(viewer, ctx));
      await awaitReadModels(dependencies, append, SCREEN_READ_MODELS.waitlist);
      return { removed: true as const };
    },
  }),
];
