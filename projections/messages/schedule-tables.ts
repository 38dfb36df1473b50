import type { Knex } from 'knex';
import type { PhoneReminderChoice } from '../../domain/messages/phone-reminder';
import type { Place, ScheduledAppointment } from './scheduled-appointment';
import type { CalendarMessaging } from './wanted-messages';
import { positionalRows } from '../shared/positional-rows';

/** The scheduler's own tables (migrations/20261125_29_message_schedule.ts), unqualified so that a rebuild refills them. */

interface CalendarRow {
  calendar_id: number;
  emails_enabled: boolean;
  reminder_template_id: number | null;
  reminder_threshold: number | null;
  extra_reminder_days: number[];
}

export async function loadCalendars(trx: Knex.Transaction, calendarIds: number[]): Promise<CalendarMessaging[]> {
  const rows = await trx('message_calendars').whereIn('calendar_id', calendarIds).select<CalendarRow[]>('*');
  return rows.map((row) => ({
    calendarId: row.calendar_id,
    emailsEnabled: row.emails_enabled,
    reminderTemplateId: row.reminder_template_id,
    reminderThreshold: row.reminder_threshold,
    extraReminderDays: row.extra_reminder_days,
  }));
}

export async function saveCalendar(trx: Knex.Transaction, calendar: CalendarMessaging): Promise<void> {
  const row: CalendarRow = {
    calendar_id: calendar.calendarId,
    emails_enabled: calendar.emailsEnabled,
    reminder_template_id: calendar.reminderTemplateId,
    reminder_threshold: calendar.reminderThreshold,
    extra_reminder_days: [...calendar.extraReminderDays],
  };
  await trx('message_calendars').insert(row).onConflict('calendar_id').merge();
}

// ---- a group-session series' dates ----

export async function saveSession(
  trx: Knex.Transaction,
  session: { calendarId: number; date: string; seriesId: number; startTime: string; endTime: string },
): Promise<void> {
  await trx('message_sessions')
    .insert({
      calendar_id: session.calendarId,
      date: session.date,
      series_id: session.seriesId,
      start_time: session.startTime,
      end_time: session.endTime,
    })
    .onConflict(['calendar_id', 'date'])
    .merge();
}

/** Forgets a date; returns its series when it was a session. */
export async function deleteSession(trx: Knex.Transaction, calendarId: number, date: string): Promise<number | null> {
  const rows = await trx('message_sessions')
    .where({ calendar_id: calendarId, date })
    .delete()
    .returning<{ series_id: number }[]>('series_id');
  return rows[0]?.series_id ?? null;
}

export async function sessionSeries(trx: Knex.Transaction, calendarId: number, date: string): Promise<number | null> {
  const row = await trx('message_sessions')
    .where({ calendar_id: calendarId, date })
    .first<{ series_id: number } | undefined>('series_id');
  return row?.series_id ?? null;
}

/** The first session of each series, as its dates are now. */
export async function firstSessions(trx: Knex.Transaction, seriesIds: number[]): Promise<Map<number, Place>> {
  const rows = await trx('message_sessions')
    .distinctOn('series_id')
    .whereIn('series_id', seriesIds)
    .orderBy([
      { column: 'series_id', order: 'asc' },
      { column: 'date', order: 'asc' },
    ])
    .select<{ series_id: number; date: string; start_time: string; end_time: string }[]>(
      'series_id',
      'date',
      'start_time',
      'end_time',
    );
  return new Map(
    rows.map((row) => [row.series_id, { date: row.date, startTime: row.start_time, endTime: row.end_time }]),
  );
}

// ---- appointments and registrations ----

interface AppointmentRow {
  appointment_id: number;
  calendar_id: number;
  series_id: number | null;
  date: string | null;
  start_time: string | null;
  end_time: string | null;
  language: 'en' | 'fr';
  email: string;
  reminder_email: boolean;
  phone_channel: 'sms' | 'voice' | null;
  phone_recipient: string | null;
  phone_skipped: string | null;
  client_names: ScheduledAppointment['clientNames'];
  confirmation_code: string;
  version: number;
}

