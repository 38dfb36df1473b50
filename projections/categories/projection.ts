import type { Knex } from 'knex';
import type { CategoryFields } from '../../domain/categories/category';
import { categoryEventTypes, type CategoryEvent } from '../../domain/categories/events';
import { assertNever } from '../../domain/shared/decider';
import type { Projection } from '../runner/projection';
import { recordTable } from '../shared/record-table';

const categories = recordTable<CategoryFields>({
  table: 'categories',
  record: 'category',
  columns: { name: { field: 'name' }, is_default: { field: 'isDefault', cast: 'boolean' } },
});

/**
 * Read model `categories`: one row per category, the full record in `category` (jsonb).
 *
 * The single default: a category that becomes the default (created or updated with `isDefault`) takes the flag
 * from every other one here, so only the latest default keeps it. This is a rule of the read model rather than of
 * the deciders, because it spans streams: each category's stream records only what was asked of that category, and
 * the log's order decides which default is the latest, the same way on a rebuild. A partial unique index keeps it.
 */
export const categoriesProjection: Projection = {
  name: 'categories',
  tables: ['categories'],
  eventTypes: categoryEventTypes,
  async apply(trx, domainEvent) {
    const event = domainEvent as CategoryEvent;
    switch (event.type) {
      case 'CategoryCreated': {
        const { categoryId, fields, createdAt } = event.data;
        if (fields.isDefault) await clearOtherDefaults(trx, categoryId);
        return categories.create(trx, categoryId, fields, createdAt);
      }
      case 'CategoryUpdated': {
        const { categoryId, changes, updatedAt } = event.data;
        if (changes.isDefault) await clearOtherDefaults(trx, categoryId);
        return categories.merge(trx, categoryId, changes, updatedAt);
      }
      case 'CategoryDeleted':
        return categories.delete(trx, event.data.categoryId);
      default:
        return assertNever(event);
    }
  },
};

async function clearOtherDefaults(trx: Knex.Transaction, categoryId: number): Promise<void> {
  await trx.raw(
    `update categories set is_default = false, category = jsonb_set(category, '{isDefault}', 'false')
     where is_default and id <> ?`,
    [categoryId],
  );
}
