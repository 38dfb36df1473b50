import type { Knex } from 'knex';
import type { AppointmentDetails } from '../../domain/appointments/appointment';
import type { DateBooking, DateLane } from '../../domain/calendar-dates/calendar-date';
import type { CalendarDateEvent } from '../../domain/calendar-dates/events';
import { dateStatistics } from '../../domain/calendar-dates/statistics';
import type { RecordedEvent } from '../../domain/event-store/port';
import { assertNever } from '../../domain/shared/decider';
import { analyticsTimeZone, channelOf, clientFigures, leadTime } from './de-identify';
import { todayIn } from '../../domain/shared/plain-date';
import type { ProjectionMemory } from '../runner/projection';
import { positionalRows } from '../shared/positional-rows';
import { RememberedRows } from '../shared/remembered-rows';

/** A row of analytics.appointments, as kept in memory for a batch. */
interface AppointmentRow {
  appointment_id: number;
  calendar_id: number;
  date: string;
  lane_id: number;
  start_time: string;
  end_time: string;
  status: 'booked' | 'cancelled';
  channel: 'public' | 'staff';
  copied: boolean;
  booked_at: string;
  booked_on: string;
  lead_time_days: number;
  lead_time_band: string;
  clients: number;
  age_bands: string[];
  arrived_clients: number;
  no_show_clients: number;
  attendance: string | null;
  cancelled_at: string | null;
}

interface ChangeRow {
  event_id: string;
  appointment_id: number;
  calendar_id: number;
  kind: 'moved' | 'cancelled' | 'changed' | 'dateMoved';
  at: string;
  on_date: string;
  from_date: string;
  to_date: string;
  from_time: string | null;
  to_time: string | null;
}

interface DateRow {
  calendar_id: number;
  date: string;
  series_id: number | null;
  enabled: boolean;
  lanes: DateLane[];
  /** The version of the stored row it was read from (`xmin`); null for a date the batch adds. */
  version: string | null;
}

/** A date's lanes and its booked appointments (by id), as its slot counts were last worked out from them. */
interface DateBookings {
  lanes: DateLane[];
  bookings: Map<number, DateBooking>;
}

/**
 * Dates whose bookings are remembered between batches: a busy booking window's, not a year's (each holds up to a
 * few thousand bookings).
 */
const REMEMBERED_DATES = 100;

const dateKey = (calendarId: number, date: string) => `${calendarId}/${date}`;

/** What a date's slot counts read of a booked appointment. */
type BookedRow = Pick<
  AppointmentRow,
  'calendar_id' | 'date' | 'appointment_id' | 'lane_id' | 'start_time' | 'end_time' | 'clients'
>;

const bookingOf = (row: BookedRow): DateBooking => ({
  appointmentId: row.appointment_id,
  laneId: row.lane_id,
  startTime: row.start_time,
  endTime: row.end_time,
  clientCount: row.clients,
});

/**
 * The columns of analytics.appointments the projection writes, with their types: a batch's appointments go as one
 * JSON parameter (a multi-row VALUES of 19 parameters a row cost more).
 */
const APPOINTMENT_ROWS = positionalRows<AppointmentRow>({
  appointment_id: 'integer',
  calendar_id: 'integer',
  date: 'date',
  lane_id: 'integer',
  start_time: 'time',
  end_time: 'time',
  status: 'text',
  channel: 'text',
  copied: 'boolean',
  booked_at: 'timestamptz',
  booked_on: 'date',
  lead_time_days: 'integer',
  lead_time_band: 'text',
  clients: 'integer',
  age_bands: 'text[]',
  arrived_clients: 'integer',
  no_show_clients: 'integer',
  attendance: 'text',
  cancelled_at: 'timestamptz',
});

const APPOINTMENT_COLUMNS = APPOINTMENT_ROWS.columns;

const UPSERT_APPOINTMENTS = `insert into appointments (${APPOINTMENT_COLUMNS.join(', ')})
  select ${APPOINTMENT_COLUMNS.join(', ')} from (${APPOINTMENT_ROWS.source}) as r
  on conflict (appointment_id) do update set ${APPOINTMENT_COLUMNS.filter((column) => column !== 'appointment_id')
    .map((column) => `${column} = excluded.${column}`)
    .join(', ')}`;

/**
 * The appointments, their changes and the calendar dates a batch of calendar-date events touches: each read once,
 * changed in memory, written once at the end (a replay of a busy log is mostly bookings). Then the touched dates'
 * slot counts are recomputed from their lanes and the booked appointments on them. A date whose row is still at the
 * version this process last wrote takes its lanes and bookings from memory (`remembered`), with the batch's
 * appointments applied: a rush's batches touch the same busy dates, each holding hundreds of bookings, which were
 * otherwise read again on every batch.
 */
