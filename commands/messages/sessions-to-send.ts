import { instantOf } from '../../domain/shared/plain-date';
import { NotToBeSent, sessionsOf } from '../confirmation-mails/compose';
import type { Session } from '../confirmation-mails/render';
import type { AppointmentNow, MessageLookups } from './lookups';
import type { QueuedMessage } from './queued-message';

const sameTime = (a: string | null, b: string | null): boolean => (a ?? '').slice(0, 5) === (b ?? '').slice(0, 5);

/**
 * The sessions a message speaks of, read when it is sent, or NotToBeSent when it no longer should go: a reminder or
 * a moved notice whose appointment is gone or has moved (again) since it was queued (its row should have been
 * cancelled; this is the safety net), or any message whose appointment has begun. A course's sessions are read as
 * they are now; a reminder of a course is for its first session.
 */
export async function sessionsToSend(
  lookups: MessageLookups,
  message: QueuedMessage,
  /** The appointment as it is now (read for a batch of messages at once); undefined when it is gone. */
  appointment: AppointmentNow | undefined,
  { timeZone, now }: { timeZone: string; now: Date },
): Promise<Session[]> {
  let place: Pick<QueuedMessage, 'seriesId' | 'date' | 'startTime' | 'endTime'> = message;
  if (message.kind !== 'cancelled') {
    if (!appointment) throw new NotToBeSent('the appointment no longer exists');
    if (
      message.seriesId === null &&
      (appointment.date !== message.date || !sameTime(appointment.startTime, message.startTime))
    )
      throw new NotToBeSent(message.kind === 'reminder' ? 'the appointment has moved' : 'the appointment moved again');
    place = { ...appointment, seriesId: message.seriesId };
  }
  const sessions = await sessionsOf(lookups, place);
  const first = sessions[0];
  if (!first) throw new NotToBeSent('the appointment has no date');
  if (instantOf(first.date, first.startTime, timeZone) <= now) throw new NotToBeSent('the appointment has begun');
  return sessions;
}
