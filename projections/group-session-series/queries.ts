import type { Knex } from 'knex';
import type { AppointmentDetails } from '../../domain/appointments/appointment';

export interface RegistrationRecord {
  appointmentId: number;
  confirmationCode: string;
  clients: { firstName: string; lastName: string }[];
  phone: string;
  phoneAlt: string;
  email: string;
  spots: number;
  registeredOn: string;
}

/** The registrations of a series (§2.3 series detail), oldest first. */
export async function registrationsOf(knex: Knex, seriesId: number): Promise<RegistrationRecord[]> {
  const rows = await knex('group_session_registrations')
    .where({ series_id: seriesId })
    .orderBy([{ column: 'registered_at' }, { column: 'appointment_id' }])
    .select<
      {
        appointment_id: number;
        confirmation_code: string;
        spots: number;
        appointment: AppointmentDetails;
        registered_at: Date;
      }[]
    >();
  return rows.map((row) => ({
    appointmentId: row.appointment_id,
    confirmationCode: row.confirmation_code,
    clients: row.appointment.clientData.map(({ firstName, lastName }) => ({ firstName, lastName })),
    phone: row.appointment.phone,
    phoneAlt: row.appointment.phoneAlt,
    email: row.appointment.email,
    spots: row.spots,
    registeredOn: row.registered_at.toISOString(),
  }));
}
