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

const COLUMNS = `calendar_id, date, calendar_date_id, enabled, lanes, series_id, capacity, appointment_count, client_count,
  booked_slot_count, total_slot_count, first_appointment_time, last_appointment_time, min_start_time, max_end_time, lane_count, holdings, updated_at,
  free_times, free_times_from, free_times_until`;
const ROW_PLACEHOLDERS = '(?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?::jsonb, ?, ?)';
/** Rows per statement: 21 parameters each, well under PostgreSQL's 65,535. */
const ROWS_PER_STATEMENT = 500;

/** A date's columns: its statistics, recomputed from its lanes and holdings, and for an ordinary calendar the start times the public can book. */
function columns(row: DateRow): unknown[] {
  const statistics = dateStatistics(row.lanes, bookingsByLane(row.holdings.bookings));
  const free = row.seriesId === null ? freeTimes(row.lanes, row.holdings, row.at) : null;
  return [
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
  ];
}

/** Writes dates with their statistics and free times, many to a statement. */
async function writeAll(trx: Knex.Transaction, rows: DateRow[]) {
  for (let from = 0; from < rows.length; from += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(from, from + ROWS_PER_STATEMENT);
    await trx.raw(
      `insert into calendar_dates (${COLUMNS})
       values ${chunk.map(() => ROW_PLACEHOLDERS).join(', ')}
       on conflict (calendar_id, date) do update set calendar_date_id = excluded.calendar_date_id, enabled = excluded.enabled,
         lanes = excluded.lanes, series_id = excluded.series_id, capacity = excluded.capacity, appointment_count = excluded.appointment_count,
         client_count = excluded.client_count, booked_slot_count = excluded.booked_slot_count, total_slot_count = excluded.total_slot_count,
         first_appointment_time = excluded.first_appointment_time, last_appointment_time = excluded.last_appointment_time,
         min_start_time = excluded.min_start_time, max_end_time = excluded.max_end_time, lane_count = excluded.lane_count,
         holdings = excluded.holdings, updated_at = excluded.updated_at, free_times = excluded.free_times,
         free_times_from = excluded.free_times_from, free_times_until = excluded.free_times_until`,
      chunk.flatMap(columns) as Knex.RawBinding[],
    );
  }
}

/** Where each lane of the dates is (`calendar_date_lanes`): a lane moves with its date, and leaves with a change. */
async function writeLanes(trx: Knex.Transaction, rows: DateRow[]) {
  await trx.raw('delete from calendar_date_lanes where calendar_date_id = any(?::int[])', [
    rows.map((row) => row.calendarDateId),
  ]);
  // A lane id is on one date; should two dates of the batch carry one, the later written wins (one row a lane).
  const lanes = [...new Map(rows.flatMap((row) => row.lanes.map((lane) => [lane.id, row.calendarDateId] as const)))];
  if (lanes.length === 0) return;
  await trx.raw(
    `insert into calendar_date_lanes (lane_id, calendar_date_id) select * from unnest(?::int[], ?::int[])
     on conflict (lane_id) do update set calendar_date_id = excluded.calendar_date_id`,
    [lanes.map(([laneId]) => laneId), lanes.map(([, calendarDateId]) => calendarDateId)],
  );
}

type Changes = (row: { enabled: boolean; lanes: DateLane[]; holdings: DateHoldings }) => {
  enabled: boolean;
  lanes: DateLane[];
  holdings: DateHoldings;
};

/**
 * The dates a batch of events changes, each read once and written once at the end of the batch (statistics and free
 * times are computed from the whole date, so per event they cost a batch of a busy day dearly).
 */
class DateChanges {
  private readonly dates = new Map<string, DateRow | null>();
  /** Dates whose lanes were set or changed in the batch: their rows of `calendar_date_lanes` are written again. */
  private readonly lanesChanged = new Set<string>();

  constructor(private readonly trx: Knex.Transaction) {}

  private static key(calendarId: number, date: string) {
    return `${calendarId}/${date}`;
  }

  put(row: DateRow) {
    const key = DateChanges.key(row.calendarId, row.date);
    this.dates.set(key, row);
    this.lanesChanged.add(key);
  }

