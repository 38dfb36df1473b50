import { formatDateTime } from '../../i18n/format';
import type { Language } from '../../i18n/languages';

/**
 * An instant from the API (ISO 8601) as the admin screens show it: format.ts's date and time in the unit's time
 * zone, with the time kept on one line ("2:30 p.m.", "14 h 30" never break inside).
 */
export function formatInstant(language: Language, iso: string): string {
  const text = formatDateTime(language, new Date(iso));
  return text.replace(/(\d) (a\.m\.|p\.m\.)/g, '$1\u00a0$2').replace(/(\d) h( \d\d)?\b/g, (_match, hour: string, minutes?: string) =>
    `${hour}\u00a0h${minutes ? `\u00a0${minutes.trim()}` : ''}`,
  );
}
