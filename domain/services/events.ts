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
