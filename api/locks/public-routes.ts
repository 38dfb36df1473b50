import { lockSlot, planLock, refuseLockEarly, releaseLock } from '../../commands/booking/lock';
import { freePlaceOf, giveBackPlace, reservePlace } from '../../commands/booking/public-lock-holders';
import { awaitReadModels, SCREEN_READ_MODELS } from '../await-read-models';
import { requireBotCheck } from '../bot-check/require';
import { publicContext } from '../public-context';
import { publicServiceOr404 } from '../public-booking/public-service';
import { withUnitTimeZone } from '../unit-time';
import { defineRoute } from '../routing';
import { browserSessionOf } from './browser-session';
import { lockReleased, lockResponse, lockTokenParams, publicLockBody } from './schemas';

export const publicLockRoutes = [
  defineRoute({
    method: 'post',
    path: '/public/locks',
    summary:
      'Hold a timeslot the service offers while the appointment form is filled (for the calendar’s lock time). Each lock costs a solved bot check; one browser session and one address hold only a few live locks (429 TOO_MANY_LOCKS with Retry-After)',
    tag: 'public',
    access: 'public',
    body: publicLockBody,
    response: lockResponse,
    successStatus: 201,
    async handler({ body, ctx, dependencies }) {
      const { serviceId, botCheck, ...slot } = body;
      await requireBotCheck(dependencies, botCheck);
      const { config, knex } = dependencies;
      const slots = withUnitTimeZone(dependencies);
      // The service and the lane are looked up side by side: under a rush each lookup is a round trip's wait.
      const serviceFound = publicServiceOr404(dependencies, serviceId);
      const plan = await planLock(
        slots,
        slot.calendarDateLaneId,
        serviceFound.then((service) => ({ service })),
      );
      const service = await serviceFound;
      await refuseLockEarly(slots, plan, slot, { service });
      const holder = { clientAddress: ctx.ip, browserSession: browserSessionOf(ctx, config.production) };
      const bounds = { perSession: config.publicLocksPerSession, perAddress: config.publicLocksPerAddress };
      let place: string | undefined;
      const takePlace = async () => {
        place = await reservePlace(knex, holder, plan, bounds, dependencies.now());
      };
      let lock;
      try {
        lock = await lockSlot(slots, plan, slot, publicContext(ctx), { service }, takePlace);
      } catch (error) {
        if (place) await giveBackPlace(knex, place);
        throw error;
      }
      await awaitReadModels(dependencies, lock.append, SCREEN_READ_MODELS.publicAvailability);
      return { token: lock.token, expiresAt: lock.expiresAt };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/public/locks/:token',
    summary: 'Release a lock (an unknown or used token is already released); frees its holder’s place for another lock',
    tag: 'public',
    access: 'public',
    params: lockTokenParams,
    response: lockReleased,
    async handler({ params, ctx, dependencies }) {
      const { append } = await releaseLock(withUnitTimeZone(dependencies), params.token, publicContext(ctx));
      await freePlaceOf(dependencies.knex, params.token);
      await awaitReadModels(dependencies, append, SCREEN_READ_MODELS.publicAvailability);
      return { released: append !== null };
    },
  }),
];
