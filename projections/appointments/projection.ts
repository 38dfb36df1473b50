import type { Knex } from 'knex';
import type { RecordedEvent } from '../../domain/event-store/port';
import type { AppointmentDetails } from '../../domain/appointments/appointment';
import type { CalendarDateEvent } from '../../domain/calendar-dates/events';
import type { GroupSessionSeriesEvent } from '../../domain/group-session-series/events';
import type { MessageEvent } from '../../domain/messages/events';
import { assertNever, type DomainEvent } from '../../domain/shared/decider';
import type { Projection } from '../runner/projection';
import { positionalRows } from '../shared/positional-rows';
import { messageChanges } from './message-history';

export type HistoryAction =
  | 'created'
  | 'copied'
  | 'updated'
  | 'moved'
  | 'cancelled'
  | 'registered'
  | 'unregistered'
  | 'messageSent'
  | 'messageFailed';
interface Place {
  date: string | null;
  startTime: string | null;
}

interface StoredPlace {
  date: string | null;
  start_time: string | null;
}

const handled = [
  'AppointmentBooked',
  'AppointmentChanged',
  'AppointmentCancelled',
  'AppointmentMovedHere',
  'CalendarDateMovedHere',
  'ClientRegistered',
  'ClientUnregistered',
  'MessageSent',
  'MessageFailed',
] as const;
type Handled = Extract<CalendarDateEvent | GroupSessionSeriesEvent | MessageEvent, { type: (typeof handled)[number] }>;

interface HistoryEntry {
  action: HistoryAction;
  changes?: string[];
  from?: Place | null;
  to?: Place | null;
}

interface AppointmentRow {
  id: number;
  calendarId: number;
  date: string | null;
  laneId: number | null;
  startTime: string | null;
  endTime: string | null;
  seriesId: number | null;
  confirmationCode: string;
  version: number;
  appointment: AppointmentDetails;
  /** The public service it was booked through (issue 20): written when booked, never changed by a change or a move. */
  serviceId: number | null;
  at: string;
}

const APPOINTMENT_ROWS = positionalRows<AppointmentRow>({
  id: 'integer',
  calendarId: 'integer',
  date: 'text',
  laneId: 'integer',
  startTime: 'text',
  endTime: 'text',
  seriesId: 'integer',
  confirmationCode: 'text',
  version: 'integer',
  appointment: 'jsonb',
  serviceId: 'integer',
  at: 'timestamptz',
});

/** An entry of appointment_history as written. */
interface HistoryRow {
  appointment_id: number;
  event_id: string;
  commit_position: string;
  prepare_position: string;
  at: string;
  actor: unknown;
  action: HistoryAction;
  changes: string[];
  from_place: Place | null;
  to_place: Place | null;
}

const HISTORY_ROWS = positionalRows<HistoryRow>({
  appointment_id: 'integer',
  event_id: 'uuid',
  commit_position: 'numeric',
  prepare_position: 'numeric',
  at: 'timestamptz',
  actor: 'jsonb',
  action: 'text',
  changes: 'jsonb',
  from_place: 'jsonb',
  to_place: 'jsonb',
});

/**
 * Appointment rows and history entries of a batch, written a statement each for many (a replay of a busy year books
 * hundreds of thousands): whatever else touches the tables first writes what is waiting, so the order holds.
 */
class Writes {
  private rows = new Map<number, AppointmentRow>();
  private entries: HistoryRow[] = [];

  constructor(readonly trx: Knex.Transaction) {}

  async upsert(row: AppointmentRow) {
    if (this.rows.has(row.id)) await this.flush();
    this.rows.set(row.id, row);
  }

  record(recorded: RecordedEvent, appointmentId: number, entry: HistoryEntry) {
    this.entries.push({
      appointment_id: appointmentId,
      event_id: recorded.eventId,
      commit_position: recorded.position.commit.toString(),
      prepare_position: recorded.position.prepare.toString(),
      at: recorded.metadata.occurredAt,
      actor: recorded.metadata.actor,
      action: entry.action,
      changes: entry.changes ?? [],
      from_place: entry.from ?? null,
      to_place: entry.to ?? null,
    });
  }

  async flush() {
    if (this.rows.size > 0) {
      const rows = [...this.rows.values()];
      this.rows = new Map();
      await this.trx.raw(
        `insert into appointments (id, calendar_id, date, lane_id, start_time, end_time, series_id, confirmation_code, version, appointment, service_id, created_at, updated_at)
         select id, "calendarId", date, "laneId", "startTime", "endTime", "seriesId", "confirmationCode", version, appointment, "serviceId", at, at
           from (${APPOINTMENT_ROWS.source}) as r
         -- service_id stays as booked: a move re-inserts the row without it
         on conflict (id) do update set calendar_id = excluded.calendar_id, date = excluded.date, lane_id = excluded.lane_id,
           start_time = excluded.start_time, end_time = excluded.end_time, confirmation_code = excluded.confirmation_code,
           version = excluded.version, appointment = excluded.appointment, updated_at = excluded.updated_at`,
        [APPOINTMENT_ROWS.parameter(rows)],
      );
    }
    if (this.entries.length > 0) {
      const entries = this.entries;
      this.entries = [];
      await this.trx.raw(
        `insert into appointment_history (appointment_id, event_id, commit_position, prepare_position, at, actor, action, changes, from_place, to_place)
         select appointment_id, event_id, commit_position, prepare_position, at, actor, action, changes, from_place, to_place
           from (${HISTORY_ROWS.source}) as r
         on conflict (appointment_id, event_id) do nothing`,
        [HISTORY_ROWS.parameter(entries)],
      );
    }
  }

