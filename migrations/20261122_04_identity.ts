import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    -- Read model: users (projections/users).
    create table users (
      id integer primary key,
      email text not null,
      first_name text not null,
      last_name text not null,
      position text not null,
      roles text[] not null,
      enabled boolean not null,
      calendar_ids integer[] not null,
      category_ids integer[] not null,
      location_ids integer[] not null,
      has_password boolean not null default false,
      -- Moves whenever sessions issued before must stop working (disabled, roles or password changed).
      security_stamp integer not null default 0,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      last_login_at timestamptz,
      previous_login_at timestamptz
    );
    create index users_email on users (email);
    -- Read model: which user a password-reset code digest belongs to (projections/users).
    create table password_reset_codes (
      code_digest text primary key,
      user_id integer not null,
      expires_at timestamptz not null
    );

    -- Operational tables written by the identity commands, not by projectors.
    -- One row per e-mail address: claimed before a user is created or renamed, so that two users never share one.
    create table user_emails (
      email text primary key,
      user_id integer not null
    );
    create index user_emails_user on user_emails (user_id);
    -- Bearer tokens, stored as SHA-256 digests.
    create table auth_sessions (
      token_digest text primary key,
      user_id integer not null,
      security_stamp integer not null,
      created_at timestamptz not null,
      last_seen_at timestamptz not null,
      expires_at timestamptz not null
    );
    create index auth_sessions_user on auth_sessions (user_id);
    -- Failed sign-in counters per key (address, or account and address) and window.
    create table sign_in_throttle (
      key text primary key,
      failures integer not null,
      window_started_at timestamptz not null
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'drop table sign_in_throttle; drop table auth_sessions; drop table user_emails; drop table password_reset_codes; drop table users;',
  );
}
