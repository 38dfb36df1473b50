import type { DomainCommand } from '../shared/decider';
import type { CategoryFields } from './category';

export type CreateCategory = DomainCommand<
  'CreateCategory',
  { categoryId: number; fields: CategoryFields; now: string }
>;
/**
 * `isDefaultNow` is looked up in the read model: whether this category holds the default flag today. Another
 * category becoming the default takes the flag away without an event on this stream, so the stream alone cannot tell.
 */
export type UpdateCategory = DomainCommand<
  'UpdateCategory',
  { categoryId: number; fields: CategoryFields; isDefaultNow: boolean; now: string }
>;
/** `inUseBy` is looked up in the calendars read model: how many calendars name this category. */
export type DeleteCategory = DomainCommand<'DeleteCategory', { categoryId: number; inUseBy: number; now: string }>;

export type CategoryCommand = CreateCategory | UpdateCategory | DeleteCategory;
