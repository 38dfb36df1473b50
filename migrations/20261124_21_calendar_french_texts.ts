import type { Knex } from 'knex';

/**
 * Calendars gained a French name and description (issue 14). Their events are upcast as they are read (a calendar
 * created before has none: empty texts), but the rows projected before keep the settings they were written with,
 * and a later CalendarUpdated is merged onto those: give every such row the empty French texts its events now read
 * as, so the read model is what a rebuild would make.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    update calendars set settings = jsonb_build_object('nameFr', '', 'descriptionFr', '') || settings
    where settings -> 'nameFr' is null or settings -> 'descriptionFr' is null;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`update calendars set settings = settings - 'nameFr' - 'descriptionFr';`);
}
