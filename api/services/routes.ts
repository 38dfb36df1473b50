import { createService, deleteService, updateService } from '../../commands/services/handlers';
import {
  calendarsAmong,
  findService,
  listServices,
  type ServiceCalendar,
  type ServiceRecord,
} from '../../projections/services/queries';
import type { Knex } from 'knex';
import { SYSTEM_ADMINISTRATORS } from '../access-groups';
import { awaitReadModels, SCREEN_READ_MODELS } from '../await-read-models';
import { HttpError } from '../middleware/errors';
import { defineRoute } from '../routing';
import { staffContext } from '../staff-context';
import { serviceBody, serviceDeleted, serviceIdParams, serviceList, servicePutBody, serviceResponse } from './schemas';

/** Services are a System Administrator's alone (§2.3, §6); the public reads them through /public/services. */

/** The services with their calendars (§3 `calendars`: id, name and flags), in the order of `calendarIds`. */
async function withCalendars(knex: Knex, services: ServiceRecord[]) {
  const calendars = new Map<number, ServiceCalendar>(
    (
      await calendarsAmong(
        knex,
        services.flatMap((service) => service.calendarIds),
      )
    ).map((calendar) => [calendar.id, calendar]),
  );
  return services.map((service) => ({
    ...service,
    calendars: service.calendarIds.flatMap((id) => {
      const calendar = calendars.get(id);
      return calendar ? [calendar] : [];
    }),
  }));
}

async function serviceAnswer(knex: Knex, id: number) {
  const service = await findService(knex, id);
  if (!service) throw new HttpError(404, 'SERVICE_NOT_FOUND', 'There is no such service.');
  const [answer] = await withCalendars(knex, [service]);
  return answer!;
}

export const serviceRoutes = [
  defineRoute({
    method: 'get',
    path: '/services',
    summary: 'Every service, enabled or not, by title',
    tag: 'services',
    access: SYSTEM_ADMINISTRATORS,
    response: serviceList,
    async handler({ dependencies }) {
      return { items: await withCalendars(dependencies.knex, await listServices(dependencies.knex)) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/services/:id',
    summary: 'One service, in both languages, with its calendars',
    tag: 'services',
    access: SYSTEM_ADMINISTRATORS,
    params: serviceIdParams,
    response: serviceResponse,
    async handler({ params, dependencies }) {
      return serviceAnswer(dependencies.knex, params.id);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/services',
    summary: 'Create a service',
    tag: 'services',
    access: SYSTEM_ADMINISTRATORS,
    body: serviceBody,
    response: serviceResponse,
    successStatus: 201,
    async handler({ body, viewer, ctx, dependencies }) {
      const outcome = await createService({ ...dependencies }, body, staffContext(viewer, ctx));
      await awaitReadModels(dependencies, outcome.append, SCREEN_READ_MODELS.services);
      return serviceAnswer(dependencies.knex, outcome.serviceId);
    },
  }),
  defineRoute({
    method: 'put',
    path: '/services/:id',
    summary: 'Change a service; takes back what GET answered (id, calendars and timestamps are ignored)',
    tag: 'services',
    access: SYSTEM_ADMINISTRATORS,
    params: serviceIdParams,
    body: servicePutBody,
    response: serviceResponse,
    async handler({ params, body, viewer, ctx, dependencies }) {
      const outcome = await updateService({ ...dependencies }, params.id, body, staffContext(viewer, ctx));
      await awaitReadModels(dependencies, outcome.append, SCREEN_READ_MODELS.services);
      return serviceAnswer(dependencies.knex, params.id);
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/services/:id',
    summary: 'Delete a service',
    tag: 'services',
    access: SYSTEM_ADMINISTRATORS,
    params: serviceIdParams,
    response: serviceDeleted,
    async handler({ params, viewer, ctx, dependencies }) {
      const outcome = await deleteService({ ...dependencies }, params.id, staffContext(viewer, ctx));
      await awaitReadModels(dependencies, outcome.append, SCREEN_READ_MODELS.services);
      return { deleted: true };
    },
  }),
];
