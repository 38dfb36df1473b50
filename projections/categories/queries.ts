import type { Knex } from 'knex';
import type { CategoryFields } from '../../domain/categories/category';

export interface CategoryRecord extends CategoryFields {
  id: number;
  createdAt: string;
  updatedAt: string;
}

interface CategoryRow {
  id: number;
  name: string;
  is_default: boolean;
  category: CategoryFields;
  created_at: Date;
  updated_at: Date;
}

const toRecord = (row: CategoryRow): CategoryRecord => ({
  ...row.category,
  isDefault: row.is_default,
  id: row.id,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** Every category, ordered by name. */
export async function listCategories(knex: Knex): Promise<CategoryRecord[]> {
  const rows = await knex<CategoryRow>('categories').orderBy([{ column: 'name' }, { column: 'id' }]);
  return rows.map(toRecord);
}

export async function findCategory(knex: Knex, id: number): Promise<CategoryRecord | undefined> {
  const row = await knex<CategoryRow>('categories').where({ id }).first();
  return row && toRecord(row);
}

/** How many calendars name the category (from the calendars read model). */
export async function countCalendarsInCategory(knex: Knex, categoryId: number): Promise<number> {
  const row = await knex('calendars')
    .where({ category_id: categoryId })
    .count<{ count: string }>({ count: '*' })
    .first();
  return Number(row?.count ?? 0);
}
