import type { Knex } from 'knex';
import { hasLastName } from '../../domain/self-service/last-name';
import { TooManyAttempts } from '../auth/sign-in';
import { giveBackAttempt, lookupThrottleKeys, reserveAttempt, retryAfterSeconds } from '../auth/throttle';
import { bookingNotFound } from './refusals';

export interface LookupRequest {
  /** Upper case, without spaces or dashes. */
  confirmationCode: string;
  lastName: string;
  clientAddress: string;
}

/** The bookings a confirmation code names, with their clients' last names (looked up by the caller). */
export type BookingsWithCode = (
  confirmationCode: string,
) => Promise<{ id: number; details: { clientData: { lastName: string }[] } }[]>;

/**
 * The booking a confirmation code and one of its clients' last names name (issue 20), or BOOKING_NOT_FOUND for a
 * wrong code and a wrong name alike. Each lookup is counted per address and per code (whatever the address) before
 * it is looked at, so that parallel guesses cannot pass the limits; a hit is given back, a miss stays counted.
 * Beyond the limits: RATE_LIMITED with the seconds to wait.
 */
export async function lookUpBooking(
  dependencies: { knex: Knex; now: () => Date },
  request: LookupRequest,
  bookingsWithCode: BookingsWithCode,
): Promise<number> {
  const { knex } = dependencies;
  const now = dependencies.now();
  const keys = lookupThrottleKeys(request.clientAddress, request.confirmationCode);
  const attempt = await reserveAttempt(knex, keys, now);
  if (!attempt) throw new TooManyAttempts(Math.max(1, await retryAfterSeconds(knex, keys, now)));
  const candidates = request.confirmationCode ? await bookingsWithCode(request.confirmationCode) : [];
  const match = candidates.find((candidate) => hasLastName(candidate.details.clientData, request.lastName));
  if (!match) throw bookingNotFound();
  await giveBackAttempt(knex, attempt);
  return match.id;
}
