import type { Knex } from 'knex';

/** Read model of services: columns for what queries filter and sort on, the full record in `service`. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table services (
      id integer primary key,
      enabled boolean not null,
      is_public boolean not null,
      title text not null,
      title_fr text not null,
      service jsonb not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index services_public on services (enabled, is_public);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table services;');
}
