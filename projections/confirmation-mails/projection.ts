import type { Knex } from 'knex';
import type { AppointmentDetails } from '../../domain/appointments/appointment';
import type { AppointmentBooked } from '../../domain/calendar-dates/events';
import type { RecordedEvent } from '../../domain/event-store/port';
import type { ClientRegistered } from '../../domain/group-session-series/events';
import type { DomainEvent } from '../../domain/shared/decider';
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

/** Of these calendars, those that send e-mails, in one query. */
async function sendingCalendars(trx: Knex.Transaction, calendarIds: number[]): Promise<Set<number>> {
  const rows = await trx('calendars')
    .whereIn('id', calendarIds)
    .whereRaw(`(settings ->> 'emailsEnabled')::boolean`)
    .select<{ id: number }[]>('id');
  return new Set(rows.map((row) => row.id));
}

/** Rows per statement: 14 parameters each, well under PostgreSQL's 65,535 (a rebuild's batch may be far larger). */
const ROWS_PER_STATEMENT = 1_000;

/**
 * Queues the confirmations in the bookings' own projector transaction: they are never lost, and sending never holds
 * a booking up. A batch's mails go in one statement (a rush's projector and a replay see bookings by the thousand).
 */
async function enqueue(trx: Knex.Transaction, mails: QueuedMail[]): Promise<void> {
  const addressed = mails.filter((mail) => mail.appointment.email.trim() !== '');
  if (addressed.length === 0) return;
  const sending = await sendingCalendars(trx, [...new Set(addressed.map((mail) => mail.calendarId))]);
  const rows = addressed
    .filter((mail) => sending.has(mail.calendarId))
    .map((mail) => ({
      purpose: CONFIRMATION,
      appointment_id: mail.appointmentId,
      calendar_id: mail.calendarId,
      series_id: mail.seriesId,
      date: mail.date,
      start_time: mail.startTime,
      end_time: mail.endTime,
      language: mail.appointment.language,
      recipient: mail.appointment.email.trim(),
      client_names: JSON.stringify(
        mail.appointment.clientData.map(({ firstName, lastName, preferredName }) => ({
          firstName,
          lastName,
          preferredName: preferredName ?? '',
        })),
      ),
      confirmation_code: mail.confirmationCode,
      booked_at: mail.at,
      due_at: mail.at,
      updated_at: mail.at,
    }));
  if (rows.length === 0) return;
  for (let from = 0; from < rows.length; from += ROWS_PER_STATEMENT)
    await trx('mail_queue')
      .insert(rows.slice(from, from + ROWS_PER_STATEMENT))
      .onConflict(['appointment_id', 'purpose'])
      .ignore();
  await trx.raw(`select pg_notify('mail_queue', '')`);
}

/** The confirmation a booking or registration asks for, if any (before its address and calendar are checked). */
function requestedMail(event: AppointmentBooked | ClientRegistered, recorded: RecordedEvent): QueuedMail | null {
  // Staff tick "send a confirmation" on their form; the public gets one whenever it gives an address.
  if ('userId' in recorded.metadata.actor && !event.data.appointment.sendConfirmationEmail) return null;
  if (event.type === 'AppointmentBooked') {
    const { appointmentId, calendarId, date, startTime, endTime, appointment, confirmationCode, at } = event.data;
    return { appointmentId, calendarId, seriesId: null, date, startTime, endTime, appointment, confirmationCode, at };
  }
  const { appointmentId, calendarId, seriesId, appointment, confirmationCode, at } = event.data;
  return {
    appointmentId,
    calendarId,
    seriesId,
    date: null,
    startTime: null,
    endTime: null,
    appointment,
    confirmationCode,
    at,
  };
}

const requestedMails = (events: { event: DomainEvent; recorded: RecordedEvent }[]): QueuedMail[] =>
  events.flatMap(({ event, recorded }) => requestedMail(event as AppointmentBooked | ClientRegistered, recorded) ?? []);

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
  apply: (trx, event, recorded) => enqueue(trx, requestedMails([{ event, recorded }])),
  applyAll: (trx, events) => enqueue(trx, requestedMails(events)),
};
