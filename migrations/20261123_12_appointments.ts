import type { Knex } from 'knex';

/**
 * Appointments as staff open them (one row each, where it is now, with its details and version) and the history
 * of each, one row per event that touched it: who, when, what, which fields. Registrations of group sessions are
 * appointments too (series_id set, no date).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table appointments (
      id integer primary key,
      calendar_id integer not null,
      date text,
      lane_id integer,
      start_time text,
      end_time text,
      series_id integer,
      confirmation_code text not null,
      version integer not null,
      appointment jsonb not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index appointments_by_date on appointments (calendar_id, date);

    create table appointment_history (
      appointment_id integer not null,
      event_id uuid not null,
      -- the event's place in the global log, for the order (no serial: a rebuild swaps the table in whole)
      commit_position numeric not null,
      prepare_position numeric not null,
      at timestamptz not null,
      actor jsonb not null,
      action text not null,
      changes jsonb not null,
      from_place jsonb,
      to_place jsonb
    );
    alter table appointment_history add primary key (appointment_id, event_id);
    create index appointment_history_by_appointment on appointment_history (appointment_id, commit_position, prepare_position);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table appointment_history; drop table appointments;');
}
