import type { Knex } from 'knex';
import { DomainError } from '../../domain/shared/decider';

/**
 * Two users never share an e-mail address: an address is claimed (a unique row) before the event that gives it to a
 * user is appended, and given back if that append fails or the user changes address.
 */
export async function claimEmail(knex: Knex, email: string, userId: number): Promise<void> {
  const result = await knex.raw<{ rows: { user_id: number }[] }>(
    `insert into user_emails (email, user_id) values (?, ?) on conflict (email) do update set email = excluded.email returning user_id`,
    [email, userId],
  );
  if (result.rows[0]!.user_id !== userId) {
    throw new DomainError('EMAIL_TAKEN', 'Another user already has this e-mail address.', { field: 'email' });
  }
}

export async function releaseEmail(knex: Knex, email: string, userId: number): Promise<void> {
  await knex('user_emails').where({ email, user_id: userId }).delete();
}
