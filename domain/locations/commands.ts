import type { DomainCommand } from '../shared/decider';
import type { LocationFields } from './location';

export type CreateLocation = DomainCommand<
  'CreateLocation',
  { locationId: number; fields: LocationFields; now: string }
>;
export type UpdateLocation = DomainCommand<
  'UpdateLocation',
  { locationId: number; fields: LocationFields; now: string }
>;
/** `inUseBy` is looked up in the calendars read model: how many calendars name this location. */
export type DeleteLocation = DomainCommand<'DeleteLocation', { locationId: number; inUseBy: number; now: string }>;

export type LocationCommand = CreateLocation | UpdateLocation | DeleteLocation;
