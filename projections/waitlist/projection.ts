import type { Knex } from 'knex';
import type { AppointmentBooked } from '../../domain/calendar-dates/events';
import type { ClientRegistered } from '../../domain/group-session-series/events';
import type { RecordedEvent } from '../../domain/event-store/port';
import { assertNever } from '../../domain/shared/decider';
import { waitlistEventTypes, type WaitlistEvent } from '../../domain/waitlist/events';
import { waitlistStream } from '../../domain/waitlist/waitlist';
import type { Projection } from '../runner/projection';

type ReadEvent = WaitlistEvent | AppointmentBooked | ClientRegistered;

const changeEntry = (trx: Knex.Transaction, entryId: string, changes: Record<string, unknown>, at: string) =>
  trx('waitlist_entries')
    .where({ entry_id: entryId })
    .update({ ...changes, updated_at: at });

/** A booking made under a hold: `lockToken` names the hold, if any. */
interface Booking {
  lockToken: string | null;
  appointmentId: number;
  at: string;
}

/**
 * Bookings made under an offer's hold: the offer is taken, though the process has not recorded it yet. One statement
 * for a run of bookings (nearly every booking is no offer's: a replay reads hundreds of thousands of them).
 */
async function noteBookings(trx: Knex.Transaction, bookings: Booking[]) {
  // The last booking under a token wins, as one statement per booking in order would leave it.
  const byToken = new Map<string, Booking>();
  for (const booking of bookings) if (booking.lockToken !== null) byToken.set(booking.lockToken, booking);
  if (byToken.size === 0) return;
  const taken = [...byToken.values()];
  await trx.raw(
    `update waitlist_entries w set taken_by_appointment_id = taken.appointment_id, updated_at = taken.at
       from unnest(?::text[], ?::integer[], ?::timestamptz[]) as taken (hold_token, appointment_id, at)
      where w.hold_token = taken.hold_token and w.status = 'offered'`,
    [[...byToken.keys()], taken.map((booking) => booking.appointmentId), taken.map((booking) => booking.at)],
  );
}

const isBooking = (event: ReadEvent): event is AppointmentBooked | ClientRegistered =>
  event.type === 'AppointmentBooked' || event.type === 'ClientRegistered';

/**
 * Read model `waitlist_entries`: every entry of every waitlist, its standing and its offer. An entry's place in line
 * is the revision of its join in the target's stream (one stream a target), so the line keeps the order of joining.
 * Bookings (AppointmentBooked, ClientRegistered) under an offered entry's hold mark it taken for the offer process.
 */
export const waitlistProjection: Projection = {
  name: 'waitlist',
  tables: ['waitlist_entries'],
  eventTypes: [...waitlistEventTypes, 'AppointmentBooked', 'ClientRegistered'],
  apply: (trx, event, recorded) => applyEvent(trx, event as ReadEvent, recorded),
  /** In order; each run of bookings between the waitlists' own events in one statement. */
  async applyAll(trx, events) {
    let bookings: Booking[] = [];
    for (const { event, recorded } of events) {
      const read = event as ReadEvent;
      if (isBooking(read)) {
        bookings.push(read.data);
        continue;
      }
      await noteBookings(trx, bookings);
      bookings = [];
      await applyEvent(trx, read, recorded);
    }
    await noteBookings(trx, bookings);
  },
};

async function applyEvent(trx: Knex.Transaction, event: ReadEvent, recorded: RecordedEvent): Promise<void> {
  switch (event.type) {
    case 'WaitlistJoined': {
      const { target, entry, at } = event.data;
      await trx.raw(
        `insert into waitlist_entries (entry_id, stream_id, calendar_id, series_id, date, service_id, email, language,
             spots, duration, status, line_position, joined_at, updated_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'waiting', ?, ?, ?) on conflict (entry_id) do nothing`,
        [
          entry.entryId,
          waitlistStream(target),
          target.calendarId,
          target.kind === 'series' ? target.seriesId : null,
          target.kind === 'date' ? target.date : null,
          entry.serviceId,
          entry.email,
          entry.language,
          entry.spots,
          entry.duration,
          recorded.revision,
          entry.joinedAt,
          at,
        ],
      );
      return;
    }
    case 'WaitlistOfferMade': {
      const { offer, at } = event.data;
      await changeEntry(
        trx,
        offer.entryId,
        {
          status: 'offered',
          hold_token: offer.holdToken,
          lane_id: offer.laneId,
          start_time: offer.startTime,
          end_time: offer.endTime,
          offer_made_at: offer.madeAt,
          offer_expires_at: offer.expiresAt,
        },
        at,
      );
      return;
    }
    case 'WaitlistOfferTaken': {
      const { entryId, appointmentId, at } = event.data;
      await changeEntry(
        trx,
        entryId,
        { status: 'booked', appointment_id: appointmentId, taken_by_appointment_id: appointmentId },
        at,
      );
      return;
    }
    case 'WaitlistOfferLapsed':
      await changeEntry(trx, event.data.entryId, { status: 'lapsed' }, event.data.at);
      return;
    case 'WaitlistLeft':
      await changeEntry(trx, event.data.entryId, { status: 'left' }, event.data.at);
      return;
    case 'AppointmentBooked':
    case 'ClientRegistered':
      return noteBookings(trx, [event.data]);
    default:
      return assertNever(event);
  }
}