export class FactsBatch {
  private readonly appointments = new Map<number, AppointmentRow>();
  private readonly changedAppointments = new Set<number>();
  private readonly changes: ChangeRow[] = [];
  private readonly dates = new Map<string, DateRow | null>();
  private readonly touchedDates = new Map<string, [number, string]>();
  private readonly remembered: RememberedRows<DateBookings>;

  constructor(
    private readonly trx: Knex.Transaction,
    memory: ProjectionMemory,
  ) {
    this.remembered = new RememberedRows(memory, REMEMBERED_DATES);
  }

  /** Reads, in one query each, the appointments and dates the events name. */
  async load(events: CalendarDateEvent[]): Promise<void> {
    const ids = new Set<number>();
    const keys = new Map<string, [number, string]>();
    for (const event of events) {
      const { calendarId, date } = event.data;
      keys.set(dateKey(calendarId, date), [calendarId, date]);
      if ('appointmentId' in event.data && event.data.appointmentId !== undefined) ids.add(event.data.appointmentId);
      if (event.type === 'CalendarDateMovedHere')
        for (const booking of event.data.bookings ?? []) ids.add(booking.appointmentId);
    }
    if (ids.size > 0) {
      const rows = await this.trx('appointments')
        // One array parameter: a replay's batch names a thousand appointments.
        .whereRaw('appointment_id = any(?::integer[])', [[...ids]])
        .select<AppointmentRow[]>(
          ...APPOINTMENT_COLUMNS.filter(
            (column) => !['date', 'booked_on', 'booked_at', 'cancelled_at'].includes(column),
          ),
          this.trx.raw('date::text as date'),
          this.trx.raw('booked_on::text as booked_on'),
          this.trx.raw(`to_char(booked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as booked_at`),
          this.trx.raw(`to_char(cancelled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as cancelled_at`),
        );
      for (const row of rows) this.appointments.set(row.appointment_id, row);
    }
    if (keys.size > 0) await this.loadDates([...keys.values()]);
  }

  /** Reads the dates in one query; the lanes of a date remembered at its stored version are not sent again. */
  private async loadDates(keys: [number, string][]): Promise<void> {
    const { rows } = await this.trx.raw<{ rows: (Omit<DateRow, 'lanes'> & { lanes: DateLane[] | null })[] }>(
      `select d.calendar_id, d.date::text as date, d.series_id, d.enabled, d.xmin::text as version,
         case when d.xmin::text is distinct from k.version then d.lanes end as lanes
       from unnest(?::int[], ?::date[], ?::text[]) as k(calendar_id, date, version)
       join calendar_dates d on d.calendar_id = k.calendar_id and d.date = k.date`,
      [
        keys.map(([calendarId]) => calendarId),
        keys.map(([, date]) => date),
        keys.map(([calendarId, date]) => this.remembered.get(dateKey(calendarId, date))?.version ?? null),
      ] as Knex.RawBinding[],
    );
    for (const row of rows) {
      const key = dateKey(row.calendar_id, row.date);
      const lanes = row.lanes ?? this.remembered.get(key)?.row.lanes;
      if (lanes) this.dates.set(key, { ...row, lanes });
      else throw new Error(`analytics: date ${key} was remembered at version ${row.version}, and is no longer`);
    }
  }

