import type { Knex } from 'knex';
import { noHoldings, type DateHoldings, type DateLane } from '../../domain/calendar-dates/calendar-date';
import { freeTimes } from '../../domain/calendar-dates/free-times';
import { bookingsByLane } from '../../domain/calendar-dates/holdings';
import { calendarDateEventTypes, type CalendarDateEvent } from '../../domain/calendar-dates/events';
import { dateStatistics } from '../../domain/calendar-dates/statistics';
import { assertNever, type DomainEvent } from '../../domain/shared/decider';
import type { Projection } from '../runner/projection';
import type { CalendarDateRow } from './queries';

interface DateRow {
  calendarId: number;
  date: string;
  calendarDateId: number;
  enabled: boolean;
  lanes: DateLane[];
  seriesId: number | null;
  holdings: DateHoldings;
  at: string;
}

type StoredDate = Pick<CalendarDateRow, 'calendar_date_id' | 'enabled' | 'lanes' | 'series_id' | 'holdings'>;

/**
 * Writes a date with its statistics, recomputed from its lanes (and, as they arrive, what is booked on them), and,
 * for an ordinary calendar, the start times the public can book.
 */
async function write(trx: Knex.Transaction, row: DateRow) {
  const statistics = dateStatistics(row.lanes, bookingsByLane(row.holdings.bookings));
  const free = row.seriesId === null ? freeTimes(row.lanes, row.holdings, row.at) : null;
  await trx.raw(
    `insert into calendar_dates (calendar_id, date, calendar_date_id, enabled, lanes, series_id, capacity, appointment_count, client_count,
       booked_slot_count, total_slot_count, first_appointment_time, last_appointment_time, min_start_time, max_end_time, lane_count, holdings, updated_at,
       free_times, free_times_from, free_times_until)
     values (?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?::jsonb, ?, ?)
     on conflict (calendar_id, date) do update set calendar_date_id = excluded.calendar_date_id, enabled = excluded.enabled,
       lanes = excluded.lanes, series_id = excluded.series_id, capacity = excluded.capacity, appointment_count = excluded.appointment_count,
       client_count = excluded.client_count, booked_slot_count = excluded.booked_slot_count, total_slot_count = excluded.total_slot_count,
       first_appointment_time = excluded.first_appointment_time, last_appointment_time = excluded.last_appointment_time,
       min_start_time = excluded.min_start_time, max_end_time = excluded.max_end_time, lane_count = excluded.lane_count,
       holdings = excluded.holdings, updated_at = excluded.updated_at, free_times = excluded.free_times,
       free_times_from = excluded.free_times_from, free_times_until = excluded.free_times_until`,
    [
      row.calendarId,
      row.date,
      row.calendarDateId,
      row.enabled,
      JSON.stringify(row.lanes),
      row.seriesId,
      statistics.capacity,
      statistics.appointmentCount,
      statistics.clientCount,
      statistics.bookedSlotCount,
      statistics.totalSlotCount,
      statistics.firstAppointmentTime,
      statistics.lastAppointmentTime,
      statistics.minStartTime,
      statistics.maxEndTime,
      statistics.laneCount,
      JSON.stringify(row.holdings),
      row.at,
      free && JSON.stringify(free.byDuration),
      free?.validFrom ?? null,
      free?.validUntil ?? null,
    ],
  );
}

type Changes = (row: { enabled: boolean; lanes: DateLane[]; holdings: DateHoldings }) => { enabled: boolean; lanes: DateLane[]; holdings: DateHoldings };

/**
 * The dates a batch of events changes, each read once and written once at the end of the batch (statistics and free
 * times are computed from the whole date, so per event they cost a batch of a busy day dearly).
 */
class DateChanges {
  private readonly dates = new Map<string, DateRow | null>();

  constructor(private readonly trx: Knex.Transaction) {}

  private static key(calendarId: number, date: string) {
    return `${calendarId}/${date}`;
  }

  put(row: DateRow) {
    this.dates.set(DateChanges.key(row.calendarId, row.date), row);
  }

