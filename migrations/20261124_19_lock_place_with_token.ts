import type { Knex } from 'knex';

/**
 * A public lock's place is taken with the lock's token and lapse (issue 13): the token is drawn and the lane's lock
 * time read before the place is reserved, so the place no longer needs a second round trip to be confirmed once the
 * lock is granted. A refused lock still gives its place back; a process that dies in between leaves a place that
 * lapses with the lock it would have held.
 *
 * The advisory locks are held until the transaction ends; the commit no longer waits for its WAL to reach the disk
 * (synchronous_commit off for this transaction only), so that a crowd behind one address (a school's or an office's
 * network) is not served one disk flush at a time. A place lost in a crash only frees a place early; any later
 * durable commit (the lock's event) flushes it first.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    drop function reserve_public_lock_place(uuid, text, text, timestamptz, timestamptz, int, int);
    create function reserve_public_lock_place(
      p_id uuid, p_token text, p_address text, p_session text, p_now timestamptz, p_until timestamptz, p_per_session int, p_per_address int
    ) returns table (placed boolean, token text, client_address text, browser_session text, expires_at timestamptz)
    language plpgsql as $fn$
    begin
      perform set_config('synchronous_commit', 'off', true);
      perform pg_advisory_xact_lock(hashtextextended('public-lock-holders:address:' || p_address, 0));
      perform pg_advisory_xact_lock(hashtextextended('public-lock-holders:session:' || p_session, 0));
      delete from public_lock_holders h where h.expires_at <= p_now;
      if (select count(*) from public_lock_holders h where h.browser_session = p_session and h.expires_at > p_now) >= p_per_session
         or (select count(*) from public_lock_holders h where h.client_address = p_address and h.expires_at > p_now) >= p_per_address then
        return query select false, h.token, h.client_address, h.browser_session, h.expires_at from public_lock_holders h
          where (h.client_address = p_address or h.browser_session = p_session) and h.expires_at > p_now;
        return;
      end if;
      insert into public_lock_holders as h (id, token, client_address, browser_session, expires_at) values (p_id, p_token, p_address, p_session, p_until);
      return query select true, p_token, p_address, p_session, p_until;
    end
    $fn$;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function reserve_public_lock_place(uuid, text, text, text, timestamptz, timestamptz, int, int)');
  const { up: previous } = await import('./20261124_18_reserve_public_lock_place');
  await previous(knex);
}
