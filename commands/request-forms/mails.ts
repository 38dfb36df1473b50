import type { RequestType } from '../../domain/request-forms/request-form';
import type { MailMessage } from '../mail/port';

const TYPE_NAMES: Record<RequestType, { en: string; fr: string }> = {
  requestformcalendar: { en: 'a new calendar', fr: 'un nouveau calendrier' },
  requestformdates: { en: 'dates for an existing calendar', fr: 'des dates pour un calendrier existant' },
};

/** Staff have no language setting yet, so the notice is written in both languages, English first. */
export function requestFormArrivedMail(
  to: string,
  request: { requestType: RequestType; requestedBy: string; link: string },
): MailMessage {
  const type = TYPE_NAMES[request.requestType];
  return {
    to,
    purpose: 'request form notice',
    subject: 'New request form / Nouvelle demande',
    text: [
      `${request.requestedBy} has submitted a request for ${type.en}.`,
      `To view it: ${request.link}`,
      '',
      `${request.requestedBy} a soumis une demande pour ${type.fr}.`,
      `Pour la consulter : ${request.link}`,
    ].join('\n'),
  };
}
