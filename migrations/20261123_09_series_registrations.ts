import type { Knex } from 'knex';

/**
 * Registrations of group-session series: the spots each takes (the series' spots left and count are derived from
 * them), the holds of people filling the form right now (a session whose spots are all held shows as locked), and
 * each registration's details for the staff's registrations page.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table group_session_series
      add column spots_taken integer not null default 0,
      add column holds jsonb not null default '[]'::jsonb;

    create table group_session_registrations (
      appointment_id integer primary key,
      series_id integer not null,
      calendar_id integer not null,
      spots integer not null,
      confirmation_code text not null,
      appointment jsonb not null,
      registered_at timestamptz not null
    );
    create index group_session_registrations_by_series on group_session_registrations (series_id);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'drop table group_session_registrations; alter table group_session_series drop column spots_taken, drop column holds;',
  );
}
