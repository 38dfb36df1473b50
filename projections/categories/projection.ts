import type { Knex } from 'knex';
import { categoryEventTypes, type CategoryEvent } from '../../domain/categories/events';
import { assertNever } from '../../domain/shared/decider';
import type { Projection } from '../runner/projection';

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
        await trx.raw(
          `insert into categories (id, name, is_default, category, created_at, updated_at)
           values (?, ?, ?, ?::jsonb, ?, ?)
           on conflict (id) do update set name = excluded.name, is_default = excluded.is_default, category = excluded.category,
             created_at = excluded.created_at, updated_at = excluded.updated_at`,
          [categoryId, fields.name, fields.isDefault, JSON.stringify(fields), createdAt, createdAt],
        );
        return;
      }
      case 'CategoryUpdated': {
        const { categoryId, changes, updatedAt } = event.data;
        if (changes.isDefault) await clearOtherDefaults(trx, categoryId);
        const json = JSON.stringify(changes);
        await trx.raw(
          `update categories set category = category || ?::jsonb, updated_at = ?,
             name = coalesce(?::jsonb ->> 'name', name),
             is_default = coalesce((?::jsonb ->> 'isDefault')::boolean, is_default)
           where id = ?`,
          [json, updatedAt, json, json, categoryId],
        );
        return;
      }
      case 'CategoryDeleted':
        await trx('categories').where({ id: event.data.categoryId }).delete();
        return;
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
