import type { Knex } from 'knex';

/**
 * Issue 18 item 4: the access log, one row per staff read of personal health information (who, when, from which
 * address, which records). Each row carries the hash of the one before it (commands/access-log), and a trigger
 * refuses every UPDATE, DELETE and TRUNCATE, so the application can only append. Rows are written in batches by
 * the recorder under one advisory lock, so the positions and the chain agree across processes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table access_log (
      position bigint generated always as identity primary key,
      at timestamptz not null,
      user_id integer not null,
      roles text[] not null,
      client_address text,
      request_id text,
      action text not null,
      records jsonb not null,
      details jsonb not null,
      prev_hash text not null,
      hash text not null
    );
    create index access_log_by_user on access_log (user_id, position);
    create index access_log_records on access_log using gin (records jsonb_path_ops);
    create index access_log_at on access_log (at);
    -- Reports and exports name a range, not appointments: "who looked at this record?" looks through these too.
    create index access_log_ranges on access_log (position) where action in ('report', 'report.csv', 'export');

    create function access_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'access_log is append-only (% refused)', tg_op using errcode = 'AL001';
    end;
    $$;
    create trigger access_log_no_update before update or delete on access_log
      for each row execute function access_log_append_only();
    create trigger access_log_no_truncate before truncate on access_log
      for each statement execute function access_log_append_only();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table access_log; drop function access_log_append_only();');
}
