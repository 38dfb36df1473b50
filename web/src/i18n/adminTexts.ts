import i18next from 'i18next';
import appointmentsEn from './locales/appointments.en.json';
import appointmentsFr from './locales/appointments.fr.json';
import appointmentSearchEn from './locales/appointmentSearch.en.json';
import appointmentSearchFr from './locales/appointmentSearch.fr.json';
import adminEn from './locales/admin.en.json';
import adminFr from './locales/admin.fr.json';
import auditEventsEn from './locales/auditEvents.en.json';
import auditEventsFr from './locales/auditEvents.fr.json';
import auditRecordsEn from './locales/auditRecords.en.json';
import auditRecordsFr from './locales/auditRecords.fr.json';
import calendarDatesEn from './locales/calendarDates.en.json';
import calendarDatesFr from './locales/calendarDates.fr.json';
import calendarFormEn from './locales/calendarForm.en.json';
import calendarFormFr from './locales/calendarForm.fr.json';
import dashboardEn from './locales/dashboard.en.json';
import dashboardFr from './locales/dashboard.fr.json';
import groupSessionSeriesEn from './locales/groupSessionSeries.en.json';
import groupSessionSeriesFr from './locales/groupSessionSeries.fr.json';
import lanesEn from './locales/lanes.en.json';
import lanesFr from './locales/lanes.fr.json';
import serviceFormEn from './locales/serviceForm.en.json';
import serviceFormFr from './locales/serviceForm.fr.json';
import accessLogEn from './locales/accessLog.en.json';
import accessLogFr from './locales/accessLog.fr.json';
import messagesEn from './locales/messages.en.json';
import messagesFr from './locales/messages.fr.json';
import reportEn from './locales/report.en.json';
import reportFr from './locales/report.fr.json';
import statisticsEn from './locales/statistics.en.json';
import statisticsFr from './locales/statistics.fr.json';

/** The staff area's texts: loaded with its modules (see routes.tsx), never by the public pages. */
const en = {
  ...adminEn,
  appointments: appointmentsEn,
  appointmentSearch: appointmentSearchEn,
  calendarForm: calendarFormEn,
  calendarDates: calendarDatesEn,
  dashboard: dashboardEn,
  groupSessionSeries: groupSessionSeriesEn,
  lanes: lanesEn,
  serviceForm: serviceFormEn,
  report: reportEn,
  auditEvents: auditEventsEn,
  auditRecords: auditRecordsEn,
  accessLog: accessLogEn,
  messages: messagesEn,
  statistics: statisticsEn,
};
/** Both languages have the same keys: French must satisfy the shape of English (checked by tsc). */
const french: typeof en = {
  ...adminFr,
  appointments: appointmentsFr,
  appointmentSearch: appointmentSearchFr,
  calendarForm: calendarFormFr,
  calendarDates: calendarDatesFr,
  dashboard: dashboardFr,
  groupSessionSeries: groupSessionSeriesFr,
  lanes: lanesFr,
  serviceForm: serviceFormFr,
  report: reportFr,
  auditEvents: auditEventsFr,
  auditRecords: auditRecordsFr,
  accessLog: accessLogFr,
  messages: messagesFr,
  statistics: statisticsFr,
};

export type AdminTexts = typeof en;

export const adminResources = { en, fr: french } as const;

let added = false;

/** Adds the staff area's texts to the app's i18next instance, once. */
export function addAdminTexts(): void {
  if (added) return;
  for (const [language, texts] of Object.entries(adminResources))
    i18next.addResourceBundle(language, 'translation', texts, true, false);
  added = true;
}
