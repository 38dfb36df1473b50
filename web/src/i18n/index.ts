import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { defaultLanguage, languages, type Language } from './languages';

/** Both resource files have the same keys: `fr` must satisfy the shape of `en` (checked by tsc). */
const french: typeof en = fr;

export const resources = {
  en: { translation: en },
  fr: { translation: french },
} as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: (typeof resources)['en'];
  }
}

/**
 * The single i18next instance of the web app. The language of a page comes from its address (see
 * LanguageScope); `initialLanguage` only avoids a first render in the wrong language.
 */
export function initI18n(initialLanguage: Language = defaultLanguage) {
  void i18next.use(initReactI18next).init({
    resources,
    lng: initialLanguage,
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages],
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
  });
  return i18next;
}

export default i18next;
