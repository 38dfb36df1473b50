import type { MessageKind } from '../../domain/messages/message';
import {
  escapeHtml,
  locationAddress,
  locationName,
  manageLinkParagraph,
  sessionLine,
  type ClientName,
  type Language,
  type Session,
} from '../confirmation-mails/render';
import type { MailLocation } from '../read-model-lookups';

/** The fixed text of a notice of staff's change (issue 19), in the appointment's language. */
export interface NoticeContent {
  kind: Exclude<MessageKind, 'reminder'>;
  language: Language;
  calendarName: string;
  location: MailLocation | null;
  clients: ClientName[];
  confirmationCode: string;
  sessions: Session[];
  /** The "manage my booking" link a moved notice ends with (issue 20); null for none. */
  manageLink: string | null;
}

const wording = {
  en: {
    moved: {
      subject: 'Your appointment has been moved',
      lead: (calendar: string) => `Your appointment at ${calendar} has been moved. It is now:`,
      ics: 'The attached calendar file updates the appointment in your calendar.',
    },
    cancelled: {
      subject: 'Your appointment has been cancelled',
      lead: (calendar: string) => `Your appointment at ${calendar} has been cancelled:`,
      ics: 'The attached calendar file removes it from your calendar.',
    },
    hello: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    place: 'Location:',
    code: 'Confirmation code:',
  },
  fr: {
    moved: {
      subject: 'Votre rendez-vous a été déplacé',
      lead: (calendar: string) => `Votre rendez-vous à ${calendar} a été déplacé. Il aura lieu :`,
      ics: 'Le fichier de calendrier ci-joint met le rendez-vous à jour dans votre calendrier.',
    },
    cancelled: {
      subject: 'Votre rendez-vous a été annulé',
      lead: (calendar: string) => `Votre rendez-vous à ${calendar} a été annulé :`,
      ics: 'Le fichier de calendrier ci-joint le retire de votre calendrier.',
    },
    hello: (name: string) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    place: 'Lieu :',
    code: 'Code de confirmation :',
  },
} as const;

/**
 * Subject, text and HTML of a moved or cancelled notice: paragraphs of fixed wording, values escaped in the HTML, and
 * the link to manage the booking last when there is one.
 */
export function noticeText(content: NoticeContent): { subject: string; text: string; html: string } {
  const words = wording[content.language];
  const first = content.clients[0];
  const place = [locationName(content.language, content.location), locationAddress(content.language, content.location)]
    .filter(Boolean)
    .join(', ');
  const paragraphs: string[][] = [
    [words.hello(first ? first.preferredName.trim() || first.firstName : '')],
    [
      words[content.kind].lead(content.calendarName),
      ...content.sessions.map((session) => sessionLine(content.language, session)),
    ],
    ...(place ? [[`${words.place} ${place}`]] : []),
    [`${words.code} ${content.confirmationCode}`],
    [words[content.kind].ics],
  ];
  const closing = content.manageLink ? [manageLinkParagraph(content.language, content.manageLink)] : [];
  return {
    subject: words[content.kind].subject,
    text: [...paragraphs.map((lines) => lines.join('\n')), ...closing.map(({ text }) => text)].join('\n\n'),
    html: [
      ...paragraphs.map((lines) => `<p>${lines.map(escapeHtml).join('<br>')}</p>`),
      ...closing.map(({ html }) => html),
    ].join('\n'),
  };
}
