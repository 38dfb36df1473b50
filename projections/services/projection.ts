import { serviceEventTypes, type ServiceEvent } from '../../domain/services/events';
import type { ServiceFields } from '../../domain/services/service';
import { assertNever } from '../../domain/shared/decider';
import type { Projection } from '../runner/projection';
import { recordTable } from '../shared/record-table';

const services = recordTable<ServiceFields>({
  table: 'services',
  record: 'service',
  columns: {
    enabled: { field: 'enabled', cast: 'boolean' },
    is_public: { field: 'isPublic', cast: 'boolean' },
    title: { field: 'title' },
    title_fr: { field: 'titleFr' },
  },
});

/** Read model `services`: one row per service, the full record in `service` (jsonb). */
export const servicesProjection: Projection = {
  name: 'services',
  tables: ['services'],
  eventTypes: serviceEventTypes,
  async apply(trx, domainEvent) {
    const event = domainEvent as ServiceEvent;
    switch (event.type) {
      case 'ServiceCreated':
        return services.create(trx, event.data.serviceId, event.data.fields, event.data.createdAt);
      case 'ServiceUpdated':
        return services.merge(trx, event.data.serviceId, event.data.changes, event.data.updatedAt);
      case 'ServiceDeleted':
        return services.delete(trx, event.data.serviceId);
      default:
        return assertNever(event);
    }
  },
};
