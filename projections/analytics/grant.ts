import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/** A role name used unquoted-safe: lower case letters, digits and underscores, not a system name. */
const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const RESERVED = /^(pg_|postgres$|public$|current_user$|session_user$|current_role$|none$)/;

export interface GrantOptions {
  role: string;
  /** LOGIN with this password (set again on an existing role). Absent: a created LOGIN role gets a generated one. */
  password?: string | undefined;
  /** NOLOGIN: a group role to grant to existing users (`grant <role> to <user>`); no password. */
  noLogin?: boolean;
}

export interface GrantResult {
  created: boolean;
  /** The generated password of a role this call created; shown once. */
  generatedPassword?: string;
  database: string;
}

export class GrantRefused extends Error {}

/**
 * Gives a database role read-only access to the `analytics` schema and to nothing else (issue 17 item 3): USAGE on
 * the schema, SELECT on its tables and views, the same on those made later, CONNECT on this database; its sessions
 * are read-only and look in `analytics` first. Creates the role when missing. Running it again changes nothing
 * (except the password when one is given). The views run with their owner's rights but read only `analytics`
 * tables, so the role reaches no personal data.
 */
export async function grantAnalyticsAccess(knex: Knex, options: GrantOptions): Promise<GrantResult> {
  const { role } = options;
  if (!ROLE_NAME.test(role) || RESERVED.test(role))
    throw new GrantRefused(
      `"${role}" cannot be used: a role name is lower-case letters, digits and _ (at most 63), not a system name.`,
    );
  const { rows } = await knex.raw<{ rows: { database: string; me: string }[] }>(
    'select current_database() as database, current_user as me',
  );
  const { database, me } = rows[0]!;
  if (role === me) throw new GrantRefused(`"${role}" is the application's own role; choose another name.`);
  const existing = await knex('pg_roles')
    .where({ rolname: role })
    .first<{ rolsuper: boolean; rolcanlogin: boolean } | undefined>('rolsuper', 'rolcanlogin');
  if (existing?.rolsuper) throw new GrantRefused(`"${role}" is a superuser: it sees everything already.`);

  let generatedPassword: string | undefined;
  const statements: string[] = [];
  const sql = async (template: string, ...values: string[]) => {
    const formatted = await knex.raw<{ rows: { statement: string }[] }>(
      `select format(?::text, ${values.map(() => '?::text').join(', ')}) as statement`,
      [template, ...values],
    );
    statements.push(formatted.rows[0]!.statement);
  };
  if (!existing) {
    if (options.noLogin) await sql('create role %I nologin', role);
    else {
      const password = options.password ?? (generatedPassword = randomBytes(18).toString('base64url'));
      await sql('create role %I login password %L', role, password);
    }
  } else if (options.password !== undefined && !options.noLogin) {
    await sql('alter role %I login password %L', role, options.password);
  }
  await sql('grant connect on database %I to %I', database, role);
  await sql('grant usage on schema analytics to %I', role);
  await sql('grant select on all tables in schema analytics to %I', role);
  await sql('alter default privileges in schema analytics grant select on tables to %I', role);
  await sql('alter role %I set search_path = analytics', role);
  await sql('alter role %I set default_transaction_read_only = on', role);
  await knex.transaction(async (trx) => {
    for (const statement of statements) await trx.raw(statement);
  });
  return { created: !existing, database, ...(generatedPassword ? { generatedPassword } : {}) };
}
