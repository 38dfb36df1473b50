import type { Knex } from 'knex';

/**
 * Read models of the scheduling screens: calendar dates with their statistics (dates tool, overview, booking
 * screens) and group-session series. Dates are kept as 'YYYY-MM-DD' text: they are plain dates that must never
 * shift with a time zone, and they sort as text.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table calendars add column show_on_dashboard boolean not null default true;

    create table calendar_dates (
      calendar_id integer not null,
      date text not null check (date ~ '^\\d{4}-\\d{2}-\\d{2}$'),
      calendar_date_id integer not null unique,
      enabled boolean not null,
      lanes jsonb not null,
      series_id integer,
      capacity integer not null,
      appointment_count integer not null,
      client_count integer not null,
      booked_slot_count integer not null,
      total_slot_count integer not null,
      first_appointment_time text,
      last_appointment_time text,
      min_start_time text,
      max_end_time text,
      lane_count integer not null,
      updated_at timestamptz not null,
      primary key (calendar_id, date)
    );
    create index calendar_dates_by_date on calendar_dates (date);
    create index calendar_dates_by_series on calendar_dates (series_id) where series_id is not null;

    create table group_session_series (
      id integer primary key,
      calendar_id integer not null,
      name text not null,
      deadline text not null,
      spots integer not null,
      registration_count integer not null default 0,
      created_at timestamptz not null
    );
    create index group_session_series_by_calendar on group_session_series (calendar_id);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'drop table group_session_series; drop table calendar_dates; alter table calendars drop column show_on_dashboard;',
  );
}
