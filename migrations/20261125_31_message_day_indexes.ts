import type { Knex } from 'knex';

/**
 * The Messages screen lists a day's messages: those sent that day, and those not sent yet due that day, i.e. by
 * `coalesce(sent_at, due_at)` (projections/messages/queries.ts). A year of reminders is hundreds of thousands of rows;
 * these keep a day's page an index range scan. Two indexes of migration 28 that no query uses go: every queued
 * reminder paid for them (a replay of a busy log queues hundreds of thousands).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create index message_queue_day on message_queue ((coalesce(sent_at, due_at)));
    create index mail_queue_day on mail_queue ((coalesce(sent_at, due_at)));
    drop index message_queue_calendar_pending;
    drop index message_queue_updated;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index message_queue_day;
    drop index mail_queue_day;
    create index message_queue_calendar_pending on message_queue (calendar_id) where status = 'pending';
    create index message_queue_updated on message_queue (updated_at);
  `);
}