  /** The table as the events so far left it, for a statement that reads or changes it in place. */
  async settled(): Promise<Knex.Transaction> {
    await this.flush();
    return this.trx;
  }
}

const placeOf = async (writes: Writes, id: number): Promise<Place | null> => {
  const row = await (
    await writes.settled()
  )('appointments')
    .where({ id })
    .first<StoredPlace | undefined>('date', 'start_time');
  return row ? { date: row.date, startTime: row.start_time } : null;
};

/**
 * Read models `appointments` (each appointment where it is now, for the booking screen and its form) and
 * `appointment_history` (every change of each, straight from its events, with who made it, and each message to its
 * client sent or given up, issue 19).
 */
export const appointmentsProjection: Projection = {
  name: 'appointments',
  tables: ['appointments', 'appointment_history'],
  eventTypes: handled,
  apply: (trx, event, recorded) => applyAll(trx, [{ event, recorded }]),
  applyAll,
};

async function applyAll(
  trx: Knex.Transaction,
  events: { event: DomainEvent; recorded: RecordedEvent }[],
): Promise<void> {
  const writes = new Writes(trx);
  for (const { event, recorded } of events) await applyEvent(writes, event as Handled, recorded);
  await writes.flush();
}

async function applyEvent(writes: Writes, event: Handled, recorded: RecordedEvent): Promise<void> {
  switch (event.type) {
    case 'AppointmentBooked': {
      const {
        appointmentId,
        calendarId,
        date,
        laneId,
        startTime,
        endTime,
        confirmationCode,
        appointment,
        copiedFrom,
        serviceId,
        at,
      } = event.data;
      await writes.upsert({
        id: appointmentId,
        calendarId,
        date,
        laneId,
        startTime,
        endTime,
        seriesId: null,
        confirmationCode,
        version: 1,
        appointment,
        serviceId: serviceId ?? null,
        at,
      });
      const from = copiedFrom ? { date: copiedFrom.date, startTime: copiedFrom.startTime } : null;
      return writes.record(recorded, appointmentId, {
        action: copiedFrom ? 'copied' : 'created',
        from,
        to: { date, startTime },
      });
    }
    case 'AppointmentChanged': {
      const { appointmentId, date, laneId, startTime, endTime, version, appointment, changes, from, at } = event.data;
      await (
        await writes.settled()
      )('appointments')
        .where({ id: appointmentId })
        .update({
          lane_id: laneId,
          start_time: startTime,
          end_time: endTime,
          version,
          appointment: JSON.stringify(appointment),
          updated_at: at,
        });
      const moved = from !== null;
      return writes.record(recorded, appointmentId, {
        action: moved ? 'moved' : 'updated',
        changes,
        from: moved ? { date, startTime: from.startTime } : null,
        to: moved ? { date, startTime } : null,
      });
    }
    case 'AppointmentMovedHere': {
      const {
        appointmentId,
        calendarId,
        date,
        laneId,
        startTime,
        endTime,
        version,
        confirmationCode,
        appointment,
        changes,
        fromDate,
        at,
      } = event.data;
      const before = await placeOf(writes, appointmentId);
      await writes.upsert({
        id: appointmentId,
        calendarId,
        date,
        laneId,
        startTime,
        endTime,
        seriesId: null,
        confirmationCode,
        version,
        appointment,
        serviceId: null,
        at,
      });
      return writes.record(recorded, appointmentId, {
        action: 'moved',
        changes,
        from: { date: fromDate, startTime: before?.startTime ?? null },
        to: { date, startTime },
      });
    }
    case 'AppointmentCancelled':
      writes.record(recorded, event.data.appointmentId, {
        action: 'cancelled',
        from: await placeOf(writes, event.data.appointmentId),
      });
      await (await writes.settled())('appointments').where({ id: event.data.appointmentId }).delete();
      return;
    case 'CalendarDateMovedHere': {
      const { date, fromDate, bookings = [], at } = event.data;
      for (const booking of bookings) {
        await (
          await writes.settled()
        )('appointments')
          .where({ id: booking.appointmentId })
          .update({ date, updated_at: at });
        writes.record(recorded, booking.appointmentId, {
          action: 'moved',
          changes: ['date'],
          from: { date: fromDate, startTime: booking.startTime },
          to: { date, startTime: booking.startTime },
        });
      }
      return;
    }
    case 'ClientRegistered': {
      const { appointmentId, calendarId, seriesId, confirmationCode, appointment, serviceId, at } = event.data;
      await writes.upsert({
        id: appointmentId,
        calendarId,
        date: null,
        laneId: null,
        startTime: null,
        endTime: null,
        seriesId,
        confirmationCode,
        version: 1,
        appointment,
        serviceId: serviceId ?? null,
        at,
      });
      return writes.record(recorded, appointmentId, { action: 'registered' });
    }
    case 'ClientUnregistered':
      writes.record(recorded, event.data.appointmentId, { action: 'unregistered' });
      await (await writes.settled())('appointments').where({ id: event.data.appointmentId }).delete();
      return;
    case 'MessageSent':
    case 'MessageFailed':
      return writes.record(recorded, event.data.appointmentId, {
        action: event.type === 'MessageSent' ? 'messageSent' : 'messageFailed',
        changes: messageChanges(event),
      });
    default:
      return assertNever(event);
  }
}
