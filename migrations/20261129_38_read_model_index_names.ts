import type { Knex } from 'knex';

/**
 * Indexes of read models get back the names their migrations gave them. A rebuild (`npm run projections:rebuild`)
 * used to swap in copies made `like` the live tables, whose indexes PostgreSQL names after their columns
 * (`appointments_confirmation_code_idx`): a later migration that drops one by its name would fail. Rebuilds now keep
 * the names (`projections/runner/index-names.ts`); this renames what earlier rebuilds left, each index found by its
 * definition. A database never rebuilt has nothing to rename.
 */
const NAMED: [table: string, name: string, shape: string][] = [
  [
    'appointment_history',
    'appointment_history_by_appointment',
    'CREATE INDEX ON USING btree (appointment_id, commit_position, prepare_position)',
  ],
  ['appointments', 'appointments_by_confirmation_code', 'CREATE INDEX ON USING btree (confirmation_code)'],
  ['appointments', 'appointments_by_date', 'CREATE INDEX ON USING btree (calendar_id, date)'],
  ['calendar_date_lanes', 'calendar_date_lanes_by_date', 'CREATE INDEX ON USING btree (calendar_date_id)'],
  ['calendar_dates', 'calendar_dates_by_date', 'CREATE INDEX ON USING btree (date)'],
  [
    'calendar_dates',
    'calendar_dates_by_series',
    'CREATE INDEX ON USING btree (series_id) WHERE (series_id IS NOT NULL)',
  ],
  ['calendar_dates', 'calendar_dates_calendar_date_id_key', 'CREATE UNIQUE INDEX ON USING btree (calendar_date_id)'],
  ['categories', 'categories_single_default', 'CREATE UNIQUE INDEX ON USING btree (is_default) WHERE is_default'],
  ['group_session_registrations', 'group_session_registrations_by_series', 'CREATE INDEX ON USING btree (series_id)'],
  ['group_session_series', 'group_session_series_by_calendar', 'CREATE INDEX ON USING btree (calendar_id)'],
  ['message_appointments', 'message_appointments_calendar', 'CREATE INDEX ON USING btree (calendar_id, date)'],
  [
    'message_appointments',
    'message_appointments_series',
    'CREATE INDEX ON USING btree (series_id) WHERE (series_id IS NOT NULL)',
  ],
  ['message_sessions', 'message_sessions_series', 'CREATE INDEX ON USING btree (series_id, date)'],
  ['request_forms', 'request_forms_by_requester', 'CREATE INDEX ON USING btree (created_by, created_at DESC)'],
  ['request_forms', 'request_forms_newest', 'CREATE INDEX ON USING btree (created_at DESC, id DESC)'],
  ['services', 'services_public', 'CREATE INDEX ON USING btree (enabled, is_public)'],
  ['users', 'users_email', 'CREATE INDEX ON USING btree (email)'],
  ['waitlist_entries', 'waitlist_entries_by_date', 'CREATE INDEX ON USING btree (calendar_id, date, status)'],
  [
    'waitlist_entries',
    'waitlist_entries_by_hold_token',
    'CREATE UNIQUE INDEX ON USING btree (hold_token) WHERE (hold_token IS NOT NULL)',
  ],
  ['waitlist_entries', 'waitlist_entries_by_series', 'CREATE INDEX ON USING btree (calendar_id, series_id, status)'],
];

export async function up(knex: Knex): Promise<void> {
  const { rows } = await knex.raw<{ rows: { table: string; name: string; shape: string }[] }>(
    `select t.relname as table, c.relname as name,
            regexp_replace(pg_get_indexdef(c.oid), 'INDEX \\S+ ON \\S+', 'INDEX ON') as shape
       from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
      where t.relnamespace = 'public'::regnamespace`,
  );
  const names = new Set(rows.map((row) => row.name));
  for (const [table, name, shape] of NAMED) {
    if (names.has(name)) continue;
    const found = rows.find((row) => row.table === table && row.shape === shape);
    if (found) await knex.raw(`alter index public.${found.name} rename to ${name}`);
  }
}

/** Nothing to undo: the names are those the earlier migrations chose. */
export async function down(): Promise<void> {}
