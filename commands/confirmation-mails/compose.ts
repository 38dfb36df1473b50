import { toSeconds, toTimeOfDay } from '../../domain/calendars/time-of-day';
import { instantOf } from '../../domain/shared/plain-date';
import type { MailAttachment, MailMessage } from '../mail/port';
import type { MailCalendar, ReadModelLookups } from '../read-model-lookups';
import { appointmentUid, calendarFile } from './ics';
import { manageLinkOf, type ManageLinks } from './manage-link';
import type { QueuedMail } from './queue';
import { inLanguage, locationAddress, locationName, renderConfirmation, type Language, type Session } from './render';

/** Why a queued mail is not sent at all (rather than retried). */
export class NotToBeSent extends Error {}

/** A confirmation that could not go out within a day of the booking is no longer news (and a replay of old bookings sends nothing). */
export const CONFIRMATION_TOO_LATE_MS = 24 * 3_600_000;

export type ConfirmationLookups = Pick<ReadModelLookups, 'calendar' | 'template' | 'sessionDates'>;

/** An appointment's one session, or a course's sessions as they are now; shared with text reminders (issue 19). */
export async function sessionsOf(
  lookups: Pick<ConfirmationLookups, 'sessionDates'>,
  mail: Pick<QueuedMail, 'seriesId' | 'date' | 'startTime' | 'endTime'>,
): Promise<Session[]> {
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
 * are when it goes out, with the link to manage the booking (issue 20). Throws NotToBeSent when the calendar no
 * longer sends e-mails; other errors are retried.
 */
export async function composeConfirmation(
  lookups: ConfirmationLookups,
  mail: QueuedMail,
  { timeZone, now, manageLinks }: { timeZone: string; now: Date; manageLinks: ManageLinks },
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
    manageLink: manageLinkOf(manageLinks, { appointmentId: mail.appointmentId, language, sessions }, timeZone),
  });
  return {
    to: mail.recipient,
    from: rendered.from,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    attachments: [
      appointmentCalendarAttachment({
        ...mail,
        sessions,
        calendar,
        uidDomain: uidDomainOf(template.fromEmail),
        timeZone,
        now,
      }),
    ],
    purpose: 'appointment confirmation',
  };
}

/** The domain of the appointment's UIDs: the confirmation template's sender's, so that later notices match. */
export const uidDomainOf = (fromEmail: string): string => fromEmail.split('@')[1] || 'booking.invalid';

export interface AppointmentCalendar {
  appointmentId: number;
  seriesId: number | null;
  sessions: Session[];
  language: Language;
  calendar: Pick<MailCalendar, 'name' | 'nameFr' | 'location'>;
  confirmationCode: string;
  uidDomain: string;
  timeZone: string;
  now: Date;
  /** A notice's (issue 19): see CalendarFile. */
  method?: 'PUBLISH' | 'CANCEL';
  sequence?: number;
  organizer?: string;
}

/** The appointment's `.ics` attachment: one event per session, UIDs as in the confirmation. */
export function appointmentCalendarAttachment(appointment: AppointmentCalendar): MailAttachment {
  const { language, calendar, method = 'PUBLISH' } = appointment;
  const ics = calendarFile({
    timeZone: appointment.timeZone,
    stamp: appointment.now,
    method,
    ...(appointment.sequence === undefined ? {} : { sequence: appointment.sequence }),
    ...(appointment.organizer ? { organizer: appointment.organizer } : {}),
    entries: appointment.sessions.map((session) => ({
      uid: appointmentUid(
        appointment.appointmentId,
        appointment.seriesId === null ? null : session.date,
        appointment.uidDomain,
      ),
      ...session,
      summary: inLanguage(language, calendar.name, calendar.nameFr),
      location: [locationName(language, calendar.location), locationAddress(language, calendar.location)]
        .filter(Boolean)
        .join(', '),
      description: `${language === 'fr' ? 'Code de confirmation :' : 'Confirmation code:'} ${appointment.confirmationCode}`,
    })),
  });
  return {
    filename: language === 'fr' ? 'rendez-vous.ics' : 'appointment.ics',
    content: ics,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}
