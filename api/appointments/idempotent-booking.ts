import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import {
  idsOfKey,
  recordedBooking,
  reserveKey,
  type RecordedBooking,
} from '../../commands/booking/idempotent-bookings';
import type { BookingIds } from '../../commands/booking/booking-ids';
import type { AppDependencies } from '../dependencies';
import { withUnitTimeZone } from '../unit-time';
import { idempotencyKeyHeader } from './schemas';

/** JSON with every object's keys in order, so that one request always gives one text. */
const canonicalJson = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonicalJson).join(',')}]`
    : typeof value === 'object' && value !== null
      ? `{${Object.keys(value)
          .sort()
          .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
          .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
          .join(',')}}`
      : JSON.stringify(value);

/**
 * SHA-256 of the validated request body without its bot-check proof: a retry carries the same request, though it
 * may bring a fresh solution of the bot check.
 */
export function fingerprintOf(body: Record<string, unknown>): string {
  const { botCheck: _proof, ...request } = body;
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

export interface BookingRequest {
  /** Whose keys: the public's, or one staff user's. */
  scope: string;
  body: Record<string, unknown>;
  lockToken: string;
}

export interface IdempotentBooking {
  /** The ids reserved for the request's key; undefined without a key (the booking draws its own). */
  ids: BookingIds | undefined;
  /** Runs the booking; when it fails but the key's booking was recorded (by an earlier attempt), that booking. */
  settle<T>(book: () => Promise<T>): Promise<T | RecordedBooking>;
}

const unchanged: IdempotentBooking = { ids: undefined, settle: (book) => book() };

/**
 * A booking made safe to repeat by its `Idempotency-Key` header (400 naming the header when malformed): the key's
 * appointment id and confirmation code are reserved before the booking is decided, so a retry books under the same
 * ids, or, once the first attempt has booked (the lock is used up, or two attempts were in flight), answers that
 * booking. The same key with another request is a 409 IDEMPOTENCY_KEY_REUSED. `verify` (the bot check) runs once
 * per key: a key is stored only after its request passed it. Without a key, nothing changes.
 */
export async function idempotentBooking(
  dependencies: AppDependencies,
  ctx: Context,
  request: BookingRequest,
  verify: () => Promise<void> = async () => {},
): Promise<IdempotentBooking> {
  const { 'Idempotency-Key': key } = idempotencyKeyHeader.parse({ 'Idempotency-Key': ctx.headers['idempotency-key'] });
  if (key === undefined) {
    await verify();
    return unchanged;
  }
  const bookingKey = { scope: request.scope, key, fingerprint: fingerprintOf(request.body) };
  let ids = await idsOfKey(dependencies.knex, bookingKey);
  if (!ids) {
    await verify();
    ids = await reserveKey(dependencies, bookingKey);
  }
  const reserved = ids;
  return {
    ids: reserved,
    async settle(book) {
      try {
        return await book();
      } catch (error) {
        const recorded = await recordedBooking(
          withUnitTimeZone(dependencies),
          request.lockToken,
          reserved.appointmentId,
        ).catch(() => null);
        if (!recorded) throw error;
        return recorded;
      }
    },
  };
}
