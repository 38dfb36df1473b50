import { locationEventTypes, type LocationEvent } from '../../domain/locations/events';
import type { LocationFields } from '../../domain/locations/location';
import { assertNever } from '../../domain/shared/decider';
import type { Projection } from '../runner/projection';
import { recordTable } from '../shared/record-table';

const locations = recordTable<LocationFields>({
  table: 'locations',
  record: 'location',
  columns: {
    name: { field: 'name' },
    name_fr: { field: 'nameFr' },
    office_region: { field: 'officeRegion' },
    is_virtual: { field: 'isVirtual', cast: 'boolean' },
  },
});

/** Read model `locations`: one row per location, columns for what lists filter on, the full record in `location`. */
export const locationsProjection: Projection = {
  name: 'locations',
  tables: ['locations'],
  eventTypes: locationEventTypes,
  async apply(trx, domainEvent) {
    const event = domainEvent as LocationEvent;
    switch (event.type) {
      case 'LocationCreated':
        return locations.create(trx, event.data.locationId, event.data.fields, event.data.createdAt);
      case 'LocationUpdated':
        return locations.merge(trx, event.data.locationId, event.data.changes, event.data.updatedAt);
      case 'LocationDeleted':
        return locations.delete(trx, event.data.locationId);
      default:
        return assertNever(event);
    }
  },
};
