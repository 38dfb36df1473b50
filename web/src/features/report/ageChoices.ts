import type { TFunction } from 'i18next';

/** §9 report defaults and age choices, in months: 2, 4, 6, 12, 15, 18 months and 2, 4, 6, 14, 16, 24, 65 years. */
export const DEFAULT_MIN_AGE_MONTHS = 2;
export const DEFAULT_MAX_AGE_MONTHS = 780;
export const AGE_CHOICES_MONTHS = [2, 4, 6, 12, 15, 18, 24, 48, 72, 168, 192, 288, 780] as const;

/** "18 months" / "18 mois" under two years; "2 years" / "2 ans" from then on. */
export function ageLabel(t: TFunction, months: number): string {
  return months < 24 || months % 12 !== 0
    ? t('report.ages.months', { count: months })
    : t('report.ages.years', { count: months / 12 });
}

/** The choices of an age list: §9's, and a value from the address that is not one of them. */
export function ageChoices(t: TFunction, current: number): { value: string; label: string }[] {
  const months: number[] = [...AGE_CHOICES_MONTHS];
  if (!months.includes(current)) months.push(current);
  return months.sort((a, b) => a - b).map((value) => ({ value: String(value), label: ageLabel(t, value) }));
}
