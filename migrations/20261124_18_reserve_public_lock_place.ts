import type { Knex } from 'knex';

/**
 * A public lock's place in one round trip (issue 13): the advisory locks on the address and then the session, the
 * count and the insert were seven round trips in a transaction. Inside a function each statement still reads after
 * the locks are held (a new snapshot per statement), so parallel reservations still cannot all see room for one more.
 * Answers the new place (placed) or, when a bound is reached, the holder's live places (not placed).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function reserve_public_lock_place(
      p_id uuid, p_address text, p_session text, p_now timestamptz, p_until timestamptz, p_per_session int, p_per_address int
    ) returns table (placed boolean, token text, client_address text, browser_session text, expires_at timestamptz)
    language plpgsql as $fn$
    begin
      perform pg_advisory_xact_lock(hashtextextended('public-lock-holders:address:' || p_address, 0));
      perform pg_advisory_xact_lock(hashtextextended('public-lock-holders:session:' || p_session, 0));
      delete from public_lock_holders h where h.expires_at <= p_now;
      if (select count(*) from public_lock_holders h where h.browser_session = p_session and h.expires_at > p_now) >= p_per_session
         or (select count(*) from public_lock_holders h where h.client_address = p_address and h.expires_at > p_now) >= p_per_address then
        return query select false, h.token, h.client_address, h.browser_session, h.expires_at from public_lock_holders h
          where (h.client_address = p_address or h.browser_session = p_session) and h.expires_at > p_now;
        return;
      end if;
      insert into public_lock_holders as h (id, token, client_address, browser_session, expires_at) values (p_id, null, p_address, p_session, p_until);
      return query select true, null::text, p_address, p_session, p_until;
    end
    $fn$;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function reserve_public_lock_place(uuid, text, text, timestamptz, timestamptz, int, int)');
}
