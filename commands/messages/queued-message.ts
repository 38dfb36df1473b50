import type { MessageChannel, MessageKind } from '../../domain/messages/message';
import type { ClientName, Language } from '../confirmation-mails/render';

/** A `message_queue` row as the dispatcher hands it to whoever composes and sends it (claimed, attempt counted). */
export interface QueuedMessage {
  id: number;
  messageKey: string;
  kind: MessageKind;
  channel: MessageChannel;
  appointmentId: number;
  calendarId: number;
  /** A course registration's series; its reminder is for the first session. */
  seriesId: number | null;
  /** The appointment's place when queued (the first session's for a course); the new place for a `moved` notice. */
  date: string | null;
  startTime: string | null;
  endTime: string | null;
  /** A reminder's days before the appointment. */
  offsetDays: number | null;
  language: Language;
  /** An e-mail address, or a phone number for sms and voice. */
  recipient: string;
  clientNames: ClientName[];
  confirmationCode: string;
  /** The `.ics` SEQUENCE of a notice: the appointment's version. */
  sequence: number;
  dueAt: Date;
  /** Including the one under way. */
  attempts: number;
}
