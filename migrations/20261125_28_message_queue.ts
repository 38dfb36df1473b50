import type { Knex } from 'knex';

/**
 * Reminders and notices to clients (issue 19): one row per message, keyed by what it is for (`message_key`, see
 * domain/messages/message.ts), so a replay or a second instance never queues it twice. projections/messages fills
 * and reschedules it; commands/messages sends from it. Like mail_queue it is not a read model: a rebuild must never
 * send again, so rows are only added to or updated while still pending, never replaced. The recipient, names and
 * code are cleared once a row is done with.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table message_queue (
      id bigserial primary key,
      message_key text not null unique,
      kind text not null check (kind in ('reminder', 'moved', 'cancelled')),
      channel text not null check (channel in ('email', 'sms', 'voice')),
      appointment_id integer not null,
      calendar_id integer not null,
      series_id integer,
      date text,
      start_time text,
      end_time text,
      offset_days integer,
      language text not null check (language in ('en', 'fr')),
      recipient text,
      client_names jsonb,
      confirmation_code text,
      sequence integer not null default 0,
      status text not null default 'pending'
        check (status in ('pending', 'sending', 'sent', 'failed', 'skipped', 'cancelled')),
      attempts integer not null default 0,
      due_at timestamptz not null,
      lease_until timestamptz,
      last_error text,
      sent_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index message_queue_due on message_queue (due_at) where status in ('pending', 'sending');
    create index message_queue_appointment on message_queue (appointment_id);
    create index message_queue_calendar_pending on message_queue (calendar_id) where status = 'pending';
    create index message_queue_updated on message_queue (updated_at);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table message_queue');
}