const APPOINTMENT_ROWS = positionalRows<AppointmentRow>({
  appointment_id: 'integer',
  calendar_id: 'integer',
  series_id: 'integer',
  date: 'text',
  start_time: 'text',
  end_time: 'text',
  language: 'text',
  email: 'text',
  reminder_email: 'boolean',
  phone_channel: 'text',
  phone_recipient: 'text',
  phone_skipped: 'text',
  client_names: 'jsonb',
  confirmation_code: 'text',
  version: 'integer',
});

const toRow = (appointment: ScheduledAppointment): AppointmentRow => ({
  appointment_id: appointment.appointmentId,
  calendar_id: appointment.calendarId,
  series_id: appointment.seriesId,
  date: appointment.date,
  start_time: appointment.startTime,
  end_time: appointment.endTime,
  language: appointment.language,
  email: appointment.email,
  reminder_email: appointment.reminderEmail,
  phone_channel: appointment.phone?.channel ?? null,
  phone_recipient: appointment.phone && 'recipient' in appointment.phone ? appointment.phone.recipient : null,
  phone_skipped: appointment.phone && 'skipped' in appointment.phone ? appointment.phone.skipped : null,
  client_names: appointment.clientNames,
  confirmation_code: appointment.confirmationCode,
  version: appointment.version,
});

function phoneOf(row: AppointmentRow): PhoneReminderChoice | null {
  if (row.phone_channel === null) return null;
  return row.phone_recipient !== null
    ? { channel: row.phone_channel, recipient: row.phone_recipient }
    : { channel: row.phone_channel, skipped: row.phone_skipped ?? '' };
}

const fromRow = (row: AppointmentRow): ScheduledAppointment => ({
  appointmentId: row.appointment_id,
  calendarId: row.calendar_id,
  seriesId: row.series_id,
  date: row.date,
  startTime: row.start_time,
  endTime: row.end_time,
  language: row.language,
  email: row.email,
  reminderEmail: row.reminder_email,
  phone: phoneOf(row),
  clientNames: row.client_names,
  confirmationCode: row.confirmation_code,
  version: row.version,
});

/** Writes appointments in one statement (a batch of bookings). */
export async function saveAppointments(
  trx: Knex.Transaction,
  appointments: readonly ScheduledAppointment[],
): Promise<void> {
  if (appointments.length === 0) return;
  await trx.raw(
    `insert into message_appointments (${APPOINTMENT_ROWS.columns.join(', ')})
     select * from (${APPOINTMENT_ROWS.source}) as r
     on conflict (appointment_id) do update set
       calendar_id = excluded.calendar_id, series_id = excluded.series_id, date = excluded.date,
       start_time = excluded.start_time, end_time = excluded.end_time, language = excluded.language,
       email = excluded.email, reminder_email = excluded.reminder_email, phone_channel = excluded.phone_channel,
       phone_recipient = excluded.phone_recipient, phone_skipped = excluded.phone_skipped,
       client_names = excluded.client_names, confirmation_code = excluded.confirmation_code, version = excluded.version`,
    [APPOINTMENT_ROWS.parameter(appointments.map(toRow))],
  );
}

export async function deleteAppointment(trx: Knex.Transaction, appointmentId: number): Promise<void> {
  await trx('message_appointments').where({ appointment_id: appointmentId }).delete();
}

type AppointmentFilter = { appointmentIds: number[] } | { seriesId: number } | { calendarId: number; fromDate: string };

export async function loadAppointments(
  trx: Knex.Transaction,
  filter: AppointmentFilter,
): Promise<ScheduledAppointment[]> {
  const query = trx('message_appointments');
  if ('appointmentIds' in filter) query.whereIn('appointment_id', filter.appointmentIds);
  else if ('seriesId' in filter) query.where({ series_id: filter.seriesId });
  else query.where({ calendar_id: filter.calendarId }).andWhere('date', '>=', filter.fromDate);
  return (await query.select<AppointmentRow[]>('*')).map(fromRow);
}
