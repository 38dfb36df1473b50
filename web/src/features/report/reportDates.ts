import { intlLocale } from '../../i18n/format';
import type { Language } from '../../i18n/languages';

/** "Jun 1, 2026" / "1 juin 2026": a date of birth, without its weekday (read at noon UTC: the day never moves). */
export function birthDate(language: Language, date: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(`${date}T12:00:00Z`));
}
