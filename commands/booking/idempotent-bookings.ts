import type { Knex } from 'knex';
import { calendarDateStream } from '../../domain/calendar-dates/calendar-date';
import type { CalendarDateEvent } from '../../domain/calendar-dates/events';
import type { GroupSessionSeriesEvent } from '../../domain/group-session-series/events';
import { seriesStream } from '../../domain/group-session-series/series';
import { DomainError } from '../../domain/shared/decider';
import type { AppendResult } from '../../domain/event-store/port';
import { toDomainEvent } from '../handle-command';
import { newBookingIds, type BookingIds } from './booking-ids';
import { dateOfLane, laneOfToken, type SlotDependencies } from './slot-place';

/** How long a key is remembered: far longer than any lock lives, so a retry that can still book finds its key. */
const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** A booking request's Idempotency-Key, in its scope (the public, or one staff user), with the request's fingerprint. */
export interface BookingKey {
  scope: string;
  key: string;
  fingerprint: string;
}

interface KeyRow {
  fingerprint: string;
  appointment_id: number;
  confirmation_code: string;
}

const keyReused = () =>
  new DomainError(
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was already used for a different request; send a new key with a changed request.',
    {
      field: 'Idempotency-Key',
    },
  );

/** The ids reserved for the key by an earlier request, or undefined for a new key; the key with another request is refused. */
export async function idsOfKey(knex: Knex, { scope, key, fingerprint }: BookingKey): Promise<BookingIds | undefined> {
  const row = await knex('idempotency_keys')
    .where({ scope, key })
    .first<KeyRow | undefined>('fingerprint', 'appointment_id', 'confirmation_code');
  if (!row) return undefined;
  if (row.fingerprint !== fingerprint) throw keyReused();
  return { appointmentId: row.appointment_id, confirmationCode: row.confirmation_code };
}

/**
 * Reserves fresh ids for a new key; when a concurrent request with the same key reserved first, its ids (the ids
 * drawn here then stay unused, like those of a refused booking). Keys past their lifetime are purged on the way.
 */
export async function reserveKey(
  { knex, now }: Pick<SlotDependencies, 'knex' | 'now'>,
  bookingKey: BookingKey,
): Promise<BookingIds> {
  const at = now();
  await knex.raw('delete from idempotency_keys where created_at < ?', [new Date(at.getTime() - KEY_LIFETIME_MS)]);
  const ids = await newBookingIds(knex);
  const inserted = await knex.raw<{ rows: unknown[] }>(
    `insert into idempotency_keys (scope, key, fingerprint, appointment_id, confirmation_code, created_at) values (?, ?, ?, ?, ?, ?)
     on conflict (scope, key) do nothing returning key`,
    [bookingKey.scope, bookingKey.key, bookingKey.fingerprint, ids.appointmentId, ids.confirmationCode, at],
  );
  if (inserted.rows.length === 1) return ids;
  const earlier = await idsOfKey(knex, bookingKey);
  if (!earlier) throw new Error('An idempotency key vanished between its insert and its read');
  return earlier;
}

/** A booking found in the event log: its ids and where it was written (to await the read models up to it). */
export interface RecordedBooking extends BookingIds {
  append: AppendResult;
}

/**
 * The booking recorded under `appointmentId` on the stream that owns the lock's capacity (the calendar date, or the
 * series of a group session), or null. Read from the event store, which cannot lag behind a booking as a read model
 * can; the booking event stays on that stream even when the appointment has since moved.
 */
export async function recordedBooking(
  dependencies: SlotDependencies,
  lockToken: string,
  appointmentId: number,
): Promise<RecordedBooking | null> {
  const lane = await dateOfLane(dependencies, laneOfToken(lockToken), { publicCaller: false });
  if (!lane) return null;
  const streamId =
    lane.seriesId !== null ? seriesStream(lane.seriesId) : calendarDateStream(lane.calendarId, lane.date);
  const { events } = await dependencies.store.readStream(streamId);
  for (const recorded of events) {
    const event = toDomainEvent<CalendarDateEvent | GroupSessionSeriesEvent>(recorded);
    if (
      (event.type === 'AppointmentBooked' || event.type === 'ClientRegistered') &&
      event.data.appointmentId === appointmentId
    ) {
      return {
        appointmentId,
        confirmationCode: event.data.confirmationCode,
        append: { revisions: { [streamId]: recorded.revision }, position: recorded.position },
      };
    }
  }
  return null;
}
