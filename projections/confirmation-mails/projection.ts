import type { Knex } from 'knex';
import type { AppointmentDetails } from '../../domain/appointments/appointment';
import type { AppointmentBooked } from '../../domain/calendar-dates/events';
import type { ClientRegistered } from '../../domain/group-session-series/events';
import type { Projection } from '../runner/projection';

export const CONFIRMATION = 'confirmation';

interface QueuedMail {
  appointmentId: number;
  calendarId: number;
  seriesId: number | null;
  date: string | null;
  startTime: string | null;
  endTime: string | null;
  appointment: AppointmentDetails;
  confirmationCode: string;
  at: string;
}

async function emailsEnabled(trx: Knex.Transaction, calendarId: number): Promise<boolean> {
  const row = await trx('calendars')
    .where({ id: calendarId })
    .first<{ enabled: boolean | null } | undefined>(trx.raw(`(settings ->> 'emailsEnabled')::boolean as enabled`));
  return row?.enabled === true;
}

/** Queues the confirmation in the booking's own projector transaction: it is never lost, and sending never holds the booking up. */
async function enqueue(trx: Knex.Transaction, mail: QueuedMail): Promise<void> {
  const recipient = mail.appointment.email.trim();
  if (!recipient || !(await emailsEnabled(trx, mail.calendarId))) return;
  const names = mail.appointment.clientData.map(({ firstName, lastName, preferredName }) => ({
    firstName,
    lastName,
    preferredName: preferredName ?? '',
  }));
  await trx.raw(
    `insert into mail_queue (purpose, appointment_id, calendar_id, series_id, date, start_time, end_time, language, recipient, client_names,
       confirmation_code, booked_at, due_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?)
     on conflict (appointment_id, purpose) do nothing`,
    [
      CONFIRMATION,
      mail.appointmentId,
      mail.calendarId,
      mail.seriesId,
      mail.date,
      mail.startTime,
      mail.endTime,
      mail.appointment.language,
      recipient,
      JSON.stringify(names),
      mail.confirmationCode,
      mail.at,
      mail.at,
      mail.at,
    ],
  );
  await trx.raw(`select pg_notify('mail_queue', '')`);
}

/**
 * Feeds `mail_queue` (see migrations/20261123_11_mail_queue.ts) with a confirmation for each booking and
 * registration with an e-mail address on a calendar that sends e-mails (for a staff booking, when staff asked for
 * one). It owns no tables on purpose: a rebuild replays into the live queue, where the rows already there stay as
 * they are, so nothing is sent twice.
 */
export const confirmationMailsProjection: Projection = {
  name: 'confirmationMails',
  tables: [],
  eventTypes: ['AppointmentBooked', 'ClientRegistered'],
  async apply(trx, domainEvent, recorded) {
    const event = domainEvent as AppointmentBooked | ClientRegistered;
    // Staff tick "send a confirmation" on their form; the public gets one whenever it gives an address.
    if ('userId' in recorded.metadata.actor && !event.data.appointment.sendConfirmationEmail) return;
    if (event.type === 'AppointmentBooked') {
      const { appointmentId, calendarId, date, startTime, endTime, appointment, confirmationCode, at } = event.data;
      return enqueue(trx, {
        appointmentId,
        calendarId,
        seriesId: null,
        date,
        startTime,
        endTime,
        appointment,
        confirmationCode,
        at,
      });
    }
    const { appointmentId, calendarId, seriesId, appointment, confirmationCode, at } = event.data;
    return enqueue(trx, {
      appointmentId,
      calendarId,
      seriesId,
      date: null,
      startTime: null,
      endTime: null,
      appointment,
      confirmationCode,
      at,
    });
  },
};
