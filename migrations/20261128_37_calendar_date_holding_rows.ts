import type { Knex } from 'knex';

/**
 * The locks and bookings of each calendar date, one row each (issue 13). In a JSON column of the date, every lock,
 * release and booking rewrote all of them (kilobytes on a busy day, parsed, compressed and logged again): under a rush
 * that rewrite was most of the calendar-dates projector's time, and so of the lag between a booking and the screens
 * that show it. A row each: a lock inserts one small row, a booking replaces its lock's row with its own.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table calendar_date_holdings (
      calendar_id integer not null,
      date text not null,
      kind text not null check (kind in ('lock', 'booking')),
      key text not null,
      holding jsonb not null,
      primary key (calendar_id, date, kind, key)
    );
    insert into calendar_date_holdings (calendar_id, date, kind, key, holding)
      select d.calendar_id, d.date, 'lock', lock->>'token', lock
        from calendar_dates d cross join jsonb_array_elements(d.holdings->'locks') lock
      union all
      select d.calendar_id, d.date, 'booking', booking->>'appointmentId', booking
        from calendar_dates d cross join jsonb_array_elements(d.holdings->'bookings') booking
      on conflict do nothing;
    alter table calendar_dates drop column holdings;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table calendar_dates add column holdings jsonb not null default '{"locks": [], "bookings": []}'::jsonb;
    update calendar_dates d set holdings = jsonb_build_object(
      'locks', coalesce((select jsonb_agg(h.holding order by h.key) from calendar_date_holdings h
                          where h.calendar_id = d.calendar_id and h.date = d.date and h.kind = 'lock'), '[]'::jsonb),
      'bookings', coalesce((select jsonb_agg(h.holding order by h.key) from calendar_date_holdings h
                             where h.calendar_id = d.calendar_id and h.date = d.date and h.kind = 'booking'), '[]'::jsonb));
    drop table calendar_date_holdings;
  `);
}
