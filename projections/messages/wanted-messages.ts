import {
  cancelledNoticeKey,
  dateMovedNoticeKey,
  movedNoticeKey,
  reminderKey,
  type MessageChannel,
  type MessageKind,
} from '../../domain/messages/message';
import { reminderDueAt, reminderOffsets, type ReminderSettings } from '../../domain/messages/reminder-schedule';
import { instantOf } from '../../domain/shared/plain-date';
import type { ScheduleSettings } from './schedule-settings';
import type { ClientName, ScheduledAppointment } from './scheduled-appointment';

/** A calendar's settings that decide its messages (a `message_calendars` row). */
export interface CalendarMessaging extends ReminderSettings {
  calendarId: number;
  emailsEnabled: boolean;
  reminderTemplateId: number | null;
}

/** A `message_queue` row to write: 'pending', or 'skipped' with the reason in `lastError`. */
export interface QueueRow {
  messageKey: string;
  kind: MessageKind;
  channel: MessageChannel;
  appointmentId: number;
  calendarId: number;
  seriesId: number | null;
  date: string | null;
  startTime: string | null;
  endTime: string | null;
  offsetDays: number | null;
  language: 'en' | 'fr';
  recipient: string | null;
  clientNames: ClientName[] | null;
  confirmationCode: string | null;
  sequence: number;
  status: 'pending' | 'skipped';
  dueAt: string;
  lastError: string | null;
  at: string;
}

/** Skip reasons that hold whenever the reminder is written, unlike those of its timing. */
export const BEGINS_BEFORE_REMINDER = 'the appointment begins before the reminder time';
export const insideReminderPeriod = (when: 'booked' | 'moved' | 'changed') => `inside the reminder period when ${when}`;

/** Why a change of the schedule cancels pending messages (kept in last_error). */
export const CANCELLED_BECAUSE = {
  moved: 'the appointment moved',
  changed: 'the appointment changed',
  deleted: 'the appointment was deleted',
  unregistered: 'the client was unregistered',
  calendar: 'the calendar’s reminders changed',
} as const;

export const sendsEmails = (calendar: CalendarMessaging | undefined): calendar is CalendarMessaging =>
  calendar?.emailsEnabled === true;

/**
 * The reminders an appointment should have now, one per offset of its calendar and channel: e-mail when the client
 * asked for it and the calendar sends reminder e-mails; the phone reminder the client chose (skipped when its number
 * is missing or do-not-call). One due at or before `at` (inside the reminder period) or not before the appointment's
 * start is 'skipped' with `whenPast` as the reason, or left out when `whenPast` is null (a calendar's settings
 * changed: only offsets still ahead are added).
 */
export function wantedReminders(
  appointment: ScheduledAppointment,
  calendar: CalendarMessaging | undefined,
  settings: ScheduleSettings,
  at: string,
  whenPast: string | null,
): QueueRow[] {
  const { date, startTime } = appointment;
  if (!calendar || date === null || startTime === null) return [];
  const channels: { channel: MessageChannel; recipient: string | null; skipped: string | null }[] = [];
  if (appointment.reminderEmail && sendsEmails(calendar) && calendar.reminderTemplateId !== null)
    channels.push({ channel: 'email', recipient: appointment.email, skipped: null });
  if (appointment.phone) {
    const phone = appointment.phone;
    channels.push(
      'recipient' in phone
        ? { channel: phone.channel, recipient: phone.recipient, skipped: null }
        : { channel: phone.channel, recipient: null, skipped: phone.skipped },
    );
  }
  if (channels.length === 0) return [];
  const starts = instantOf(date, startTime, settings.timeZone).getTime();
  const now = Date.parse(at);
  const rows: QueueRow[] = [];
  for (const offsetDays of reminderOffsets(calendar)) {
    const due = reminderDueAt(date, offsetDays, settings.sendTime, settings.timeZone);
    const timing = due.getTime() >= starts ? BEGINS_BEFORE_REMINDER : due.getTime() <= now ? whenPast : null;
    if (timing === null && due.getTime() <= now) continue;
    for (const { channel, recipient, skipped } of channels) {
      const reason = skipped ?? timing;
      rows.push({
        ...messageOf(appointment, 'reminder', channel, at),
        messageKey: reminderKey(appointment.appointmentId, { date, startTime }, offsetDays, channel),
        offsetDays,
        dueAt: due.toISOString(),
        ...(reason === null ? { status: 'pending' } : { status: 'skipped', lastError: reason, ...noPersonalData }),
        ...(reason === null ? { recipient } : {}),
      });
    }
  }
  return rows;
}

const noPersonalData = { recipient: null, clientNames: null, confirmationCode: null };

function messageOf(
  appointment: ScheduledAppointment,
  kind: MessageKind,
  channel: MessageChannel,
  at: string,
): Omit<QueueRow, 'messageKey' | 'offsetDays' | 'dueAt' | 'status' | 'lastError' | 'recipient'> & {
  lastError: null;
  recipient: string;
} {
  return {
    kind,
    channel,
    appointmentId: appointment.appointmentId,
    calendarId: appointment.calendarId,
    seriesId: appointment.seriesId,
    date: appointment.date,
    startTime: appointment.startTime,
    endTime: appointment.endTime,
    language: appointment.language,
    recipient: appointment.email,
    clientNames: appointment.clientNames,
    confirmationCode: appointment.confirmationCode,
    sequence: appointment.version,
    lastError: null,
    at,
  };
}

/**
 * A notice by e-mail, due at once, of staff's change: `moved` with the new place and the appointment's version as
 * the `.ics` SEQUENCE, `cancelled` with the last place and a SEQUENCE above the last one sent. Only when staff asked
 * for it, the appointment has an e-mail address and the calendar sends e-mails.
 */
export function wantedNotice(
  kind: 'moved' | 'cancelled',
  appointment: ScheduledAppointment,
  calendar: CalendarMessaging | undefined,
  notifyClient: boolean | undefined,
  at: string,
): QueueRow | null {
  if (notifyClient !== true || appointment.email === '' || !sendsEmails(calendar)) return null;
  return {
    ...messageOf(appointment, kind, 'email', at),
    messageKey:
      kind === 'moved'
        ? movedNoticeKey(appointment.appointmentId, appointment.version, 'email')
        : cancelledNoticeKey(appointment.appointmentId, 'email'),
    sequence: kind === 'moved' ? appointment.version : appointment.version + 1,
    offsetDays: null,
    status: 'pending',
    dueAt: at,
  };
}

/**
 * The notice of a whole date's move (CalendarDateMovedHere with notifyClients) to one of its appointments, under
 * the same conditions as wantedNotice. Such a move leaves the appointment's version as it was, so the `.ics`
 * SEQUENCE is that version + 1 (above every notice sent for it so far), and the key adds the date and the instant of
 * the move to movedNoticeKey: a notice of the same version (an earlier move of the appointment alone, or a later one
 * numbered version + 1) keeps its own row, while a replay of the same event finds this one.
 */
export function dateMoveNotice(
  appointment: ScheduledAppointment,
  calendar: CalendarMessaging | undefined,
  notifyClients: boolean | undefined,
  at: string,
): QueueRow | null {
  const notice = wantedNotice(
    'moved',
    { ...appointment, version: appointment.version + 1 },
    calendar,
    notifyClients,
    at,
  );
  if (!notice) return null;
  return {
    ...notice,
    messageKey: dateMovedNoticeKey(appointment.appointmentId, appointment.version, appointment.date ?? '', at),
  };
}
