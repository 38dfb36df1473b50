import type { DomainEvent } from '../shared/decider';
import type { LocationFields } from './location';

export type LocationCreated = DomainEvent<
  'LocationCreated',
  { locationId: number; fields: LocationFields; createdAt: string }
>;
/** Only the fields that changed. */
export type LocationUpdated = DomainEvent<
  'LocationUpdated',
  { locationId: number; changes: Partial<LocationFields>; updatedAt: string }
>;
export type LocationDeleted = DomainEvent<'LocationDeleted', { locationId: number; deletedAt: string }>;

export type LocationEvent = LocationCreated | LocationUpdated | LocationDeleted;
export const locationEventTypes: LocationEvent['type'][] = ['LocationCreated', 'LocationUpdated', 'LocationDeleted'];