  /** Applies a change to the date (absent: nothing to change, e.g. a replay of a date deleted later). */
  async change({ calendarId, date, at }: { calendarId: number; date: string; at: string }, apply: Changes) {
    const key = DateChanges.key(calendarId, date);
    if (!this.dates.has(key)) {
      const stored = await this.trx('calendar_dates').where({ calendar_id: calendarId, date }).first<StoredDate | undefined>();
      this.dates.set(key, stored ? { calendarId, date, calendarDateId: stored.calendar_date_id, seriesId: stored.series_id, enabled: stored.enabled, lanes: stored.lanes, holdings: stored.holdings, at } : null);
    }
    const row = this.dates.get(key);
    if (!row) return;
    this.dates.set(key, { ...row, at, ...apply({ enabled: row.enabled, lanes: row.lanes, holdings: row.holdings }) });
  }

  async delete({ calendarId, date, calendarDateId }: { calendarId: number; date: string; calendarDateId: number }) {
    const key = DateChanges.key(calendarId, date);
    if (this.dates.get(key)?.calendarDateId === calendarDateId) this.dates.set(key, null);
    await this.trx('calendar_dates').where({ calendar_id: calendarId, date, calendar_date_id: calendarDateId }).delete();
  }

  async write() {
    for (const row of this.dates.values()) if (row) await write(this.trx, row);
  }
}

/** Read model `calendar_dates`: one row per calendar date with its lanes and the statistics of §3. */
export const calendarDatesProjection: Projection = {
  name: 'calendarDates',
  tables: ['calendar_dates'],
  eventTypes: calendarDateEventTypes,
  apply: (trx, event) => applyAll(trx, [{ event }]),
  applyAll,
};

async function applyAll(trx: Knex.Transaction, events: { event: DomainEvent }[]): Promise<void> {
  const dates = new DateChanges(trx);
  for (const { event } of events) await applyEvent(dates, event as CalendarDateEvent);
  await dates.write();
}

async function applyEvent(dates: DateChanges, event: CalendarDateEvent): Promise<void> {
  switch (event.type) {
    case 'CalendarDateAdded':
      return dates.put({ ...event.data, holdings: noHoldings() });
    case 'CalendarDateMovedHere': {
      const { locks = [], bookings = [] } = event.data;
      return dates.put({ ...event.data, holdings: { locks, bookings } });
    }
    case 'CalendarDateUpdated': {
      const { changes } = event.data;
      return dates.change(event.data, (row) => ({ enabled: changes.enabled ?? row.enabled, lanes: changes.lanes ?? row.lanes, holdings: row.holdings }));
    }
    case 'SlotLocked': {
      const { token, laneId, startTime, endTime, expiresAt, expiredTokens, appointmentId } = event.data;
      const lock = { token, laneId, startTime, endTime, expiresAt, ...(appointmentId === undefined ? {} : { appointmentId }) };
      return dates.change(event.data, (row) => ({
        ...row,
        holdings: { ...row.holdings, locks: [...row.holdings.locks.filter((held) => !expiredTokens.includes(held.token) && held.token !== token), lock] },
      }));
    }
    case 'SlotReleased':
      return dates.change(event.data, (row) => ({ ...row, holdings: { ...row.holdings, locks: row.holdings.locks.filter((lock) => lock.token !== event.data.token) } }));
    case 'AppointmentBooked':
    case 'AppointmentChanged':
    case 'AppointmentMovedHere': {
      const { appointmentId, laneId, startTime, endTime, lockToken, appointment } = event.data;
      return dates.change(event.data, (row) => ({
        ...row,
        holdings: {
          locks: row.holdings.locks.filter((lock) => lock.token !== lockToken),
          bookings: [
            ...row.holdings.bookings.filter((booking) => booking.appointmentId !== appointmentId),
            { appointmentId, laneId, startTime, endTime, clientCount: appointment.clientData.length },
          ],
        },
      }));
    }
    case 'AppointmentCancelled':
    case 'AppointmentMovedAway':
      return dates.change(event.data, (row) => ({
        ...row,
        holdings: { ...row.holdings, bookings: row.holdings.bookings.filter((booking) => booking.appointmentId !== event.data.appointmentId) },
      }));
    case 'CalendarDateDeleted':
    case 'CalendarDateMovedAway':
      return dates.delete(event.data);
    default:
      return assertNever(event);
  }
}
