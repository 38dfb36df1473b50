import { NotToBeSent, appointmentCalendarAttachment, uidDomainOf } from '../confirmation-mails/compose';
import { manageLinkOf, type ManageLinks } from '../confirmation-mails/manage-link';
import { inLanguage, renderConfirmation, type Session } from '../confirmation-mails/render';
import type { MailMessage } from '../mail/port';
import type { MessageLookups } from './lookups';
import { noticeText } from './notice-text';
import type { QueuedMessage } from './queued-message';

const purposes = {
  reminder: 'appointment reminder',
  moved: 'appointment moved notice',
  cancelled: 'appointment cancelled notice',
} as const;

/**
 * The e-mail of a queued message, from the calendar as it is when it goes out, about `sessions` (read then too):
 * - a reminder: the calendar's reminder template with the confirmation's placeholders, and the appointment's `.ics`;
 * - a moved notice: fixed wording with the new date, time and place, and the `.ics` again with the same UIDs and
 *   SEQUENCE = the appointment's version. METHOD:PUBLISH, like the confirmation: the unit publishes the event, it
 *   does not invite (REQUEST would ask the client's calendar for a reply that nobody reads, and wants ATTENDEEs);
 * - a cancelled notice: fixed wording and METHOD:CANCEL, STATUS:CANCELLED, the same UIDs, the higher SEQUENCE.
 * A notice looks like the calendar's confirmations: the sender of its notification template. The UIDs' domain is
 * that template's sender's, as in the confirmation. A reminder and a moved notice carry the link to manage the
 * booking (issue 20), its token lapsing at the end of `sessions`; a cancelled notice has nothing left to manage.
 * NotToBeSent when the calendar is gone, sends no e-mails, or has no reminder template any more.
 */
export async function composeMessageEmail(
  lookups: MessageLookups,
  message: QueuedMessage,
  sessions: Session[],
  { timeZone, now, manageLinks }: { timeZone: string; now: Date; manageLinks: ManageLinks },
): Promise<MailMessage> {
  const calendar = await lookups.calendar(message.calendarId);
  if (!calendar) throw new NotToBeSent('the calendar no longer exists');
  if (!calendar.emailsEnabled) throw new NotToBeSent('the calendar no longer sends e-mails');
  const confirmationTemplate =
    calendar.notificationTemplateId === null ? undefined : await lookups.template(calendar.notificationTemplateId);
  const { language, kind } = message;
  const calendarName = inLanguage(language, calendar.name, calendar.nameFr);
  const ics = (fromEmail: string) =>
    appointmentCalendarAttachment({
      ...message,
      sessions,
      calendar,
      uidDomain: uidDomainOf(confirmationTemplate?.fromEmail ?? fromEmail),
      timeZone,
      now,
      sequence: message.sequence,
      ...(kind === 'cancelled' ? { method: 'CANCEL' as const, organizer: fromEmail } : {}),
    });
  const manageLink =
    kind === 'cancelled'
      ? null
      : manageLinkOf(manageLinks, { appointmentId: message.appointmentId, language, sessions }, timeZone);

  if (kind === 'reminder') {
    const reminderTemplateId = calendar.reminderTemplateId ?? null;
    if (reminderTemplateId === null) throw new NotToBeSent('the calendar has no reminder template');
    const template = await lookups.template(reminderTemplateId);
    if (!template) throw new NotToBeSent('the reminder template no longer exists');
    const rendered = await renderConfirmation({
      language,
      template,
      calendarName,
      location: calendar.location,
      clients: message.clientNames,
      confirmationCode: message.confirmationCode,
      sessions,
      manageLink,
    });
    return { ...rendered, to: message.recipient, attachments: [ics(template.fromEmail)], purpose: purposes[kind] };
  }

  const notice = noticeText({
    kind,
    language,
    calendarName,
    location: calendar.location,
    clients: message.clientNames,
    confirmationCode: message.confirmationCode,
    sessions,
    manageLink,
  });
  const from = confirmationTemplate && {
    name: inLanguage(language, confirmationTemplate.fromName, confirmationTemplate.fromNameFr),
    address: confirmationTemplate.fromEmail,
  };
  return {
    ...notice,
    to: message.recipient,
    ...(from ? { from } : {}),
    attachments: [ics(from?.address ?? 'booking@booking.invalid')],
    purpose: purposes[kind],
  };
}