  apply(event: CalendarDateEvent, recorded: RecordedEvent): void {
    const { calendarId, date, at } = event.data;
    this.touch(calendarId, date);
    switch (event.type) {
      case 'CalendarDateAdded':
      case 'CalendarDateMovedHere': {
        const { seriesId, enabled, lanes } = event.data;
        this.dates.set(dateKey(calendarId, date), {
          calendar_id: calendarId,
          date,
          series_id: seriesId,
          enabled,
          lanes,
          version: null,
        });
        if (event.type === 'CalendarDateMovedHere')
          for (const booking of event.data.bookings ?? [])
            this.move(recorded, 'dateMoved', booking.appointmentId, { calendarId, date, at });
        return;
      }
      case 'CalendarDateUpdated': {
        const row = this.dates.get(dateKey(calendarId, date));
        if (row) this.dates.set(dateKey(calendarId, date), { ...row, ...event.data.changes });
        return;
      }
      case 'CalendarDateDeleted':
      case 'CalendarDateMovedAway':
        this.dates.set(dateKey(calendarId, date), null);
        return;
      case 'AppointmentBooked': {
        const { appointmentId, laneId, startTime, endTime, appointment, copiedFrom } = event.data;
        if (this.appointments.has(appointmentId)) return;
        const lead = leadTime(at, date);
        this.put({
          appointment_id: appointmentId,
          calendar_id: calendarId,
          date,
          lane_id: laneId,
          start_time: startTime,
          end_time: endTime,
          status: 'booked',
          channel: channelOf(recorded.metadata?.actor),
          copied: copiedFrom !== undefined,
          booked_at: at,
          booked_on: lead.bookedOn,
          lead_time_days: lead.days,
          lead_time_band: lead.band,
          ...this.figures(appointment, date),
          cancelled_at: null,
        });
        return;
      }
      case 'AppointmentChanged': {
        const { appointmentId, laneId, startTime, endTime, appointment, from } = event.data;
        const row = this.appointments.get(appointmentId);
        if (!row) return;
        if (from)
          this.record(recorded, 'moved', row, { at, toDate: date, fromTime: from.startTime, toTime: startTime });
        else this.record(recorded, 'changed', row, { at, toDate: date, fromTime: row.start_time, toTime: startTime });
        this.put({
          ...row,
          lane_id: laneId,
          start_time: startTime,
          end_time: endTime,
          ...this.figures(appointment, date),
        });
        return;
      }
      case 'AppointmentMovedHere': {
        const { appointmentId, laneId, startTime, endTime, appointment, fromDate } = event.data;
        const row = this.appointments.get(appointmentId);
        if (!row) return;
        this.touch(row.calendar_id, row.date);
        this.record(
          recorded,
          'moved',
          { ...row, date: fromDate },
          { at, toDate: date, fromTime: row.start_time, toTime: startTime },
        );
        const lead = leadTime(row.booked_at, date);
        this.put({
          ...row,
          calendar_id: calendarId,
          date,
          lane_id: laneId,
          start_time: startTime,
          end_time: endTime,
          lead_time_days: lead.days,
          lead_time_band: lead.band,
          ...this.figures(appointment, date),
        });
        return;
      }
      case 'AppointmentCancelled': {
        const row = this.appointments.get(event.data.appointmentId);
        if (!row || row.status === 'cancelled') return;
        this.record(recorded, 'cancelled', row, { at, toDate: date, fromTime: row.start_time, toTime: null });
        this.put({ ...row, status: 'cancelled', cancelled_at: at });
        return;
      }
      case 'AppointmentMovedAway':
      case 'SlotLocked':
      case 'SlotReleased':
        return;
      default:
        return assertNever(event);
    }
  }

  /** Writes the appointments, their changes and the touched dates with their slot counts. */
  async write(): Promise<void> {
    const rows = [...this.changedAppointments].map((id) => this.appointments.get(id)!);
    if (rows.length > 0) await this.trx.raw(UPSERT_APPOINTMENTS, [APPOINTMENT_ROWS.parameter(rows)]);
    if (this.changes.length > 0) {
      await this.trx('appointment_changes').insert(this.changes).onConflict(['event_id', 'appointment_id']).ignore();
      await this.trx.raw(
        `update appointments a set moves = (select count(*) from appointment_changes c
           where c.appointment_id = a.appointment_id and c.kind = 'moved')
         where a.appointment_id = any(?::integer[])`,
        [[...new Set(this.changes.map((change) => change.appointment_id))]],
      );
    }
    await this.writeDates();
  }

  private async writeDates(): Promise<void> {
    const keys = [...this.touchedDates.values()];
    if (keys.length === 0) return;
    // A date left by an appointment moved in this batch (AppointmentMovedHere) whose AppointmentMovedAway came in an
    // earlier batch is named by no event here: read it now, or its slot counts would keep the appointment.
    const unread = keys.filter(([calendarId, date]) => !this.dates.has(dateKey(calendarId, date)));
    if (unread.length > 0) await this.loadDates(unread);
    const removed = keys.filter(([calendarId, date]) => this.dates.get(dateKey(calendarId, date)) === null);
    if (removed.length > 0) {
      for (const [calendarId, date] of removed) this.remembered.forget(dateKey(calendarId, date));
      await this.trx('calendar_dates').whereIn(['calendar_id', 'date'], removed).delete();
    }
    const kept = keys
      .map(([calendarId, date]) => this.dates.get(dateKey(calendarId, date)))
      .filter((row): row is DateRow => row !== null && row !== undefined);
    if (kept.length === 0) return;
    const bookingsByDate = await this.bookingsOf(kept);
    const written = kept.map(({ version: _version, ...row }) => {
      const bookings = [...bookingsByDate.get(dateKey(row.calendar_id, row.date))!.values()];
      const statistics = dateStatistics(row.lanes, bookings);
      return {
        ...row,
        lanes: JSON.stringify(row.lanes),
        total_slots: statistics.totalSlotCount,
        booked_slots: statistics.bookedSlotCount,
      };
    });
    const versions: { calendar_id: number; date: string; version: string }[] = await this.trx('calendar_dates')
      .insert(written)
      .onConflict(['calendar_id', 'date'])
      .merge(['series_id', 'enabled', 'lanes', 'total_slots', 'booked_slots'])
      .returning(['calendar_id', this.trx.raw('date::text as date'), this.trx.raw('xmin::text as version')]);
    const lanesOf = new Map(kept.map((row) => [dateKey(row.calendar_id, row.date), row.lanes]));
    for (const { calendar_id: calendarId, date, version } of versions) {
      const key = dateKey(calendarId, date);
      this.remembered.keep(key, version, { lanes: lanesOf.get(key)!, bookings: bookingsByDate.get(key)! });
    }
  }

