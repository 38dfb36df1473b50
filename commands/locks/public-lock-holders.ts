import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { MIN_LOCK_TIME } from '../../domain/calendars/calendar';
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

/**
 * How long a place is kept while its lock is being decided: longer than any decision takes; a process that dies
 * in between leaves a place that lapses by itself.
 */
const DECIDING_MS = 2 * 60_000;

/** Refused: the caller holds as many live locks as allowed; Retry-After is when the earliest of them lapses. */
export class TooManyLocks extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('TOO_MANY_LOCKS', 'You are holding too many time slots at once. Finish or cancel one, or wait until it lapses.', { retryAfterSeconds });
  }
}

interface Place {
  token: string | null;
  client_address: string;
  browser_session: string;
  expires_at: Date;
}

/**
 * When the first of these places is free, judged by the granted locks: a place still being decided ends sooner
 * only if its lock is refused, and then it is given back at once. When every place is still being decided (a burst
 * of parallel requests), each counts as lapsing when a lock granted now would: no lock lasts less than MIN_LOCK_TIME.
 */
function earliestLapse(places: Place[]): number {
  const granted = places.filter((place) => place.token !== null);
  const lapseOf = (place: Place) => (place.token !== null ? place.expires_at.getTime() : place.expires_at.getTime() - DECIDING_MS + MIN_LOCK_TIME * 1000);
  return Math.min(...(granted.length > 0 ? granted : places).map(lapseOf));
}

/**
 * Takes a place for one more live public lock of this holder, or refuses with TOO_MANY_LOCKS. Advisory locks on
 * the address and then the session (always in that order, so two reservations never wait on each other in a
 * circle) make the count and the insert one step: parallel requests cannot all see room for one more. One round
 * trip: `reserve_public_lock_place` (migration 18). Answers the place's id, to confirm with the lock's token or give
 * back when the lock is refused.
 */
export async function reservePlace(knex: Knex, holder: LockHolder, bounds: LockBounds, now: Date): Promise<string> {
  const id = randomUUID();
  const until = new Date(now.getTime() + DECIDING_MS);
  const { rows } = await knex.raw<{ rows: (Place & { placed: boolean })[] }>('select * from reserve_public_lock_place(?, ?, ?, ?, ?, ?, ?)', [
    id,
    holder.clientAddress,
    holder.browserSession,
    now,
    until,
    bounds.perSession,
    bounds.perAddress,
  ]);
  if (rows[0]?.placed) return id;
  const ofSession = rows.filter((row) => row.browser_session === holder.browserSession);
  const ofAddress = rows.filter((row) => row.client_address === holder.clientAddress);
  const full = [...(ofSession.length >= bounds.perSession ? [ofSession] : []), ...(ofAddress.length >= bounds.perAddress ? [ofAddress] : [])];
  // Every bound that is reached must have a place free before trying again helps.
  const freeAt = Math.max(...full.map(earliestLapse));
  throw new TooManyLocks(Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)));
}

/** The lock was granted: its place now lapses with it. */
export async function confirmPlace(knex: Knex, placeId: string, token: string, expiresAt: string): Promise<void> {
  await knex('public_lock_holders').where({ id: placeId }).update({ token, expires_at: new Date(expiresAt) });
}

/** The lock was refused: the place is free again. */
export async function giveBackPlace(knex: Knex, placeId: string): Promise<void> {
  await knex('public_lock_holders').where({ id: placeId }).delete();
}

/** The lock was released or booked with: its place, if it had one, is free again. */
export async function freePlaceOf(knex: Knex, token: string): Promise<void> {
  await knex('public_lock_holders').where({ token }).delete();
}
