import type { Knex } from 'knex';
import type { DateLane } from '../../domain/calendar-dates/calendar-date';
import { calendarDateEventTypes, type CalendarDateEvent } from '../../domain/calendar-dates/events';
import { dateStatistics } from '../../domain/calendar-dates/statistics';
import { assertNever } from '../../domain/shared/decider';
import type { Projection } from '../runner/projection';

interface DateRow {
  calendarId: number;
  date: string;
  calendarDateId: number;
  enabled: boolean;
  lanes: DateLane[];
  seriesId: number | null;
  at: string;
}

/** Writes a date with its statistics, recomputed from its lanes (and, as they arrive, what is booked on them). */
async function upsert(trx: Knex.Transaction, row: DateRow) {
  const statistics = dateStatistics(row.lanes);
  await trx.raw(
    `insert into calendar_dates (calendar_id, date, calendar_date_id, enabled, lanes, series_id, capacity, appointment_count, client_count,
       booked_slot_count, total_slot_count, first_appointment_time, last_appointment_time, min_start_time, max_end_time, lane_count, updated_at)
     values (?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (calendar_id, date) do update set calendar_date_id = excluded.calendar_date_id, enabled = excluded.enabled,
       lanes = excluded.lanes, series_id = excluded.series_id, capacity = excluded.capacity, appointment_count = excluded.appointment_count,
       client_count = excluded.client_count, booked_slot_count = excluded.booked_slot_count, total_slot_count = excluded.total_slot_count,
       first_appointment_time = excluded.first_appointment_time, last_appointment_time = excluded.last_appointment_time,
       min_start_time = excluded.min_start_time, max_end_time = excluded.max_end_time, lane_count = excluded.lane_count,
       updated_at = excluded.updated_at`,
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
      row.at,
    ],
  );
}

/** Read model `calendar_dates`: one row per calendar date with its lanes and the statistics of §3. */
export const calendarDatesProjection: Projection = {
  name: 'calendarDates',
  tables: ['calendar_dates'],
  eventTypes: calendarDateEventTypes,
  async apply(trx, domainEvent) {
    const event = domainEvent as CalendarDateEvent;
    switch (event.type) {
      case 'CalendarDateAdded':
      case 'CalendarDateMovedHere':
        return upsert(trx, event.data);
      case 'CalendarDateUpdated': {
        const { calendarId, date, changes, at } = event.data;
        const row = await trx('calendar_dates')
          .where({ calendar_id: calendarId, date })
          .first<{ calendar_date_id: number; enabled: boolean; lanes: DateLane[]; series_id: number | null } | undefined>();
        if (!row) return;
        return upsert(trx, {
          calendarId,
          date,
          calendarDateId: row.calendar_date_id,
          enabled: changes.enabled ?? row.enabled,
          lanes: changes.lanes ?? row.lanes,
          seriesId: row.series_id,
          at,
        });
      }
      case 'CalendarDateDeleted':
      case 'CalendarDateMovedAway':
        await trx('calendar_dates').where({ calendar_id: event.data.calendarId, date: event.data.date, calendar_date_id: event.data.calendarDateId }).delete();
        return;
      default:
        return assertNever(event);
    }
  },
};
