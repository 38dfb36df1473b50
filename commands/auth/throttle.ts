import type { Knex } from 'knex';

/**
 * Attempts are counted per client address and per a second key over a 15-minute window, apart for each scope, so
 * that asking for resets never blocks sign-in. Sign-in and reset count per account-at-address (the key includes the
 * address, so nobody can lock an account from elsewhere by failing on purpose). A booking lookup (issue 20) counts
 * per confirmation code alone, so that guessing the last names of one code from many addresses is limited too.
 */
export const THROTTLE_WINDOW_MS = 15 * 60_000;

export type ThrottleScope = 'sign-in' | 'reset' | 'lookup';

/** The most attempts a window may count, per scope: on the address key and on the scope's second key. */
export const LIMITS: Record<ThrottleScope, { address: number; subject: number }> = {
  'sign-in': { address: 30, subject: 5 },
  reset: { address: 30, subject: 5 },
  lookup: { address: 20, subject: 5 },
};

/** The two keys an attempt is counted on. */
export interface ThrottleKeys {
  scope: ThrottleScope;
  address: string;
  /** The account at the address (sign-in, reset) or the confirmation code (lookup). */
  subject: string;
}

export const throttleKeys = (scope: 'sign-in' | 'reset', clientAddress: string, account: string): ThrottleKeys => ({
  scope,
  address: `${scope}:address:${clientAddress}`,
  subject: `${scope}:account:${account.toLowerCase()}@${clientAddress}`,
});

/** A booking lookup's keys: the address, and the confirmation code whatever the address. */
export const lookupThrottleKeys = (clientAddress: string, confirmationCode: string): ThrottleKeys => ({
  scope: 'lookup',
  address: `lookup:address:${clientAddress}`,
  subject: `lookup:code:${confirmationCode.toUpperCase()}`,
});

/** An attempt counted on both keys; `windows` tells which window each count went into, to give it back there. */
export interface ReservedAttempt {
  keys: ThrottleKeys;
  windows: { key: string; startedAt: Date }[];
}

/** Seconds to wait before trying again, or 0 when no key is over its limit. */
export async function retryAfterSeconds(knex: Knex, keys: ThrottleKeys, now: Date): Promise<number> {
  const rows = await knex('sign_in_throttle')
    .whereIn('key', [keys.address, keys.subject])
    .select<{ key: string; failures: number; window_started_at: Date }[]>();
  let wait = 0;
  for (const row of rows) {
    const limit = row.key === keys.address ? LIMITS[keys.scope].address : LIMITS[keys.scope].subject;
    const windowEnds = row.window_started_at.getTime() + THROTTLE_WINDOW_MS;
    if (row.failures >= limit && windowEnds > now.getTime())
      wait = Math.max(wait, Math.ceil((windowEnds - now.getTime()) / 1000));
  }
  return wait;
}

class OverLimit extends Error {}

/**
 * Counts an attempt before its work is done, on both keys in one transaction, and only while both are under their
 * limits; null (nothing counted) when one is at its limit. The conditional upsert takes the row's lock, so parallel
 * attempts are counted one after the other and no more than the limit ever get through.
 */
export async function reserveAttempt(knex: Knex, keys: ThrottleKeys, now: Date): Promise<ReservedAttempt | null> {
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const limited = [
    [keys.address, LIMITS[keys.scope].address],
    [keys.subject, LIMITS[keys.scope].subject],
  ] as const;
  try {
    return await knex.transaction(async (trx) => {
      const windows: ReservedAttempt['windows'] = [];
      // Always the address first: every transaction locks the rows in the same order, so two never deadlock.
      for (const [key, limit] of limited) {
        const { rows } = await trx.raw<{ rows: { window_started_at: Date }[] }>(
          `insert into sign_in_throttle as t (key, failures, window_started_at) values (?, 1, ?)
           on conflict (key) do update set
             failures = case when t.window_started_at <= ? then 1 else t.failures + 1 end,
             window_started_at = case when t.window_started_at <= ? then excluded.window_started_at else t.window_started_at end
           where t.window_started_at <= ? or t.failures < ?
           returning window_started_at`,
          [key, now, windowStart, windowStart, windowStart, limit],
        );
        const row = rows[0];
        if (!row) throw new OverLimit(); // rolls back what the other key counted
        windows.push({ key, startedAt: row.window_started_at });
      }
      return { keys, windows };
    });
  } catch (error) {
    if (error instanceof OverLimit) return null;
    throw error;
  }
}

/**
 * Takes back an attempt that turned out not to be a failure, from the windows it was counted in. A count that falls
 * to nothing goes with its row, so that the next failure, not this attempt, starts the next window.
 */
export async function giveBackAttempt(knex: Knex, attempt: ReservedAttempt): Promise<void> {
  for (const { key, startedAt } of attempt.windows) {
    await knex('sign_in_throttle').where({ key, window_started_at: startedAt }).where('failures', '<=', 1).delete();
    await knex('sign_in_throttle')
      .where({ key, window_started_at: startedAt })
      .where('failures', '>', 1)
      .decrement('failures', 1);
  }
}

export async function clearAccountFailures(knex: Knex, keys: ThrottleKeys): Promise<void> {
  await knex('sign_in_throttle').where({ key: keys.subject }).delete();
}
