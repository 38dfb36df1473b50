import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { batchedCallsPer } from '../../domain/shared/batched-calls';
import { DomainError } from '../../domain/shared/decider';

/** Who asks for a public lock: the client address and the browser session (a cookie the server gave). */
export interface LockHolder {
  clientAddress: string;
  browserSession: string;
}

/** How many live public locks one browser session and one client address may hold at once. */
export interface LockBounds {
  perSession: number;
  perAddress: number;
}

/** Refused: the caller holds as many live locks as allowed; Retry-After is when the earliest of them lapses. */
export class TooManyLocks extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      'TOO_MANY_LOCKS',
      'You are holding too many time slots at once. Finish or cancel one, or wait until it lapses.',
      { retryAfterSeconds },
    );
  }
}

interface Place {
  token: string | null;
  client_address: string;
  browser_session: string;
  expires_at: Date;
}

/**
 * Takes a place for one more live public lock of this holder, the lock's token and lapse already drawn, or refuses
 * with TOO_MANY_LOCKS. Advisory locks on the address and then the session make the count and the insert one step:
 * parallel requests cannot all see room for one more. The places asked for at the same moment are taken in one
 * statement, in turn (`reserve_public_lock_places`, migration 36): a rush behind one address waits for that address's
 * lock once a batch rather than once a lock. Answers the place's id, to give back when the lock is then refused.
 */
export async function reservePlace(
  knex: Knex,
  holder: LockHolder,
  lock: { token: string; expiresAt: string },
  bounds: LockBounds,
  now: Date,
): Promise<string> {
  const id = randomUUID();
  const rows = await placesReserved(knex, { id, holder, lock, bounds, now });
  if (rows[0]?.placed) return id;
  const ofSession = rows.filter((row) => row.browser_session === holder.browserSession);
  const ofAddress = rows.filter((row) => row.client_address === holder.clientAddress);
  const full = [
    ...(ofSession.length >= bounds.perSession ? [ofSession] : []),
    ...(ofAddress.length >= bounds.perAddress ? [ofAddress] : []),
  ];
  // Every bound that is reached must have a place free before trying again helps: when the first of each lapses.
  const freeAt = Math.max(...full.map((places) => Math.min(...places.map((place) => place.expires_at.getTime()))));
  throw new TooManyLocks(Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)));
}

interface PlaceAsk {
  id: string;
  holder: LockHolder;
  lock: { token: string; expiresAt: string };
  bounds: LockBounds;
  now: Date;
}

// Taken in the lock's turn on its stream (commands/booking/lock.ts), as its append is: two batches may be out at once
// (those of one address wait for each other on its advisory lock).
const placesReserved = batchedCallsPer((knex: Knex, asks: PlaceAsk[]) => reservePlaces(knex, asks), { inFlight: 2 });

/** Each ask's rows: its own place (`placed`), or the live places of its holder when it is refused. */
async function reservePlaces(knex: Knex, asks: PlaceAsk[]): Promise<(Place & { placed: boolean })[][]> {
  const { rows } = await knex.raw<{ rows: (Place & { placed: boolean; n: number })[] }>(
    'select * from reserve_public_lock_places(?::uuid[], ?::text[], ?::text[], ?::text[], ?::timestamptz[], ?::timestamptz[], ?::int[], ?::int[])',
    [
      asks.map((ask) => ask.id),
      asks.map((ask) => ask.lock.token),
      asks.map((ask) => ask.holder.clientAddress),
      asks.map((ask) => ask.holder.browserSession),
      asks.map((ask) => ask.now.toISOString()),
      asks.map((ask) => new Date(ask.lock.expiresAt).toISOString()),
      asks.map((ask) => ask.bounds.perSession),
      asks.map((ask) => ask.bounds.perAddress),
    ],
  );
  const byAsk = asks.map(() => [] as (Place & { placed: boolean })[]);
  for (const row of rows) byAsk[row.n - 1]!.push(row);
  return byAsk;
}

/** The lock was refused: the place is free again. */
export async function giveBackPlace(knex: Knex, placeId: string): Promise<void> {
  await knex('public_lock_holders').where({ id: placeId }).delete();
}

/**
 * The lock was released or booked with: its place, if it had one, is free again. The places freed at the same moment
 * (a rush of bookings) go in one statement.
 */
export function freePlaceOf(knex: Knex, token: string): Promise<void> {
  return placesFreed(knex, token);
}

const placesFreed = batchedCallsPer(async (knex: Knex, tokens: string[]): Promise<void[]> => {
  await knex('public_lock_holders').whereIn('token', tokens).delete();
  return tokens.map(() => undefined);
});
