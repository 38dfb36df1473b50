import type { Knex } from 'knex';

/**
 * The locks and bookings of each calendar date, for its timeslots and statistics; and an index to find the date a
 * lane belongs to (a lock names only its calendarDateLaneId).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table calendar_dates add column holdings jsonb not null default '{"locks": [], "bookings": []}'::jsonb;
    create index calendar_dates_by_lane on calendar_dates using gin (lanes jsonb_path_ops);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index calendar_dates_by_lane; alter table calendar_dates drop column holdings;');
}
