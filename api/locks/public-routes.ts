import { lockSlot, releaseLock } from '../../commands/calendar-dates/slots';
import { awaitReadModels } from '../await-read-models';
import { publicContext } from '../public-context';
import { publicServiceOr404 } from '../public-booking/public-service';
import { withUnitTimeZone } from '../unit-time';
import { defineRoute } from '../routing';
import { lockReleased, lockResponse, lockTokenParams, publicLockBody } from './schemas';

export const publicLockRoutes = [
  defineRoute({
    method: 'post',
    path: '/public/locks',
    summary: 'Hold a timeslot while the appointment form is filled (for the calendar’s lock time)',
    tag: 'public',
    access: 'public',
    body: publicLockBody,
    response: lockResponse,
    successStatus: 201,
    async handler({ body, ctx, dependencies }) {
      const { serviceId, ...slot } = body;
      const service = serviceId === undefined ? undefined : await publicServiceOr404(dependencies, serviceId);
      const { token, expiresAt, append } = await lockSlot(withUnitTimeZone(dependencies), slot, publicContext(ctx), { service });
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
