import { assertNever } from '../../domain/shared/decider';
import { formatDate, formatTime } from '../../domain/shared/format';
import { instantOf } from '../../domain/shared/plain-date';
import { NotToBeSent, sessionsOf, type ConfirmationLookups } from '../confirmation-mails/compose';
import { locationAddress, locationName, type Language, type Session } from '../confirmation-mails/render';
import type { QueuedMessage } from './queued-message';

/** Two SMS segments; a longer text leaves out the address, then the place, rather than be cut. */
export const MAX_SMS_LENGTH = 320;

/** Providers bill a non-breaking space as Unicode (shorter segments); a text message needs none. */
const plainSpaces = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

/** "K 7 Q X 2 M 9 P Z A": a voice reads a code spaced so letter by letter, not as a word. */
export const spelledOut = (code: string): string => [...code.replace(/\s+/g, '')].join(' ');

const sentence = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`);

interface Parts {
  kind: QueuedMessage['kind'];
  course: boolean;
  date: string;
  time: string;
  place: string;
  code: string;
}

function opening(language: Language, { kind, course, date, time }: Parts): string {
  if (language === 'fr') {
    const what = course ? 'votre première séance' : 'votre rendez-vous';
    switch (kind) {
      case 'reminder':
        return `Rappel : ${what} est le ${date} à ${time}`;
      case 'moved':
        return `Votre rendez-vous a été déplacé au ${date} à ${time}`;
      case 'cancelled':
        return `Votre rendez-vous du ${date} à ${time} est annulé`;
      default:
        return assertNever(kind);
    }
  }
  const what = course ? 'your first session' : 'your appointment';
  switch (kind) {
    case 'reminder':
      return `Reminder: ${what} is on ${date} at ${time}`;
    case 'moved':
      return `Your appointment has been moved to ${date} at ${time}`;
    case 'cancelled':
      return `Your appointment on ${date} at ${time} has been cancelled`;
    default:
      return assertNever(kind);
  }
}

function render(language: Language, parts: Parts): string {
  const fr = language === 'fr';
  return [
    opening(language, parts),
    parts.place && (fr ? `Lieu : ${parts.place}` : `Place: ${parts.place}`),
    fr ? `Code de confirmation : ${parts.code}` : `Confirmation code: ${parts.code}`,
  ]
    .filter(Boolean)
    .map(sentence)
    .join(' ');
}

/**
 * The text of a reminder (or a notice) by SMS or voice call, in the message's language: date, time, place (the
 * calendar's location: name and address) and confirmation code, nothing else about the client. The date and place
 * are read when it goes out: a course's first session as it is now, the calendar's location as it is now. A voice
 * call's code is spelled out. Throws NotToBeSent when the calendar is gone, the appointment has no date or has begun.
 */
export async function composeTextMessage(
  lookups: ConfirmationLookups,
  message: QueuedMessage,
  { timeZone, now }: { timeZone: string; now: Date },
): Promise<string> {
  const { channel, language, kind } = message;
  if (channel === 'email') throw new Error(`message ${message.id} goes by e-mail, not as a text`);
  const calendar = await lookups.calendar(message.calendarId);
  if (!calendar) throw new NotToBeSent('the calendar no longer exists');
  // A cancellation speaks of the place that was: the series may be gone, so its row's date stands.
  const sessions: Session[] =
    kind === 'cancelled'
      ? message.date && message.startTime
        ? [{ date: message.date, startTime: message.startTime, endTime: message.endTime ?? message.startTime }]
        : []
      : await sessionsOf(lookups, message);
  const first = sessions[0];
  if (!first) throw new NotToBeSent('the appointment has no date');
  if (kind !== 'cancelled' && instantOf(first.date, first.startTime, timeZone) <= now)
    throw new NotToBeSent('the appointment has already begun');
  const name = locationName(language, calendar.location);
  const address = locationAddress(language, calendar.location);
  const parts: Parts = {
    kind,
    course: message.seriesId !== null,
    date: formatDate(language, first.date),
    time: formatTime(language, first.startTime),
    place: [name, address].filter(Boolean).join(', '),
    code: channel === 'voice' ? spelledOut(message.confirmationCode) : message.confirmationCode,
  };
  const text = plainSpaces(render(language, parts));
  if (channel === 'voice' || text.length <= MAX_SMS_LENGTH) return text;
  const withoutAddress = plainSpaces(render(language, { ...parts, place: name }));
  if (withoutAddress.length <= MAX_SMS_LENGTH) return withoutAddress;
  return plainSpaces(render(language, { ...parts, place: '' }));
}
