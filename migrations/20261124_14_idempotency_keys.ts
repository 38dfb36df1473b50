import type { Knex } from 'knex';

/**
 * Idempotency keys of booking requests (`Idempotency-Key`): per scope (the public, or one staff user), the request's
 * fingerprint and the appointment id and confirmation code reserved for it before the booking was decided, so that a
 * retry of the same request books with the same ids, or answers the booking the first attempt made. Rows older than
 * a day are purged as new keys arrive.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table idempotency_keys (
      scope text not null,
      key text not null,
      fingerprint text not null,
      appointment_id integer not null,
      confirmation_code text not null,
      created_at timestamptz not null,
      primary key (scope, key)
    );
    create index idempotency_keys_by_age on idempotency_keys (created_at);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table idempotency_keys;');
}
