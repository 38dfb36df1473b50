import type { Knex } from 'knex';
import type { RecordedEvent } from '../../commands/event-store/port';
import type { AppointmentDetails } from '../../domain/appointments/appointment';
import type { CalendarDateEvent } from '../../domain/calendar-dates/events';
import type { GroupSessionSeriesEvent } from '../../domain/group-session-series/events';
import { assertNever } from '../../domain/shared/decider';
import type { Projection } from '../runner/projection';

export type HistoryAction = 'created' | 'copied' | 'updated' | 'moved' | 'cancelled' | 'registered' | 'unregistered';
interface Place {
  date: string | null;
  startTime: string | null;
}

interface StoredPlace {
  date: string | null;
  start_time: string | null;
}

const handled = ['AppointmentBooked', 'AppointmentChanged', 'AppointmentCancelled', 'AppointmentMovedHere', 'CalendarDateMovedHere', 'ClientRegistered', 'ClientUnregistered'] as const;
type Handled = Extract<CalendarDateEvent | GroupSessionSeriesEvent, { type: (typeof handled)[number] }>;

async function record(
  trx: Knex.Transaction,
  recorded: RecordedEvent,
  appointmentId: number,
  entry: { action: HistoryAction; changes?: string[]; from?: Place | null; to?: Place | null },
) {
  await trx.raw(
    `insert into appointment_history (appointment_id, event_id, commit_position, prepare_position, at, actor, action, changes, from_place, to_place)
     values (?, ?, ?, ?, ?, ?::jsonb, ?, ?::jsonb, ?::jsonb, ?::jsonb) on conflict (appointment_id, event_id) do nothing`,
    [
      appointmentId,
      recorded.eventId,
      recorded.position.commit.toString(),
      recorded.position.prepare.toString(),
      recorded.metadata.occurredAt,
      JSON.stringify(recorded.metadata.actor),
      entry.action,
      JSON.stringify(entry.changes ?? []),
      entry.from ? JSON.stringify(entry.from) : null,
      entry.to ? JSON.stringify(entry.to) : null,
    ],
  );
}

async function upsert(
  trx: Knex.Transaction,
  row: { id: number; calendarId: number; date: string | null; laneId: number | null; startTime: string | null; endTime: string | null; seriesId: number | null; confirmationCode: string; version: number; appointment: AppointmentDetails; at: string },
) {
  await trx.raw(
    `insert into appointments (id, calendar_id, date, lane_id, start_time, end_time, series_id, confirmation_code, version, appointment, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?)
     on conflict (id) do update set calendar_id = excluded.calendar_id, date = excluded.date, lane_id = excluded.lane_id,
       start_time = excluded.start_time, end_time = excluded.end_time, confirmation_code = excluded.confirmation_code,
       version = excluded.version, appointment = excluded.appointment, updated_at = excluded.updated_at`,
    [row.id, row.calendarId, row.date, row.laneId, row.startTime, row.endTime, row.seriesId, row.confirmationCode, row.version, JSON.stringify(row.appointment), row.at, row.at],
  );
}

const placeOf = async (trx: Knex.Transaction, id: number): Promise<Place | null> => {
  const row = await trx('appointments').where({ id }).first<StoredPlace | undefined>('date', 'start_time');
  return row ? { date: row.date, startTime: row.start_time } : null;
};

/**
 * Read models `appointments` (each appointment where it is now, for the booking screen and its form) and
 * `appointment_history` (every change of each, straight from its events, with who made it).
 */
export const appointmentsProjection: Projection = {
  name: 'appointments',
  tables: ['appointments', 'appointment_history'],
  eventTypes: handled,
  async apply(trx, domainEvent, recorded) {
    const event = domainEvent as Handled;
    switch (event.type) {
      case 'AppointmentBooked': {
        const { appointmentId, calendarId, date, laneId, startTime, endTime, confirmationCode, appointment, copiedFrom, at } = event.data;
        await upsert(trx, { id: appointmentId, calendarId, date, laneId, startTime, endTime, seriesId: null, confirmationCode, version: 1, appointment, at });
        const from = copiedFrom ? { date: copiedFrom.date, startTime: copiedFrom.startTime } : null;
        return record(trx, recorded, appointmentId, { action: copiedFrom ? 'copied' : 'created', from, to: { date, startTime } });
      }
      case 'AppointmentChanged': {
        const { appointmentId, date, laneId, startTime, endTime, version, appointment, changes, from, at } = event.data;
        await trx('appointments').where({ id: appointmentId }).update({ lane_id: laneId, start_time: startTime, end_time: endTime, version, appointment: JSON.stringify(appointment), updated_at: at });
        const moved = from !== null;
        return record(trx, recorded, appointmentId, {
          action: moved ? 'moved' : 'updated',
          changes,
          from: moved ? { date, startTime: from.startTime } : null,
          to: moved ? { date, startTime } : null,
        });
      }
      case 'AppointmentMovedHere': {
        const { appointmentId, calendarId, date, laneId, startTime, endTime, version, confirmationCode, appointment, changes, fromDate, at } = event.data;
        const before = await placeOf(trx, appointmentId);
        await upsert(trx, { id: appointmentId, calendarId, date, laneId, startTime, endTime, seriesId: null, confirmationCode, version, appointment, at });
        return record(trx, recorded, appointmentId, { action: 'moved', changes, from: { date: fromDate, startTime: before?.startTime ?? null }, to: { date, startTime } });
      }
      case 'AppointmentCancelled':
        await record(trx, recorded, event.data.appointmentId, { action: 'cancelled', from: await placeOf(trx, event.data.appointmentId) });
        await trx('appointments').where({ id: event.data.appointmentId }).delete();
        return;
      case 'CalendarDateMovedHere': {
        const { date, fromDate, bookings = [], at } = event.data;
        for (const booking of bookings) {
          await trx('appointments').where({ id: booking.appointmentId }).update({ date, updated_at: at });
          await record(trx, recorded, booking.appointmentId, { action: 'moved', changes: ['date'], from: { date: fromDate, startTime: booking.startTime }, to: { date, startTime: booking.startTime } });
        }
        return;
      }
      case 'ClientRegistered': {
        const { appointmentId, calendarId, seriesId, confirmationCode, appointment, at } = event.data;
        await upsert(trx, { id: appointmentId, calendarId, date: null, laneId: null, startTime: null, endTime: null, seriesId, confirmationCode, version: 1, appointment, at });
        return record(trx, recorded, appointmentId, { action: 'registered' });
      }
      case 'ClientUnregistered':
        await record(trx, recorded, event.data.appointmentId, { action: 'unregistered' });
        await trx('appointments').where({ id: event.data.appointmentId }).delete();
        return;
      default:
        return assertNever(event);
    }
  },
};
