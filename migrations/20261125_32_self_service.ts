import type { Knex } from 'knex';

/**
 * Issue 20, the public manages its own booking: an appointment remembers the service it was booked through (null for
 * staff bookings and those booked before), and a confirmation code finds its appointment at once. Services projected
 * before get the self-service settings their events now read as (upcaster ServiceCreated@1), as a rebuild would.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table appointments add column service_id integer;
    create index appointments_by_confirmation_code on appointments (confirmation_code);
    update services set service =
      jsonb_build_object('selfServiceEnabled', true, 'selfServiceCutoffHours', 24, 'waitlistOfferHours', 12) || service
    where service -> 'selfServiceEnabled' is null;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index appointments_by_confirmation_code;
    alter table appointments drop column service_id;
    update services set service = service - 'selfServiceEnabled' - 'selfServiceCutoffHours' - 'waitlistOfferHours';
  `);
}