  /** Reads the stored dates the events name, in one query, before any of them is changed. */
  async load(events: { event: DomainEvent }[]) {
    const wanted = new Map<string, [number, string]>();
    for (const { event } of events) {
      const { calendarId, date } = event.data as { calendarId: number; date: string };
      const key = DateChanges.key(calendarId, date);
      if (!this.dates.has(key)) wanted.set(key, [calendarId, date]);
    }
    if (wanted.size === 0) return;
    for (const key of wanted.keys()) this.dates.set(key, null);
    const stored = await this.trx('calendar_dates')
      .whereIn(['calendar_id', 'date'], [...wanted.values()])
      .select<(StoredDate & { calendar_id: number; date: string })[]>(
        'calendar_id',
        'date',
        'calendar_date_id',
        'series_id',
        'enabled',
        'lanes',
        'holdings',
      );
    for (const row of stored) {
      this.dates.set(DateChanges.key(row.calendar_id, row.date), {
        calendarId: row.calendar_id,
        date: row.date,
        calendarDateId: row.calendar_date_id,
        seriesId: row.series_id,
        enabled: row.enabled,
        lanes: row.lanes,
        holdings: row.holdings,
        at: '',
      });
    }
  }

  /** Applies a change to the date (absent: nothing to change, e.g. a replay of a date deleted later). */
  change({ calendarId, date, at }: { calendarId: number; date: string; at: string }, apply: Changes) {
    const key = DateChanges.key(calendarId, date);
    const row = this.dates.get(key);
    if (!row) return;
    const changed = apply({ enabled: row.enabled, lanes: row.lanes, holdings: row.holdings });
    if (changed.lanes !== row.lanes) this.lanesChanged.add(key);
    this.dates.set(key, { ...row, at, ...changed });
  }

  async delete({ calendarId, date, calendarDateId }: { calendarId: number; date: string; calendarDateId: number }) {
    const key = DateChanges.key(calendarId, date);
    if (this.dates.get(key)?.calendarDateId === calendarDateId) this.dates.set(key, null);
    await this.trx('calendar_dates')
      .where({ calendar_id: calendarId, date, calendar_date_id: calendarDateId })
      .delete();
    await this.trx('calendar_date_lanes').where({ calendar_date_id: calendarDateId }).delete();
  }

  async write() {
    await writeAll(
      this.trx,
      [...this.dates.values()].filter((row): row is DateRow => row !== null && row.at !== ''),
    );
    const relaned = [...this.lanesChanged]
      .map((key) => this.dates.get(key))
      .filter((row): row is DateRow => !!row && row.at !== '');
    if (relaned.length > 0) await writeLanes(this.trx, relaned);
  }
}

/** Read model `calendar_dates`: one row per calendar date with its lanes and the statistics of §3. */
export const calendarDatesProjection: Projection = {
  name: 'calendarDates',
  tables: ['calendar_dates', 'calendar_date_lanes'],
  eventTypes: calendarDateEventTypes,
  apply: (trx, event) => applyAll(trx, [{ event }]),
  applyAll,
};

async function applyAll(trx: Knex.Transaction, events: { event: DomainEvent }[]): Promise<void> {
  const dates = new DateChanges(trx);
  await dates.load(events);
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
      return dates.change(event.data, (row) => ({
        enabled: changes.enabled ?? row.enabled,
        lanes: changes.lanes ?? row.lanes,
        holdings: row.holdings,
      }));
    }
    case 'SlotLocked': {
      const { token, laneId, startTime, endTime, expiresAt, expiredTokens, appointmentId } = event.data;
      const lock = {
        token,
        laneId,
        startTime,
        endTime,
        expiresAt,
        ...(appointmentId === undefined ? {} : { appointmentId }),
      };
      return dates.change(event.data, (row) => ({
        ...row,
        holdings: {
          ...row.holdings,
          locks: [
            ...row.holdings.locks.filter((held) => !expiredTokens.includes(held.token) && held.token !== token),
            lock,
          ],
        },
      }));
    }
    case 'SlotReleased':
      return dates.change(event.data, (row) => ({
        ...row,
        holdings: { ...row.holdings, locks: row.holdings.locks.filter((lock) => lock.token !== event.data.token) },
      }));
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
        holdings: {
          ...row.holdings,
          bookings: row.holdings.bookings.filter((booking) => booking.appointmentId !== event.data.appointmentId),
        },
      }));
    case 'CalendarDateDeleted':
    case 'CalendarDateMovedAway':
      return dates.delete(event.data);
    default:
      return assertNever(event);
  }
}
