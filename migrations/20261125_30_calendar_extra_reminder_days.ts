import type { Knex } from 'knex';

/**
 * Calendars gained extra reminder days (issue 19). Their events are upcast as they are read (a calendar created
 * before has none), but rows projected before keep the settings they were written with, and a later CalendarUpdated
 * is merged onto those: give every such row the empty list its events now read as, as a rebuild would.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    update calendars set settings = jsonb_build_object('extraReminderDays', '[]'::jsonb) || settings
    where settings -> 'extraReminderDays' is null;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`update calendars set settings = settings - 'extraReminderDays';`);
}
