import { intlLocale } from '../i18n/format';
import type { Language } from '../i18n/languages';

/** "Mon, Jun 1, 2026" / "lun. 1 juin 2026": compact, for lists of many dates (read at noon UTC: the day never moves). */
export function shortDate(language: Language, date: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(`${date}T12:00:00Z`));
}
