import { toSeconds, toTimeOfDay } from '../../domain/calendars/time-of-day';
import { instantOf } from '../../domain/shared/plain-date';
import type { MailMessage } from '../mail/port';
import type { ReadModelLookups } from '../read-model-lookups';
import { calendarFile } from './ics';
import type { QueuedMail } from './queue';
import { inLanguage, locationAddress, locationName, renderConfirmation, type Session } from './render';

/** Why a queued mail is not sent at all (rather than retried). */
export class NotToBeSent extends Error {}

/** A confirmation that could not go out within a day of the booking is no longer news (and a replay of old bookings sends nothing). */
export const CONFIRMATION_TOO_LATE_MS = 24 * 3_600_000;

export type ConfirmationLookups = Pick<ReadModelLookups, 'calendar' | 'template' | 'sessionDates'>;

async function sessionsOf(lookups: ConfirmationLookups, mail: QueuedMail): Promise<Session[]> {
  if (mail.seriesId === null)
    return mail.date && mail.startTime && mail.endTime
      ? [{ date: mail.date, startTime: mail.startTime, endTime: mail.endTime }]
      : [];
  // A series' sessions as they are now, after any move.
  const dates = await lookups.sessionDates(mail.seriesId);
  return dates.map(({ date, time, duration }) => ({
    date,
    startTime: time,
    endTime: toTimeOfDay(toSeconds(time) + duration),
  }));
}

/**
 * The message of a queued confirmation, from the calendar's notification template, location and sessions as they
 * are when it goes out. Throws NotToBeSent when the calendar no longer sends e-mails; other errors are retried.
 */
export async function composeConfirmation(
  lookups: ConfirmationLookups,
  mail: QueuedMail,
  { timeZone, now }: { timeZone: string; now: Date },
): Promise<MailMessage> {
  if (now.getTime() - mail.bookedAt.getTime() > CONFIRMATION_TOO_LATE_MS)
    throw new NotToBeSent('booked more than a day ago');
  const calendar = await lookups.calendar(mail.calendarId);
  if (!calendar) throw new NotToBeSent('the calendar no longer exists');
  if (!calendar.emailsEnabled) throw new NotToBeSent('the calendar no longer sends e-mails');
  if (calendar.notificationTemplateId === null) throw new Error(`calendar ${calendar.id} has no confirmation template`);
  const template = await lookups.template(calendar.notificationTemplateId);
  if (!template)
    throw new Error(
      `confirmation template ${calendar.notificationTemplateId} of calendar ${calendar.id} does not exist`,
    );
  const sessions = await sessionsOf(lookups, mail);
  const last = sessions[sessions.length - 1];
  if (!last) throw new NotToBeSent('the appointment has no date');
  if (instantOf(last.date, last.startTime, timeZone) <= now) throw new NotToBeSent('the appointment has already begun');
  const { language } = mail;
  const rendered = await renderConfirmation({
    language,
    template,
    calendarName: inLanguage(language, calendar.name, calendar.nameFr),
    location: calendar.location,
    clients: mail.clientNames,
    confirmationCode: mail.confirmationCode,
    sessions,
  });
  const domain = template.fromEmail.split('@')[1] || 'booking.invalid';
  const ics = calendarFile({
    timeZone,
    stamp: now,
    entries: sessions.map((session) => ({
      uid:
        mail.seriesId === null
          ? `appointment-${mail.appointmentId}@${domain}`
          : `appointment-${mail.appointmentId}-${session.date}@${domain}`,
      ...session,
      summary: inLanguage(language, calendar.name, calendar.nameFr),
      location: [locationName(language, calendar.location), locationAddress(language, calendar.location)]
        .filter(Boolean)
        .join(', '),
      description: `${language === 'fr' ? 'Code de confirmation :' : 'Confirmation code:'} ${mail.confirmationCode}`,
    })),
  });
  return {
    to: mail.recipient,
    from: rendered.from,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    attachments: [
      {
        filename: language === 'fr' ? 'rendez-vous.ics' : 'appointment.ics',
        content: ics,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
    purpose: 'appointment confirmation',
  };
}
