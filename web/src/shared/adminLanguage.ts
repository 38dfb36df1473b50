import { useTranslation } from 'react-i18next';
import { defaultLanguage, isLanguage, type Language } from '../i18n/languages';

/**
 * The language of the admin pages. Their addresses have no language segment, so the staff member's choice is
 * kept in localStorage (`adminLanguage`); without one, a French browser starts in French.
 */
const key = 'adminLanguage';

export function storedAdminLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(key);
    if (isLanguage(stored)) return stored;
  } catch {
    // storage unavailable
  }
  return window.navigator.language.toLowerCase().startsWith('fr') ? 'fr' : defaultLanguage;
}

export function storeAdminLanguage(language: Language): void {
  try {
    window.localStorage.setItem(key, language);
  } catch {
    // storage unavailable: the choice lasts for this page's life
  }
}

/** The language the admin pages are shown in now (follows i18next, so a switch re-renders). */
export function useAdminLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : defaultLanguage;
}
