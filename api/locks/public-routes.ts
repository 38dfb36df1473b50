import { lockSlot, releaseLock } from '../../commands/calendar-dates/slots';
import { awaitReadModels } from '../await-read-models';
import { publicContext } from '../public-context';
import { withUnitTimeZone } from '../unit-time';
import { defineRoute } from '../routing';
import { lockBody, lockReleased, lockResponse, lockTokenParams } from './schemas';

export const publicLockRoutes = [
  defineRoute({
    method: 'post',
    path: '/public/locks',
    summary: 'Hold a timeslot while the appointment form is filled (for the calendar’s lock time)',
    tag: 'public',
    access: 'public',
    body: lockBody,
    response: lockResponse,
    successStatus: 201,
    async handler({ body, ctx, dependencies }) {
      const { token, expiresAt, append } = await lockSlot(withUnitTimeZone(dependencies), body, publicContext(ctx));
      await awaitReadModels(dependencies, append);
      return { token, expiresAt };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/public/locks/:token',
    summary: 'Release a lock (an unknown or used token is already released)',
    tag: 'public',
    access: 'public',
    params: lockTokenParams,
    response: lockReleased,
    async handler({ params, ctx, dependencies }) {
      const { append } = await releaseLock(withUnitTimeZone(dependencies), params.token, publicContext(ctx));
      await awaitReadModels(dependencies, append);
      return { released: append !== null };
    },
  }),
];
