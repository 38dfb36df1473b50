import type { DomainEvent } from '../shared/decider';
import type { ServiceFields } from './service';

export type ServiceCreated = DomainEvent<
  'ServiceCreated',
  { serviceId: number; fields: ServiceFields; createdAt: string }
>;
/** Only the fields that changed. */
export type ServiceUpdated = DomainEvent<
  'ServiceUpdated',
  { serviceId: number; changes: Partial<ServiceFields>; updatedAt: string }
>;
export type ServiceDeleted = DomainEvent<'ServiceDeleted', { serviceId: number; deletedAt: string }>;

export type ServiceEvent = ServiceCreated | ServiceUpdated | ServiceDeleted;
export const serviceEventTypes: ServiceEvent['type'][] = ['ServiceCreated', 'ServiceUpdated', 'ServiceDeleted'];

/**
 * ServiceCreated gained the self-service settings (issue 20) in version 2 (upcaster in
 * domain/event-store/upcasters.ts). ServiceUpdated carries only what changed, so an older one is still current.
 */
export const serviceSchemaVersions = { ServiceCreated: 2 } as const;
