import { createLocation, deleteLocation, updateLocation } from '../../commands/locations/handlers';
import { findLocation, listLocations } from '../../projections/locations/queries';
import { awaitReadModels, SCREEN_READ_MODELS } from '../await-read-models';
import { HttpError } from '../middleware/errors';
import { ADMINISTRATORS, STAFF } from '../access-groups';
import { defineRoute } from '../routing';
import { staffContext } from '../staff-context';
import {
  locationBody,
  locationDeleted,
  locationIdParams,
  locationList,
  locationPutBody,
  locationResponse,
  locationSaved,
} from './schemas';

/** Staff read locations for their filters; administrators create, change and delete them (§2.3, §6). */

export const locationRoutes = [
  defineRoute({
    method: 'get',
    path: '/locations',
    summary: 'Locations, by name',
    tag: 'locations',
    access: STAFF,
    response: locationList,
    async handler({ dependencies }) {
      return { items: await listLocations(dependencies.knex) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/locations/:id',
    summary: 'One location',
    tag: 'locations',
    access: STAFF,
    params: locationIdParams,
    response: locationResponse,
    async handler({ params, dependencies }) {
      const location = await findLocation(dependencies.knex, params.id);
      if (!location) throw new HttpError(404, 'LOCATION_NOT_FOUND', 'There is no such location.');
      return location;
    },
  }),
  defineRoute({
    method: 'post',
    path: '/locations',
    summary: 'Create a location; a virtual one keeps no street address',
    tag: 'locations',
    access: ADMINISTRATORS,
    body: locationBody,
    response: locationSaved,
    successStatus: 201,
    async handler({ body, viewer, ctx, dependencies }) {
      const outcome = await createLocation({ ...dependencies }, body, staffContext(viewer, ctx));
      await awaitReadModels(dependencies, outcome.append, SCREEN_READ_MODELS.locations);
      return { id: outcome.locationId };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/locations/:id',
    summary:
      'Change a location; one that becomes virtual loses its street address. Takes back what GET answered (id and timestamps are ignored)',
    tag: 'locations',
    access: ADMINISTRATORS,
    params: locationIdParams,
    body: locationPutBody,
    response: locationSaved,
    async handler({ params, body, viewer, ctx, dependencies }) {
      const outcome = await updateLocation({ ...dependencies }, params.id, body, staffContext(viewer, ctx));
      await awaitReadModels(dependencies, outcome.append, SCREEN_READ_MODELS.locations);
      return { id: params.id };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/locations/:id',
    summary: 'Delete a location that no calendar uses',
    tag: 'locations',
    access: ADMINISTRATORS,
    params: locationIdParams,
    response: locationDeleted,
    async handler({ params, viewer, ctx, dependencies }) {
      const outcome = await deleteLocation({ ...dependencies }, params.id, staffContext(viewer, ctx));
      await awaitReadModels(dependencies, outcome.append, SCREEN_READ_MODELS.locations);
      return { deleted: true };
    },
  }),
];
