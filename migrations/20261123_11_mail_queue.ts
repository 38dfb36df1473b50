import type { Knex } from 'knex';

/**
 * The outgoing-mail queue (projections/confirmation-mails fills it, commands/confirmation-mails sends from it). One
 * row per appointment and purpose. It keeps only what the message needs; the dispatcher clears the recipient, the
 * names and the code once the row is done with. Not a read model: a rebuild must never send again, so it is never
 * replaced, only added to.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table mail_queue (
      id bigserial primary key,
      purpose text not null,
      appointment_id integer not null,
      calendar_id integer not null,
      series_id integer,
      date text,
      start_time text,
      end_time text,
      language text not null check (language in ('en', 'fr')),
      recipient text,
      client_names jsonb,
      confirmation_code text,
      booked_at timestamptz not null,
      status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed', 'skipped')),
      attempts integer not null default 0,
      due_at timestamptz not null,
      lease_until timestamptz,
      last_error text,
      sent_at timestamptz,
      updated_at timestamptz not null,
      unique (appointment_id, purpose)
    );
    create index mail_queue_due on mail_queue (due_at) where status in ('pending', 'sending');
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table mail_queue');
}
