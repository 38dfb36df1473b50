import type { Knex } from 'knex';

/**
 * Group commit of independent appends (issue 13): `es_append_each` takes several appends of one stream each, as
 * `es_append` takes the streams of one append (same arguments, streams in sorted order, so that it locks stream rows
 * in the order every append does), and writes in one transaction those whose expected revision holds. A stale one is
 * not raised: it is skipped, its revision answered null, so that the others are written. Answers, by stream, the
 * last revision reserved (null: refused) and the position of its last event.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function es_append_each(
      p_streams text[], p_kinds text[], p_expected bigint[], p_counts int[],
      p_event_streams text[], p_ids uuid[], p_types text[], p_versions int[], p_data jsonb[], p_metadata jsonb[]
    ) returns table (o_revisions bigint[], o_positions bigint[], o_tx_id text)
    language plpgsql as $fn$
    declare
      last_revisions bigint[] := '{}';
      kept boolean[] := '{}';
      event_revisions bigint[] := '{}';
      reserved bigint;
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
        last_revisions := last_revisions || reserved;
        for g in 1 .. p_counts[i] loop
          kept := kept || (reserved is not null);
          event_revisions := event_revisions || (reserved - p_counts[i] + g);
        end loop;
      end loop;
      return query
        with events as (
          select * from unnest(p_event_streams, event_revisions, p_ids, p_types, p_versions, p_data, p_metadata, kept)
            with ordinality as e(stream_id, stream_revision, event_id, type, schema_version, data, metadata, kept, n)
          where e.kept),
        inserted as (
          insert into es_events (stream_id, stream_revision, event_id, type, schema_version, data, metadata)
          select e.stream_id, e.stream_revision, e.event_id, e.type, e.schema_version, e.data, e.metadata
          from events e order by e.n
          returning es_events.stream_id, es_events.global_position, es_events.tx_id)
        select last_revisions,
               array(select (select max(i.global_position) from inserted i where i.stream_id = s.id)
                     from unnest(p_streams) with ordinality as s(id, n) order by s.n),
               (select inserted.tx_id::text from inserted limit 1);
    end
    $fn$;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'drop function es_append_each(text[], text[], bigint[], int[], text[], uuid[], text[], int[], jsonb[], jsonb[])',
  );
}
