import type { Knex } from 'knex';

/**
 * The live public locks, by who holds them: a place is taken here (under an advisory lock on the client address)
 * before a public lock is decided, and freed when the lock is released, booked with or lapses. `token` is null while
 * the lock is being decided. The event log stays the only record of locks; this table only bounds how many one
 * visitor may hold at once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table public_lock_holders (
      id uuid primary key,
      token text unique,
      client_address text not null,
      browser_session text not null,
      expires_at timestamptz not null
    );
    create index public_lock_holders_by_address on public_lock_holders (client_address, expires_at);
    create index public_lock_holders_by_session on public_lock_holders (browser_session, expires_at);
    create index public_lock_holders_by_expiry on public_lock_holders (expires_at);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table public_lock_holders;');
}
