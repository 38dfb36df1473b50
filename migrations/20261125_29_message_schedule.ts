import type { Knex } from 'knex';

/**
 * What projections/messages remembers to schedule reminders and notices (issue 19), rebuilt from the log like any
 * read model (unlike message_queue, which it feeds and never replaces):
 * - message_calendars: each calendar's e-mail and reminder settings;
 * - message_sessions: the dates of group-session series, to find a series' first session;
 * - message_appointments: each live appointment or registration's place (a registration's: its series' first
 *   session) and only the contact details its messages need (the reminder's e-mail, the chosen phone number, names,
 *   code). A row goes when its appointment does.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table message_calendars (
      calendar_id integer primary key,
      emails_enabled boolean not null,
      reminder_template_id integer,
      reminder_threshold integer,
      extra_reminder_days integer[] not null default '{}'
    );
    create table message_sessions (
      calendar_id integer not null,
      date text not null,
      series_id integer not null,
      start_time text not null,
      end_time text not null,
      primary key (calendar_id, date)
    );
    create index message_sessions_series on message_sessions (series_id, date);
    create table message_appointments (
      appointment_id integer primary key,
      calendar_id integer not null,
      series_id integer,
      date text,
      start_time text,
      end_time text,
      language text not null,
      email text not null,
      reminder_email boolean not null,
      phone_channel text,
      phone_recipient text,
      phone_skipped text,
      client_names jsonb not null,
      confirmation_code text not null,
      version integer not null
    );
    create index message_appointments_calendar on message_appointments (calendar_id, date);
    create index message_appointments_series on message_appointments (series_id) where series_id is not null;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table message_appointments; drop table message_sessions; drop table message_calendars');
}
