import { localStamp, vtimezoneLines } from './vtimezone';

/**
 * An iCalendar file (RFC 5545) for a confirmation: METHOD:PUBLISH, one VEVENT per date, times as wall-clock values
 * with TZID=<the unit's zone>, and that zone's VTIMEZONE. Written by hand: the `ics` package writes UTC or floating
 * times only, so a calendar program could not tell the clinic's zone.
 */

export interface CalendarEntry {
  uid: string;
  /** 'YYYY-MM-DD' and 'HH:MM[:SS]', wall clock of the time zone. */
  date: string;
  startTime: string;
  endTime: string;
  summary: string;
  location: string;
  description: string;
}

export interface CalendarFile {
  timeZone: string;
  /** When the file is made (DTSTAMP). */
  stamp: Date;
  entries: CalendarEntry[];
  /**
   * A notice of a change (issue 19) sends the same UIDs again with a higher SEQUENCE: PUBLISH (the default) with
   * STATUS:CONFIRMED for a move, CANCEL with STATUS:CANCELLED for a cancellation (RFC 5546 wants its ORGANIZER).
   */
  method?: 'PUBLISH' | 'CANCEL';
  sequence?: number;
  /** The sender's address, as ORGANIZER (a mailto: URI). */
  organizer?: string;
}

/** The UID of an appointment's event (one per session of a course), the same in its confirmation and its notices. */
export const appointmentUid = (appointmentId: number, seriesDate: string | null, domain: string): string =>
  seriesDate === null
    ? `appointment-${appointmentId}@${domain}`
    : `appointment-${appointmentId}-${seriesDate}@${domain}`;

/** TEXT values: backslash, semicolon and comma escaped, line breaks as \n (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Lines longer than 75 octets continue on the next line after a space, never inside a UTF-8 character (§3.1). */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let piece = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    const limit = pieces.length === 0 ? 75 : 74; // a continuation line starts with a space
    if (octets + size > limit) {
      pieces.push(piece);
      piece = '';
      octets = 0;
    }
    piece += character;
    octets += size;
  }
  pieces.push(piece);
  return pieces.join('\r\n ');
}

const wallStamp = (date: string, time: string): string =>
  localStamp(Date.parse(`${date}T${time.length === 5 ? `${time}:00` : time.slice(0, 8)}Z`));
const utcStamp = (instant: Date): string => `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

export function calendarFile({
  timeZone,
  stamp,
  entries,
  method = 'PUBLISH',
  sequence,
  organizer,
}: CalendarFile): string {
  const years = entries.map((entry) => Number(entry.date.slice(0, 4)));
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Public Health Unit Booking//Confirmation//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...(entries.length > 0 ? vtimezoneLines(timeZone, Math.min(...years), Math.max(...years)) : []),
  ];
  for (const entry of entries) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${entry.uid}`,
      `DTSTAMP:${utcStamp(stamp)}`,
      ...(sequence === undefined ? [] : [`SEQUENCE:${sequence}`]),
      ...(organizer ? [`ORGANIZER:mailto:${organizer}`] : []),
      `DTSTART;TZID=${timeZone}:${wallStamp(entry.date, entry.startTime)}`,
      `DTEND;TZID=${timeZone}:${wallStamp(entry.date, entry.endTime)}`,
      `SUMMARY:${escapeText(entry.summary)}`,
      ...(entry.location ? [`LOCATION:${escapeText(entry.location)}`] : []),
      `DESCRIPTION:${escapeText(entry.description)}`,
      method === 'CANCEL' ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
