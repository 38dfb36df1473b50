import type { ServiceEvent } from '../../domain/services/events';
import { serviceEventTypes } from '../../domain/services/events';
import { assertNever } from '../../domain/shared/decider';
import type { Projection } from '../runner/projection';

/** Read model `services`: one row per service, the full record in `service` (jsonb). */
export const servicesProjection: Projection = {
  name: 'services',
  tables: ['services'],
  eventTypes: serviceEventTypes,
  async apply(trx, domainEvent) {
    const event = domainEvent as ServiceEvent;
    switch (event.type) {
      case 'ServiceCreated': {
        const { serviceId, fields, createdAt } = event.data;
        await trx.raw(
          `insert into services (id, enabled, is_public, title, title_fr, service, created_at, updated_at)
           values (?, ?, ?, ?, ?, ?::jsonb, ?, ?)
           on conflict (id) do update set enabled = excluded.enabled, is_public = excluded.is_public, title = excluded.title,
             title_fr = excluded.title_fr, service = excluded.service, created_at = excluded.created_at, updated_at = excluded.updated_at`,
          [serviceId, fields.enabled, fields.isPublic, fields.title, fields.titleFr, JSON.stringify(fields), createdAt, createdAt],
        );
        return;
      }
      case 'ServiceUpdated': {
        const { serviceId, changes, updatedAt } = event.data;
        await trx.raw(
          `update services set service = service || ?::jsonb, updated_at = ?,
             enabled = coalesce((?::jsonb ->> 'enabled')::boolean, enabled),
             is_public = coalesce((?::jsonb ->> 'isPublic')::boolean, is_public),
             title = coalesce(?::jsonb ->> 'title', title),
             title_fr = coalesce(?::jsonb ->> 'titleFr', title_fr)
           where id = ?`,
          [JSON.stringify(changes), updatedAt, ...Array(4).fill(JSON.stringify(changes)), serviceId],
        );
        return;
      }
      case 'ServiceDeleted':
        await trx('services').where({ id: event.data.serviceId }).delete();
        return;
      default:
        return assertNever(event);
    }
  },
};
