import type { Knex } from 'knex';

/**
 * Read models of the reference data (categories, locations, e-mail templates): columns for what lists sort and
 * filter on, the full record in jsonb. At most one category is the default (see projections/categories).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table categories (
      id integer primary key,
      name text not null,
      is_default boolean not null,
      category jsonb not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create unique index categories_single_default on categories (is_default) where is_default;
    create table locations (
      id integer primary key,
      name text not null,
      name_fr text not null,
      office_region text not null,
      is_virtual boolean not null,
      location jsonb not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create table email_templates (
      id integer primary key,
      name text not null,
      template jsonb not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table email_templates; drop table locations; drop table categories;');
}
