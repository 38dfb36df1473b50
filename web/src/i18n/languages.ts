/** The languages of the public site. The first path segment of a public address is one of them. */
export const languages = ['en', 'fr'] as const;

export type Language = (typeof languages)[number];

export const defaultLanguage: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

export function otherLanguage(language: Language): Language {
  return language === 'en' ? 'fr' : 'en';
}
