import type { DomainEvent } from '../shared/decider';
import type { CategoryFields } from './category';

export type CategoryCreated = DomainEvent<
  'CategoryCreated',
  { categoryId: number; fields: CategoryFields; createdAt: string }
>;
/** Only the fields that changed. */
export type CategoryUpdated = DomainEvent<
  'CategoryUpdated',
  { categoryId: number; changes: Partial<CategoryFields>; updatedAt: string }
>;
export type CategoryDeleted = DomainEvent<'CategoryDeleted', { categoryId: number; deletedAt: string }>;

export type CategoryEvent = CategoryCreated | CategoryUpdated | CategoryDeleted;
export const categoryEventTypes: CategoryEvent['type'][] = ['CategoryCreated', 'CategoryUpdated', 'CategoryDeleted'];
