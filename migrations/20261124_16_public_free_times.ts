import type { Knex } from 'knex';

/**
 * Public availability kept by the calendar-dates projector (issue 13): each date's free start times by duration,
 * with the span of time they hold for (until the first lock counted in them lapses). Rows written before this
 * migration have none; the query computes theirs from the lanes and holdings until the date next changes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table calendar_dates
      add column free_times jsonb,
      add column free_times_from timestamptz,
      add column free_times_until timestamptz;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'alter table calendar_dates drop column free_times, drop column free_times_from, drop column free_times_until;',
  );
}
