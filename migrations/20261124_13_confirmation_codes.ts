import type { Knex } from 'knex';

/**
 * Confirmation codes given so far. A code is drawn at random and reserved here before the booking is decided, so
 * the primary key makes each code unique for good, even when two draws collide. Existing codes are carried over
 * from the event log and, for an EventStoreDB log, from the read models.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table confirmation_codes (
      code text primary key,
      reserved_at timestamptz not null default now()
    );
    insert into confirmation_codes (code)
      select data->>'confirmationCode' from es_events where data->>'confirmationCode' is not null
      union select confirmation_code from appointments
      union select confirmation_code from group_session_registrations
    on conflict do nothing;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table confirmation_codes;');
}
