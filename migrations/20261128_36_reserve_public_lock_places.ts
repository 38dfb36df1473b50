import type { Knex } from 'knex';

/**
 * Public locks' places taken together (issue 13): `reserve_public_lock_places` does for each entry what
 * `reserve_public_lock_place` (migration 19) does for one, in one transaction, in the entries' order, so that a place
 * taken earlier in the batch counts for the next. Under a rush from one address (a school's or an office's network)
 * every lock waited in turn for that address's advisory lock, one statement each; a batch takes it once. Every
 * address's lock is taken before any session's, each kind in sorted order, as the single function does for one of
 * each: two batches, or a batch and a single reservation, never wait on each other in a circle. Answers the places
 * held by each entry's holder when it is refused (`placed` false), or its own place, numbered by entry (`n`, from 1).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function reserve_public_lock_places(
      p_ids uuid[], p_tokens text[], p_addresses text[], p_sessions text[], p_nows timestamptz[], p_untils timestamptz[],
      p_per_session int[], p_per_address int[]
    ) returns table (n int, placed boolean, token text, client_address text, browser_session text, expires_at timestamptz)
    language plpgsql as $fn$
    declare
      held text;
    begin
      perform set_config('synchronous_commit', 'off', true);
      for held in select distinct a from unnest(p_addresses) a order by a loop
        perform pg_advisory_xact_lock(hashtextextended('public-lock-holders:address:' || held, 0));
      end loop;
      for held in select distinct s from unnest(p_sessions) s order by s loop
        perform pg_advisory_xact_lock(hashtextextended('public-lock-holders:session:' || held, 0));
      end loop;
      delete from public_lock_holders h where h.expires_at <= (select min(t) from unnest(p_nows) t);
      for i in 1 .. coalesce(array_length(p_ids, 1), 0) loop
        if (select count(*) from public_lock_holders h where h.browser_session = p_sessions[i] and h.expires_at > p_nows[i]) >= p_per_session[i]
           or (select count(*) from public_lock_holders h where h.client_address = p_addresses[i] and h.expires_at > p_nows[i]) >= p_per_address[i] then
          return query select i, false, h.token, h.client_address, h.browser_session, h.expires_at from public_lock_holders h
            where (h.client_address = p_addresses[i] or h.browser_session = p_sessions[i]) and h.expires_at > p_nows[i];
        else
          insert into public_lock_holders (id, token, client_address, browser_session, expires_at)
            values (p_ids[i], p_tokens[i], p_addresses[i], p_sessions[i], p_untils[i]);
          return query select i, true, p_tokens[i], p_addresses[i], p_sessions[i], p_untils[i];
        end if;
      end loop;
    end
    $fn$;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'drop function reserve_public_lock_places(uuid[], text[], text[], text[], timestamptz[], timestamptz[], int[], int[])',
  );
}
