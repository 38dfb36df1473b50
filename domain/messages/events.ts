import type { DomainEvent } from '../shared/decider';
import type { MessageChannel, MessageKind } from './message';

/**
 * What became of a message to a client, on the stream `messages-{appointmentId}` (one per appointment or course
 * registration), so that the appointment's history shows each send and each final failure. Recorded by the
 * dispatcher (commands/messages) after the attempt; the queue row, not these events, decides what is sent.
 */
interface MessageOutcome {
  appointmentId: number;
  calendarId: number;
  messageKey: string;
  kind: MessageKind;
  channel: MessageChannel;
  /** For a reminder: days before the appointment. */
  offsetDays: number | null;
  /** Where it went, masked for the history (`j…@example.org`, `…1234`); never the whole address or number. */
  recipientHint: string;
  at: string;
}

export type MessageSent = DomainEvent<'MessageSent', MessageOutcome>;
/** Given up: the last attempt failed, or a sender stopped mid-send. `reason` never holds personal data. */
export type MessageFailed = DomainEvent<'MessageFailed', MessageOutcome & { reason: string }>;

export type MessageEvent = MessageSent | MessageFailed;
export const messageEventTypes: MessageEvent['type'][] = ['MessageSent', 'MessageFailed'];

export const messagesStream = (appointmentId: number): string => `messages-${appointmentId}`;
