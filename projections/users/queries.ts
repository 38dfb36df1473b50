import type { Knex } from 'knex';
import type { Role } from '../../domain/users/user';

export interface UserRecord {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  position: string;
  roles: Role[];
  enabled: boolean;
  calendarIds: number[];
  categoryIds: number[];
  locationIds: number[];
  hasPassword: boolean;
  securityStamp: number;
  createdAt: string;
  updatedAt: string;
  lastLoginAt: string | null;
  previousLoginAt: string | null;
}

interface UserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  position: string;
  roles: Role[];
  enabled: boolean;
  calendar_ids: number[];
  category_ids: number[];
  location_ids: number[];
  has_password: boolean;
  security_stamp: number;
  created_at: Date;
  updated_at: Date;
  last_login_at: Date | null;
  previous_login_at: Date | null;
}

const toRecord = (row: UserRow): UserRecord => ({
  id: row.id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  position: row.position,
  roles: row.roles,
  enabled: row.enabled,
  calendarIds: row.calendar_ids,
  categoryIds: row.category_ids,
  locationIds: row.location_ids,
  hasPassword: row.has_password,
  securityStamp: row.security_stamp,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  lastLoginAt: row.last_login_at?.toISOString() ?? null,
  previousLoginAt: row.previous_login_at?.toISOString() ?? null,
});

export async function findUser(knex: Knex, id: number): Promise<UserRecord | undefined> {
  const row = await knex<UserRow>('users').where({ id }).first();
  return row && toRecord(row);
}

export async function findUserByEmail(knex: Knex, email: string): Promise<UserRecord | undefined> {
  const row = await knex<UserRow>('users').where({ email: email.toLowerCase() }).first();
  return row && toRecord(row);
}

/** A staff member's id and name ('First Last'), as a request form records its requester. */
export async function findStaffMember(knex: Knex, id: number): Promise<{ id: number; name: string } | undefined> {
  const row = await knex<UserRow>('users').where({ id }).first('id', 'first_name', 'last_name');
  return row && { id: row.id, name: `${row.first_name} ${row.last_name}`.trim() };
}

/** Where notices for administrators go: every enabled Calendar or System Administrator. */
export async function listAdministratorEmails(knex: Knex): Promise<string[]> {
  const rows = await knex<UserRow>('users')
    .where({ enabled: true })
    .whereRaw(`roles && array['ROLE_ADMIN', 'ROLE_ROOT']::text[]`)
    .orderBy('id')
    .select('email');
  return rows.map((row) => row.email);
}

export async function listUsers(knex: Knex): Promise<UserRecord[]> {
  const rows = await knex<UserRow>('users').orderBy([
    { column: 'last_name' },
    { column: 'first_name' },
    { column: 'id' },
  ]);
  return rows.map(toRecord);
}

export async function findUserIdByResetDigest(knex: Knex, codeDigest: string): Promise<number | undefined> {
  const row = await knex('password_reset_codes')
    .where({ code_digest: codeDigest })
    .first<{ user_id: number } | undefined>();
  return row?.user_id;
}
