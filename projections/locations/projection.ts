import { locationEventTypes, type LocationEvent } from '../../domain/locations/events';
import { assertNever } from '../../domain/shared/decider';
import type { Projection } from '../runner/projection';

/** Read model `locations`: one row per location, columns for what lists filter on, the full record in `location`. */
export const locationsProjection: Projection = {
  name: 'locations',
  tables: ['locations'],
  eventTypes: locationEventTypes,
  async apply(trx, domainEvent) {
    const event = domainEvent as LocationEvent;
    switch (event.type) {
      case 'LocationCreated': {
        const { locationId, fields, createdAt } = event.data;
        await trx.raw(
          `insert into locations (id, name, name_fr, office_region, is_virtual, location, created_at, updated_at)
           values (?, ?, ?, ?, ?, ?::jsonb, ?, ?)
           on conflict (id) do update set name = excluded.name, name_fr = excluded.name_fr, office_region = excluded.office_region,
             is_virtual = excluded.is_virtual, location = excluded.location, created_at = excluded.created_at, updated_at = excluded.updated_at`,
          [locationId, fields.name, fields.nameFr, fields.officeRegion, fields.isVirtual, JSON.stringify(fields), createdAt, createdAt],
        );
        return;
      }
      case 'LocationUpdated': {
        const { locationId, changes, updatedAt } = event.data;
        const json = JSON.stringify(changes);
        await trx.raw(
          `update locations set location = location || ?::jsonb, updated_at = ?,
             name = coalesce(?::jsonb ->> 'name', name),
             name_fr = coalesce(?::jsonb ->> 'nameFr', name_fr),
             office_region = coalesce(?::jsonb ->> 'officeRegion', office_region),
             is_virtual = coalesce((?::jsonb ->> 'isVirtual')::boolean, is_virtual)
           where id = ?`,
          [json, updatedAt, ...Array(4).fill(json), locationId],
        );
        return;
      }
      case 'LocationDeleted':
        await trx('locations').where({ id: event.data.locationId }).delete();
        return;
      default:
        return assertNever(event);
    }
  },
};
