import type { BotCheckDependencies } from './settings';

/**
 * Records that a challenge's solution was used; false when it already was. The insert is the check, so two concurrent
 * uses of one solution cannot both see it unused. Rows of expired challenges are purged on the way: an expired
 * challenge is refused before it gets here, so forgetting it cannot let it pass again.
 */
export async function markChallengeUsed(
  { knex, now }: Pick<BotCheckDependencies, 'knex' | 'now'>,
  signature: string,
  expiresAt: Date,
): Promise<boolean> {
  const result = await knex.raw<{ rows: unknown[] }>(
    `with purged as (delete from bot_check_used_challenges where expires_at <= ?)
     insert into bot_check_used_challenges (signature, expires_at) values (?, ?)
     on conflict (signature) do nothing
     returning signature`,
    [now(), signature, expiresAt],
  );
  return result.rows.length === 1;
}
