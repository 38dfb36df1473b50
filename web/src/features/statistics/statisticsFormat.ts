import { intlLocale } from '../../i18n/format';
import type { Language } from '../../i18n/languages';
import { shortDate } from '../../shared/dateText';
import type { Cell, ColumnKind } from './statisticsTables';

/** "1,234" / "1 234". */
export const formatCount = (language: Language, value: number): string =>
  new Intl.NumberFormat(intlLocale(language)).format(value);

/** A rate of 0..1: "45.5%" / "45,5 %"; a dash when there was nothing to divide by. */
export const formatRate = (language: Language, value: number | null): string =>
  value === null
    ? '—'
    : new Intl.NumberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 1 }).format(value);

/** A chart axis's date: "Nov 3" / "3 nov." (a plain date read at noon UTC never moves). */
export const axisDate = (language: Language, date: string): string =>
  new Intl.DateTimeFormat(intlLocale(language), { timeZone: 'UTC', month: 'short', day: 'numeric' }).format(
    new Date(`${date}T12:00:00Z`),
  );

/** A table cell as shown on screen, in the language of the page. */
export function cellText(language: Language, kind: ColumnKind, value: Cell): string {
  if (value === null) return '—';
  if (typeof value === 'number') return kind === 'percent' ? formatRate(language, value) : formatCount(language, value);
  return kind === 'date' ? shortDate(language, value) : value;
}
