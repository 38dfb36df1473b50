import type { Knex } from 'knex';

/**
 * Read model of the waitlists (issue 20 item 6): one row per entry, with its target (a series or a date), its
 * standing, its place in line (`line_position`: the revision of its join in the target's stream, so the order of
 * joining) and its offer. `taken_by_appointment_id` is the booking made under the offer's hold, before the process
 * records the offer taken.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table waitlist_entries (
      entry_id uuid primary key,
      stream_id text not null,
      calendar_id integer not null,
      series_id integer,
      date text,
      service_id integer not null,
      email text not null,
      language text not null,
      spots integer not null,
      duration integer,
      status text not null,
      line_position bigint not null,
      joined_at timestamptz not null,
      hold_token text,
      lane_id integer,
      start_time text,
      end_time text,
      offer_made_at timestamptz,
      offer_expires_at timestamptz,
      taken_by_appointment_id integer,
      appointment_id integer,
      updated_at timestamptz not null
    );
    create index waitlist_entries_by_series on waitlist_entries (calendar_id, series_id, status);
    create index waitlist_entries_by_date on waitlist_entries (calendar_id, date, status);
    create unique index waitlist_entries_by_hold_token on waitlist_entries (hold_token) where hold_token is not null;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table waitlist_entries;');
}
