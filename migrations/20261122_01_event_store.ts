import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table es_streams (
      stream_id text primary key,
      revision bigint not null check (revision >= 0)
    );
    create table es_events (
      global_position bigint generated always as identity primary key,
      tx_id xid8 not null default pg_current_xact_id(),
      stream_id text not null references es_streams (stream_id),
      stream_revision bigint not null,
      event_id uuid not null,
      type text not null,
      schema_version integer not null default 1,
      data jsonb not null,
      metadata jsonb not null,
      recorded_at timestamptz not null default now(),
      constraint es_events_event_id_key unique (event_id),
      constraint es_events_stream_revision_key unique (stream_id, stream_revision)
    );
    create index es_events_log_order on es_events (tx_id, global_position);
    create index es_events_type on es_events (type);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table es_events; drop table es_streams;');
}
