import { defaultLanguage, isLanguage, type Language } from './languages';

/**
 * Public addresses carry the language as their first segment (`/en/service`, `/fr/service/3`); `/` is English.
 * These pure functions read and rewrite that segment.
 */

function segments(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

/** The language an address is in: its first segment when that is a language, otherwise English. */
export function languageOfPath(pathname: string): Language {
  const first = segments(pathname)[0];
  return isLanguage(first) ? first : defaultLanguage;
}

/** The same page in another language: `/en/service` -> `/fr/service`, `/` -> `/fr`. */
export function pathInLanguage(pathname: string, language: Language): string {
  const parts = segments(pathname);
  if (isLanguage(parts[0])) parts.shift();
  return `/${[language, ...parts].join('/')}`;
}

/**
 * Where to send an address whose first segment is not a known language: a segment that looks like a language
 * code (`/de/service`, `/fr-CA`) is replaced by `en`; any other address is read as English (`/service` ->
 * `/en/service`).
 */
export function correctedPath(pathname: string): string {
  const parts = segments(pathname);
  if (parts[0] !== undefined && /^[a-z]{2,3}([-_][a-z0-9]{2,8})*$/i.test(parts[0])) parts.shift();
  return `/${[defaultLanguage, ...parts].join('/')}`;
}
