import type { Knex } from 'knex';
import type { AppointmentDetails } from '../../domain/appointments/appointment';

/** An appointment as its client manages it online (issue 20): where it is, its details, the service booked through. */
export interface OwnBookingRow {
  id: number;
  calendarId: number;
  date: string | null;
  laneId: number | null;
  startTime: string | null;
  endTime: string | null;
  seriesId: number | null;
  confirmationCode: string;
  version: number;
  serviceId: number | null;
  details: AppointmentDetails;
}

interface Row {
  id: number;
  calendar_id: number;
  date: string | null;
  lane_id: number | null;
  start_time: string | null;
  end_time: string | null;
  series_id: number | null;
  confirmation_code: string;
  version: number;
  service_id: number | null;
  appointment: AppointmentDetails;
}

const COLUMNS = [
  'id',
  'calendar_id',
  'date',
  'lane_id',
  'start_time',
  'end_time',
  'series_id',
  'confirmation_code',
  'version',
  'service_id',
  'appointment',
] as const;

const toOwnBooking = (row: Row): OwnBookingRow => ({
  id: row.id,
  calendarId: row.calendar_id,
  date: row.date,
  laneId: row.lane_id,
  startTime: row.start_time,
  endTime: row.end_time,
  seriesId: row.series_id,
  confirmationCode: row.confirmation_code,
  version: row.version,
  serviceId: row.service_id,
  details: row.appointment,
});

export async function findOwnBooking(knex: Knex, id: number): Promise<OwnBookingRow | undefined> {
  const row = await knex('appointments')
    .where({ id })
    .first<Row | undefined>(...COLUMNS);
  return row && toOwnBooking(row);
}

/** The appointments (booked or registered, not cancelled) with this confirmation code (by its index). */
export async function ownBookingsWithCode(knex: Knex, confirmationCode: string): Promise<OwnBookingRow[]> {
  const rows = await knex('appointments')
    .where({ confirmation_code: confirmationCode })
    .orderBy('id')
    .select<Row[]>(...COLUMNS);
  return rows.map(toOwnBooking);
}
