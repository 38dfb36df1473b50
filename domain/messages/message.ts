/**
 * Messages to clients about their appointments (issue 19): reminders before it, and notices when staff move or
 * delete it. Each is one row of `message_queue` (migrations/20261125_28_message_queue.ts) named by its key, so
 * whoever queues it again (a replay, a second instance) finds it already there.
 */

/** `reminder`: days before; `moved` / `cancelled`: a notice of staff's change. */
export type MessageKind = 'reminder' | 'moved' | 'cancelled';
export type MessageChannel = 'email' | 'sms' | 'voice';
/**
 * `skipped`: decided not to send (e.g. the calendar stopped sending e-mails, do-not-call, the due time had passed
 * when it was scheduled); `cancelled`: the appointment went away or moved before it was due (a moved appointment's
 * reminders are queued again under the new place); `failed`: given up, or a sender stopped mid-send so delivery is
 * unknown (never sent again by itself, so never twice; staff may Retry).
 */
export type MessageStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped' | 'cancelled';

export const MESSAGE_KINDS: readonly MessageKind[] = ['reminder', 'moved', 'cancelled'];
export const MESSAGE_CHANNELS: readonly MessageChannel[] = ['email', 'sms', 'voice'];
export const MESSAGE_STATUSES: readonly MessageStatus[] = [
  'pending',
  'sending',
  'sent',
  'failed',
  'skipped',
  'cancelled',
];

/** At most this many reminder offsets per calendar: its threshold and up to two more (issue 19 item 5). */
export const MAX_REMINDER_OFFSETS = 3;

/**
 * A reminder is for one place of the appointment: a move gives new keys (the old ones are cancelled), so a move
 * across the threshold can remind again for the new date.
 */
export const reminderKey = (
  appointmentId: number,
  place: { date: string; startTime: string },
  offsetDays: number,
  channel: MessageChannel,
): string => `reminder:${appointmentId}:${place.date}T${place.startTime}:${offsetDays}d:${channel}`;

/** `version`: the appointment's version after the move (the `.ics` SEQUENCE). */
export const movedNoticeKey = (appointmentId: number, version: number, channel: MessageChannel): string =>
  `moved:${appointmentId}:v${version}:${channel}`;

/**
 * A whole date moved (the dates tool) does not change its appointments' versions, so its notice is named by the new
 * date and the moment of the move as well: it never meets the notice of a move of the appointment alone.
 */
export const dateMovedNoticeKey = (appointmentId: number, version: number, toDate: string, at: string): string =>
  `${movedNoticeKey(appointmentId, version, 'email')}:${toDate}@${at}`;

export const cancelledNoticeKey = (appointmentId: number, channel: MessageChannel): string =>
  `cancelled:${appointmentId}:${channel}`;

/** §3 phoneReminderType: 0 none, 1 voice primary, 2 SMS primary, 3 voice secondary, 4 SMS secondary, 5 voice custom, 6 SMS custom. */
export type PhoneReminderTarget = { channel: 'sms' | 'voice'; number: 'primary' | 'secondary' | 'custom' };

export function phoneReminderTarget(phoneReminderType: number): PhoneReminderTarget | null {
  switch (phoneReminderType) {
    case 1:
      return { channel: 'voice', number: 'primary' };
    case 2:
      return { channel: 'sms', number: 'primary' };
    case 3:
      return { channel: 'voice', number: 'secondary' };
    case 4:
      return { channel: 'sms', number: 'secondary' };
    case 5:
      return { channel: 'voice', number: 'custom' };
    case 6:
      return { channel: 'sms', number: 'custom' };
    default:
      return null;
  }
}
