import type { Knex } from 'knex';

/**
 * Issue 18, the auditors' event log (projections/audit-events): what its filters need on a big log that the event
 * store's own indexes (position, log order, type, stream and revision, event id) do not give.
 *  - Events of one staff member, newest first: a partial index of (user id, position) over the events whose actor is
 *    a user. Public bookings and locks, the bulk and the hot path of appends, are not in it; a staff command pays
 *    one more index entry per event.
 *  - Events of the system (the demo seed, jobs): a partial index of their positions, as few as they are.
 *  - A time range: a BRIN index of recorded_at (a summary per 128 pages: a few kB for a million events, nothing
 *    measurable on an append), as recorded_at grows with the position.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create index es_events_staff_actor on es_events (((metadata -> 'actor') ->> 'userId'), global_position)
      where ((metadata -> 'actor') ->> 'userId') is not null;
    create index es_events_system_actor on es_events (global_position)
      where ((metadata -> 'actor') ->> 'system') is not null;
    create index es_events_recorded_at on es_events using brin (recorded_at);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index es_events_staff_actor, es_events_system_actor, es_events_recorded_at;');
}
