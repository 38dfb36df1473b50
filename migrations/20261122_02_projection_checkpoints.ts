import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table projection_checkpoints (
      name text primary key,
      commit_position numeric(20, 0),
      prepare_position numeric(20, 0),
      events_handled bigint not null default 0,
      updated_at timestamptz not null default now()
    );
    create table id_counters (
      category text primary key,
      value bigint not null
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table projection_checkpoints; drop table id_counters;');
}
