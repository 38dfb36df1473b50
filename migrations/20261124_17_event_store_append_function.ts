import type { Knex } from 'knex';

/**
 * One round trip per append (issue 13): the store's append was begin, a revision reservation per stream, the insert
 * and commit, four or more round trips that each held the stream's row lock a little longer. `es_append` does the
 * same steps in one statement: streams in the caller's (sorted) order, each reserved exactly as before, a stale
 * expected revision raised as SQLSTATE ES409 with the stream in DETAIL and its actual revision in HINT.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function es_append(
      p_streams text[], p_kinds text[], p_expected bigint[], p_counts int[],
      p_event_streams text[], p_ids uuid[], p_types text[], p_versions int[], p_data jsonb[], p_metadata jsonb[]
    ) returns table (o_revisions bigint[], o_position bigint, o_tx_id text)
    language plpgsql as $fn$
    declare
      last_revisions bigint[] := '{}';
      event_revisions bigint[] := '{}';
      reserved bigint;
      actual bigint;
    begin
      for i in 1 .. coalesce(array_length(p_streams, 1), 0) loop
        reserved := null;
        if p_kinds[i] = 'any' then
          insert into es_streams as s (stream_id, revision) values (p_streams[i], p_counts[i] - 1)
            on conflict (stream_id) do update set revision = s.revision + p_counts[i] returning s.revision into reserved;
        elsif p_kinds[i] = 'no_stream' then
          insert into es_streams as s (stream_id, revision) values (p_streams[i], p_counts[i] - 1)
            on conflict (stream_id) do nothing returning s.revision into reserved;
        elsif p_kinds[i] = 'stream_exists' then
          update es_streams s set revision = s.revision + p_counts[i] where s.stream_id = p_streams[i] returning s.revision into reserved;
        else
          update es_streams s set revision = s.revision + p_counts[i]
            where s.stream_id = p_streams[i] and s.revision = p_expected[i] returning s.revision into reserved;
        end if;
        if reserved is null then
          select s.revision into actual from es_streams s where s.stream_id = p_streams[i];
          raise exception using errcode = 'ES409', message = 'wrong expected revision', detail = p_streams[i], hint = coalesce(actual, -1)::text;
        end if;
        last_revisions := last_revisions || reserved;
        event_revisions := event_revisions || array(select reserved - p_counts[i] + g from generate_series(1, p_counts[i]) g);
      end loop;
      return query
        with inserted as (
          insert into es_events (stream_id, stream_revision, event_id, type, schema_version, data, metadata)
          select * from unnest(p_event_streams, event_revisions, p_ids, p_types, p_versions, p_data, p_metadata)
          returning es_events.global_position, es_events.tx_id)
        select last_revisions, (select max(global_position) from inserted), (select inserted.tx_id::text from inserted limit 1);
    end
    $fn$;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'drop function es_append(text[], text[], bigint[], int[], text[], uuid[], text[], int[], jsonb[], jsonb[])',
  );
}
