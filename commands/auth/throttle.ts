import type { Knex } from 'knex';

/**
 * Failed sign-ins are counted per address and per account-at-address over a 15-minute window. Keys always include
 * the address, so nobody can lock an account from elsewhere by failing on purpose.
 */
export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const LIMITS = { address: 30, accountAtAddress: 5 } as const;

/** Sign-in failures and reset requests are counted apart, so that asking for resets never blocks sign-in. */
export const throttleKeys = (scope: 'sign-in' | 'reset', clientAddress: string, account: string) => ({
  address: `${scope}:address:${clientAddress}`,
  accountAtAddress: `${scope}:account:${account.toLowerCase()}@${clientAddress}`,
});

/** Seconds to wait before trying again, or 0 when no key is over its limit. */
export async function retryAfterSeconds(knex: Knex, keys: ReturnType<typeof throttleKeys>, now: Date): Promise<number> {
  const rows = await knex('sign_in_throttle').whereIn('key', Object.values(keys)).select<{ key: string; failures: number; window_started_at: Date }[]>();
  let wait = 0;
  for (const row of rows) {
    const limit = row.key === keys.address ? LIMITS.address : LIMITS.accountAtAddress;
    const windowEnds = row.window_started_at.getTime() + THROTTLE_WINDOW_MS;
    if (row.failures >= limit && windowEnds > now.getTime()) wait = Math.max(wait, Math.ceil((windowEnds - now.getTime()) / 1000));
  }
  return wait;
}

export async function recordFailure(knex: Knex, keys: ReturnType<typeof throttleKeys>, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  for (const key of Object.values(keys)) {
    await knex.raw(
      `insert into sign_in_throttle (key, failures, window_started_at) values (?, 1, ?)
       on conflict (key) do update set
         failures = case when sign_in_throttle.window_started_at <= ? then 1 else sign_in_throttle.failures + 1 end,
         window_started_at = case when sign_in_throttle.window_started_at <= ? then excluded.window_started_at else sign_in_throttle.window_started_at end`,
      [key, now, windowStart, windowStart],
    );
  }
}

export async function clearAccountFailures(knex: Knex, keys: ReturnType<typeof throttleKeys>): Promise<void> {
  await knex('sign_in_throttle').where({ key: keys.accountAtAddress }).delete();
}
