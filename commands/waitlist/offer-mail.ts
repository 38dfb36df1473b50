import type { WaitlistEntry, WaitlistOffer, WaitlistTarget } from '../../domain/waitlist/waitlist';
import { sessionsOf } from '../confirmation-mails/compose';
import { inLanguage } from '../confirmation-mails/render';
import type { MailMessage } from '../mail/port';
import type { OfferService, WaitlistOfferLookups } from './offer-lookups';
import { offerText } from './offer-mail-text';

/** The booking form opened on the offer: the service's page in the entry's language, the hold token after `#offer=`. */
export const offerLink = (publicUrl: string, entry: Pick<WaitlistEntry, 'language' | 'serviceId'>, holdToken: string) =>
  `${publicUrl}/${entry.language}/service/${entry.serviceId}#offer=${holdToken}`;

/**
 * The e-mail of an offer just made: what is held (the date's slot, or the course's sessions as they are now), where,
 * until when, and the link into the booking form. It looks like the calendar's confirmations: the sender of its
 * notification template (MAIL_FROM without one). Sent whether or not the calendar sends confirmations: the person
 * left their address for this very message.
 */
export async function composeOfferEmail(
  lookups: Pick<WaitlistOfferLookups, 'calendar' | 'template' | 'sessionDates'>,
  offer: { target: WaitlistTarget; entry: WaitlistEntry; offer: WaitlistOffer; service: OfferService },
  { publicUrl, timeZone }: { publicUrl: string; timeZone: string },
): Promise<MailMessage> {
  const { target, entry, service } = offer;
  const { language } = entry;
  const calendar = await lookups.calendar(target.calendarId);
  const template =
    calendar?.notificationTemplateId == null ? undefined : await lookups.template(calendar.notificationTemplateId);
  const sessions = await sessionsOf(lookups, {
    seriesId: target.kind === 'series' ? target.seriesId : null,
    date: target.kind === 'date' ? target.date : null,
    startTime: offer.offer.startTime,
    endTime: offer.offer.endTime,
  });
  const text = offerText({
    language,
    serviceTitle: inLanguage(language, service.title, service.titleFr),
    calendarName: calendar ? inLanguage(language, calendar.name, calendar.nameFr) : '',
    location: calendar?.location ?? null,
    sessions,
    expiresAt: new Date(offer.offer.expiresAt),
    link: offerLink(publicUrl, entry, offer.offer.holdToken),
    timeZone,
  });
  const from = template && {
    name: inLanguage(language, template.fromName, template.fromNameFr),
    address: template.fromEmail,
  };
  return { ...text, to: entry.email, ...(from ? { from } : {}), purpose: 'waitlist offer' };
}
