import type { Knex } from 'knex';

/**
 * Bot-check challenges whose solution has been accepted, kept until the challenge expires: a solution is good for one
 * request only. The primary key makes two concurrent uses of one solution collide, so only one of them can pass.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table bot_check_used_challenges (
      signature text primary key,
      expires_at timestamptz not null
    );
    create index bot_check_used_challenges_by_expiry on bot_check_used_challenges (expires_at);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table bot_check_used_challenges;');
}
