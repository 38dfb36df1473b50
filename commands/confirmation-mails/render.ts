import type { TemplateFields } from '../../domain/templates/template';
import { formatDate, formatTime } from '../../domain/shared/format';
import type { MailLocation } from '../read-model-lookups';
import { cleanPageHtml } from '../infrastructure/page-html';

/**
 * The confirmation e-mail from the calendar's notification template, in the appointment's language (the French
 * variant when the language is fr and it is filled). Placeholders, in the subject and the body:
 *   {{firstName}} {{lastName}}  the first client (the preferred name, when given, stands for the first name)
 *   {{clientName}}             every client, "First Last", comma-separated
 *   {{date}} {{time}} {{endTime}}  the appointment, or a group session's first date
 *   {{sessions}}               every date with its times, one a line
 *   {{location}} {{address}}   the calendar's location: its name; street, city and postal code
 *   {{calendar}}               the calendar's name
 *   {{confirmationCode}}
 *   {{manageLink}}             the address where the client views, reschedules or cancels the booking (issue 20);
 *                              a body without it gets a short paragraph with the link at its end
 * An unknown placeholder is left as written, so a typo shows in a test message. Values are HTML-escaped in the
 * HTML body; the text version is the body with its markup taken out.
 */

export type Language = 'en' | 'fr';

export interface ClientName {
  firstName: string;
  lastName: string;
  preferredName: string;
}

export interface Session {
  date: string;
  startTime: string;
  endTime: string;
}

export interface ConfirmationContent {
  language: Language;
  template: TemplateFields;
  calendarName: string;
  location: MailLocation | null;
  clients: ClientName[];
  confirmationCode: string;
  /** One for an appointment; every date of a group session, in order. */
  sessions: Session[];
  /** The "manage my booking" link (manage-link.ts); null when there is none to give. */
  manageLink: string | null;
}

export interface RenderedMail {
  from: { name: string; address: string };
  subject: string;
  html: string;
  text: string;
}

export const inLanguage = (language: Language, english: string, french: string): string =>
  language === 'fr' && french.trim() ? french : english;

export const locationName = (language: Language, location: MailLocation | null): string =>
  location ? inLanguage(language, location.name, location.nameFr) : '';

/** "1000 Pitt Street, Cornwall K6J 5T1"; empty for a virtual location. */
export function locationAddress(language: Language, location: MailLocation | null): string {
  if (!location || location.isVirtual) return '';
  const street = inLanguage(language, location.address, location.addressFr);
  const town = [location.city, location.postalCode].filter(Boolean).join(' ');
  return [street, town].filter(Boolean).join(', ');
}

export const sessionLine = (language: Language, session: Session): string =>
  `${formatDate(language, session.date)}, ${formatTime(language, session.startTime)} – ${formatTime(language, session.endTime)}`;

export function placeholderValues(content: ConfirmationContent): Record<string, string> {
  const { language, clients, sessions, location } = content;
  const first = clients[0];
  const firstSession = sessions[0];
  return {
    firstName: first ? first.preferredName.trim() || first.firstName : '',
    lastName: first?.lastName ?? '',
    clientName: clients.map((client) => `${client.firstName} ${client.lastName}`.trim()).join(', '),
    date: firstSession ? formatDate(language, firstSession.date) : '',
    time: firstSession ? formatTime(language, firstSession.startTime) : '',
    endTime: firstSession ? formatTime(language, firstSession.endTime) : '',
    sessions: sessions.map((session) => sessionLine(language, session)).join('\n'),
    location: locationName(language, location),
    address: locationAddress(language, location),
    calendar: content.calendarName,
    confirmationCode: content.confirmationCode,
    manageLink: content.manageLink ?? '',
  };
}

const manageLinkWording = {
  en: 'To view, reschedule or cancel your booking:',
  fr: 'Pour consulter, déplacer ou annuler votre réservation :',
} as const;

/** The closing paragraph that gives the "manage my booking" link, in the client's language. */
export const manageLinkParagraph = (language: Language, link: string): { text: string; html: string } => ({
  text: `${manageLinkWording[language]} ${link}`,
  html: `<p>${escapeHtml(manageLinkWording[language])} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
});

const USES_MANAGE_LINK = /\{\{\s*manageLink\s*\}\}/;

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;
/** A period right after a placeholder, maybe behind closing or inline tags of HTML (`{{time}}</strong>.`). */
const PERIOD_AFTER = /^(?:<[^>]*>)*\./;

/**
 * A value that ends a sentence of the template with its own period (`at {{time}}.` with "8:45 a.m.") gives one
 * period, not two: the value's is left out.
 */
export function withoutDoublePeriod(value: string, textAfter: string): string {
  return value.endsWith('.') && PERIOD_AFTER.test(textAfter) ? value.slice(0, -1) : value;
}

const fill = (text: string, values: Record<string, string>, encode: (value: string) => string): string =>
  text.replace(PLACEHOLDER, (whole, name: string, offset: number) =>
    Object.hasOwn(values, name) ? encode(withoutDoublePeriod(values[name]!, text.slice(offset + whole.length))) : whole,
  );

export const escapeHtml = (value: string): string =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** A readable text version of template HTML: paragraphs and line breaks kept, links as "text (address)". */
export function htmlToText(html: string): string {
  return html
    .replace(/\r\n?/g, '\n')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/<a\s[^>]*href\s*=\s*["']([^"']*)["'][^>]*>(.*?)<\/a>/gis, (_, href: string, label: string) =>
      label.trim() === href ? href : `${label} (${href})`,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '\n- ')
    .replace(/<\/(p|div|h[1-6]|ul|ol|table|tr|blockquote)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
      if (entity[0] === '#') {
        const code =
          entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
        return Number.isNaN(code) ? whole : String.fromCodePoint(code);
      }
      return ENTITIES[entity.toLowerCase()] ?? whole;
    })
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A body with a tag is HTML; any other body is plain text, escaped when it is sent. */
export const looksLikeHtml = (body: string): boolean => /<[a-z][^>]*>/i.test(body);

export async function renderConfirmation(content: ConfirmationContent): Promise<RenderedMail> {
  const { language, template } = content;
  const values = placeholderValues(content);
  const subject = fill(inLanguage(language, template.subject, template.subjectFr), values, (value) =>
    value.replace(/\s*\n\s*/g, '; '),
  )
    .replace(/[ \t\r\n]+/g, ' ')
    .trim();
  const written = inLanguage(language, template.body, template.bodyFr);
  const isHtml = looksLikeHtml(written);
  // Cleaned again as it goes out: a template saved before bodies were cleaned on save is cleaned here.
  const body = isHtml ? cleanPageHtml(written) : written;
  const html = isHtml
    ? fill(body, values, (value) => escapeHtml(value).replace(/\n/g, '<br>'))
    : fill(escapeHtml(body).replace(/\r?\n/g, '<br>\n'), values, (value) => escapeHtml(value).replace(/\n/g, '<br>'));
  const text = fill(isHtml ? htmlToText(body) : body.trim(), values, (value) => value);
  // A template that does not place the link itself gets it at the end.
  const closing =
    content.manageLink && !USES_MANAGE_LINK.test(body) ? manageLinkParagraph(language, content.manageLink) : null;
  return {
    from: { name: inLanguage(language, template.fromName, template.fromNameFr), address: template.fromEmail },
    subject,
    html: closing ? `${html}\n${closing.html}` : html,
    text: closing ? `${text}\n\n${closing.text}` : text,
  };
}
