import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { AdminTexts } from './adminTexts';
import type { SelfServiceTexts } from './selfServiceTexts';
import type { WaitlistTexts } from './waitlistTexts';
import bookingEn from './locales/booking.en.json';
import bookingFr from './locales/booking.fr.json';
import botCheckEn from './locales/botCheck.en.json';
import botCheckFr from './locales/botCheck.fr.json';
import baseEn from './locales/en.json';
import baseFr from './locales/fr.json';
import { defaultLanguage, languages, type Language } from './languages';

/**
 * The public pages' texts, in the initial download. The staff area's texts (adminTexts.ts) load with its modules,
 * so a member of the public does not download them. Larger screens keep their texts in files of their own
 * (`<section>.<language>.json`), merged here.
 */
const en = { ...baseEn, booking: bookingEn, botCheck: botCheckEn };
/** Both languages have the same keys: French must satisfy the shape of English (checked by tsc). */
const french: typeof en = { ...baseFr, booking: bookingFr, botCheck: botCheckFr };

export const publicResources = {
  en: { translation: en },
  fr: { translation: french },
} as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & AdminTexts & SelfServiceTexts & WaitlistTexts };
  }
}

/**
 * The single i18next instance of the web app. The language of a page comes from its address (see
 * LanguageScope); `initialLanguage` only avoids a first render in the wrong language.
 */
export function initI18n(initialLanguage: Language = defaultLanguage) {
  void i18next.use(initReactI18next).init({
    resources: publicResources,
    lng: initialLanguage,
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages],
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
  });
  return i18next;
}

export default i18next;