  /**
   * Each date's booked appointments after the batch: those remembered at the version of the row read, with the
   * batch's appointments applied; the others read (after the batch's appointments were written). A date taken from
   * memory is forgotten until its row is written: were the batch to roll back, its row would keep the version
   * remembered with bookings it no longer has.
   */
  private async bookingsOf(dates: DateRow[]): Promise<Map<string, Map<number, DateBooking>>> {
    const byDate = new Map<string, Map<number, DateBooking>>();
    const unread: DateRow[] = [];
    for (const row of dates) {
      const key = dateKey(row.calendar_id, row.date);
      const remembered = this.remembered.get(key);
      this.remembered.forget(key);
      if (remembered && row.version !== null && remembered.version === row.version)
        byDate.set(key, remembered.row.bookings);
      else unread.push(row);
    }
    // An appointment the batch changed leaves the date it was on (if booked there) and joins its date now.
    const changed = [...this.changedAppointments].map((id) => this.appointments.get(id)!);
    for (const bookings of byDate.values()) for (const row of changed) bookings.delete(row.appointment_id);
    for (const row of changed)
      if (row.status === 'booked')
        byDate.get(dateKey(row.calendar_id, row.date))?.set(row.appointment_id, bookingOf(row));
    if (unread.length === 0) return byDate;
    for (const row of unread) byDate.set(dateKey(row.calendar_id, row.date), new Map());
    const booked = await this.trx('appointments')
      .where({ status: 'booked' })
      .whereIn(
        ['calendar_id', 'date'],
        unread.map((row) => [row.calendar_id, row.date]),
      )
      .select<BookedRow[]>(
        'calendar_id',
        this.trx.raw('date::text as date'),
        'appointment_id',
        'lane_id',
        'start_time',
        'end_time',
        'clients',
      );
    for (const row of booked) byDate.get(dateKey(row.calendar_id, row.date))?.set(row.appointment_id, bookingOf(row));
    return byDate;
  }

  private figures(details: AppointmentDetails, date: string) {
    const figures = clientFigures(details, date);
    return {
      clients: figures.clients,
      age_bands: figures.ageBands,
      arrived_clients: figures.arrivedClients,
      no_show_clients: figures.noShowClients,
      attendance: figures.attendance,
    };
  }

  private put(row: AppointmentRow): void {
    this.appointments.set(row.appointment_id, row);
    this.changedAppointments.add(row.appointment_id);
    this.touch(row.calendar_id, row.date);
  }

  private touch(calendarId: number, date: string): void {
    this.touchedDates.set(dateKey(calendarId, date), [calendarId, date]);
  }

  /** A whole date moved (CalendarDateMovedHere): its appointments go with it. */
  private move(
    recorded: RecordedEvent,
    kind: 'dateMoved',
    appointmentId: number,
    to: { calendarId: number; date: string; at: string },
  ): void {
    const row = this.appointments.get(appointmentId);
    if (!row) return;
    this.record(recorded, kind, row, { at: to.at, toDate: to.date, fromTime: row.start_time, toTime: row.start_time });
    const lead = leadTime(row.booked_at, to.date);
    this.put({ ...row, date: to.date, lead_time_days: lead.days, lead_time_band: lead.band });
  }

  private record(
    recorded: RecordedEvent,
    kind: ChangeRow['kind'],
    from: AppointmentRow,
    to: { at: string; toDate: string; fromTime: string | null; toTime: string | null },
  ): void {
    this.changes.push({
      event_id: recorded.eventId,
      appointment_id: from.appointment_id,
      calendar_id: from.calendar_id,
      kind,
      at: to.at,
      on_date: todayIn(analyticsTimeZone(), new Date(to.at)),
      from_date: from.date,
      to_date: to.toDate,
      from_time: to.fromTime,
      to_time: to.toTime,
    });
  }
}
