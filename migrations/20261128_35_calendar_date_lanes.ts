import type { Knex } from 'knex';

/**
 * Where each lane is (issue 13): every public lock and booking looks up its lane's date. The GIN index over
 * `calendar_dates.lanes` found it, but a date's row is rewritten on every lock and booking, so under a rush the
 * index's pending list grew and each lookup scanned it (~30 ms a query in the benchmark). A table of lane ids, written
 * by the calendar-dates projector only when a date's lanes change, answers by its primary key; the GIN index goes, and
 * with it an index update on every rewrite of a date.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table calendar_date_lanes (
      lane_id integer primary key,
      calendar_date_id integer not null
    );
    create index calendar_date_lanes_by_date on calendar_date_lanes (calendar_date_id);
    insert into calendar_date_lanes (lane_id, calendar_date_id)
      select (lane->>'id')::int, d.calendar_date_id from calendar_dates d cross join jsonb_array_elements(d.lanes) lane
      on conflict do nothing;
  `);
  // By what it is rather than by name: a rebuild before migration 38 renamed it (calendar_dates_lanes_idx).
  const { rows } = await knex.raw<{ rows: { name: string }[] }>(
    `select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
      where i.indrelid = 'calendar_dates'::regclass and a.amname = 'gin'`,
  );
  for (const { name } of rows) await knex.raw(`drop index ${name}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop table calendar_date_lanes;
    create index calendar_dates_by_lane on calendar_dates using gin (lanes jsonb_path_ops);
  `);
}
