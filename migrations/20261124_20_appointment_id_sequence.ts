import type { Knex } from 'knex';

/**
 * Appointment ids from a sequence (issue 13): every booking incremented the one `id_counters` row of appointments,
 * so concurrent bookings queued on its row lock, one commit at a time. A sequence hands out numbers without a lock
 * (a refused booking leaves its number unused, as before). It starts after the last id the counter gave.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create sequence appointment_ids;
    select setval('appointment_ids', coalesce((select value from id_counters where category = 'appointment'), 0) + 1, false);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    insert into id_counters (category, value) values ('appointment', (select last_value from appointment_ids))
      on conflict (category) do update set value = greatest(id_counters.value, excluded.value);
    drop sequence appointment_ids;
  `);
}
