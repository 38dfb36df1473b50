import type { Knex } from 'knex';

/** Read model of calendars: columns for what lists filter on, the full settings in `settings`. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table calendars (
      id integer primary key,
      name text not null,
      enabled boolean not null,
      group_session boolean not null,
      location_id integer,
      category_id integer,
      settings jsonb not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table calendars;');
}
