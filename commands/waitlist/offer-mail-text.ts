import { formatDateTime } from '../../domain/shared/format';
import {
  escapeHtml,
  locationAddress,
  locationName,
  sessionLine,
  type Language,
  type Session,
} from '../confirmation-mails/render';
import type { MailLocation } from '../read-model-lookups';

/** What a waitlist offer's e-mail says: the place held, until when, and the link that books it. */
export interface OfferContent {
  language: Language;
  serviceTitle: string;
  calendarName: string;
  location: MailLocation | null;
  /** The date's slot, or every session of the course. */
  sessions: Session[];
  expiresAt: Date;
  link: string;
  timeZone: string;
}

const wording = {
  en: {
    subject: 'A place is free for you',
    hello: 'Hello,',
    lead: (service: string, calendar: string) =>
      `A place is free for you on the waitlist of ${service}${calendar ? ` at ${calendar}` : ''}:`,
    place: 'Location:',
    held: (until: string) => `We hold it for you until ${until}. To book it, open this link:`,
    otherwise:
      'If you no longer need it, do nothing: once that time has passed, the place goes to the next person in line.',
  },
  fr: {
    subject: 'Une place s’est libérée pour vous',
    hello: 'Bonjour,',
    lead: (service: string, calendar: string) =>
      `Une place s’est libérée pour vous sur la liste d’attente de ${service}${calendar ? ` à ${calendar}` : ''} :`,
    place: 'Lieu :',
    held: (until: string) => `Nous vous la réservons jusqu’au ${until}. Pour la réserver, ouvrez ce lien :`,
    otherwise:
      'Si vous n’en avez plus besoin, ne faites rien : passé ce délai, la place ira à la personne suivante sur la liste.',
  },
} as const;

/** Subject, text and HTML of an offer, in the entry's language: fixed wording, values escaped in the HTML. */
export function offerText(content: OfferContent): { subject: string; text: string; html: string } {
  const { language } = content;
  const words = wording[language];
  const place = [locationName(language, content.location), locationAddress(language, content.location)]
    .filter(Boolean)
    .join(', ');
  const paragraphs: string[][] = [
    [words.hello],
    [
      words.lead(content.serviceTitle, content.calendarName),
      ...content.sessions.map((session) => sessionLine(language, session)),
    ],
    ...(place ? [[`${words.place} ${place}`]] : []),
    [words.held(formatDateTime(language, content.expiresAt, content.timeZone)), content.link],
    [words.otherwise],
  ];
  const link = escapeHtml(content.link);
  return {
    subject: words.subject,
    text: paragraphs.map((lines) => lines.join('\n')).join('\n\n'),
    html: paragraphs
      .map((lines) =>
        lines.includes(content.link)
          ? `<p>${escapeHtml(lines[0]!)}<br><a href="${link}">${link}</a></p>`
          : `<p>${lines.map(escapeHtml).join('<br>')}</p>`,
      )
      .join('\n'),
  };
}
