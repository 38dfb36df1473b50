import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import appointmentsEn from './locales/appointments.en.json';
import appointmentsFr from './locales/appointments.fr.json';
import appointmentSearchEn from './locales/appointmentSearch.en.json';
import appointmentSearchFr from './locales/appointmentSearch.fr.json';
import bookingEn from './locales/booking.en.json';
import bookingFr from './locales/booking.fr.json';
import botCheckEn from './locales/botCheck.en.json';
import botCheckFr from './locales/botCheck.fr.json';
import calendarDatesEn from './locales/calendarDates.en.json';
import calendarDatesFr from './locales/calendarDates.fr.json';
import calendarFormEn from './locales/calendarForm.en.json';
import calendarFormFr from './locales/calendarForm.fr.json';
import dashboardEn from './locales/dashboard.en.json';
import dashboardFr from './locales/dashboard.fr.json';
import baseEn from './locales/en.json';
import baseFr from './locales/fr.json';
import groupSessionSeriesEn from './locales/groupSessionSeries.en.json';
import groupSessionSeriesFr from './locales/groupSessionSeries.fr.json';
import lanesEn from './locales/lanes.en.json';
import lanesFr from './locales/lanes.fr.json';
import serviceFormEn from './locales/serviceForm.en.json';
import serviceFormFr from './locales/serviceForm.fr.json';
import { defaultLanguage, languages, type Language } from './languages';

/** The larger screens keep their texts in files of their own (`<section>.<language>.json`), merged here. */
const en = { ...baseEn, appointments: appointmentsEn, appointmentSearch: appointmentSearchEn, booking: bookingEn, botCheck: botCheckEn, calendarForm: calendarFormEn, calendarDates: calendarDatesEn, dashboard: dashboardEn, groupSessionSeries: groupSessionSeriesEn, lanes: lanesEn, serviceForm: serviceFormEn };
/** Both languages have the same keys: French must satisfy the shape of English (checked by tsc). */
const french: typeof en = { ...baseFr, appointments: appointmentsFr, appointmentSearch: appointmentSearchFr, booking: bookingFr, botCheck: botCheckFr, calendarForm: calendarFormFr, calendarDates: calendarDatesFr, dashboard: dashboardFr, groupSessionSeries: groupSessionSeriesFr, lanes: lanesFr, serviceForm: serviceFormFr };

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
