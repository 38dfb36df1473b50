import { defaultCalendarSettings, type CalendarSettings } from '../../domain/calendars/calendar';

/** The calendars a new demo store starts with; locations, categories and lanes join them with the scheduling issue. */
export const demoCalendars: CalendarSettings[] = [
  { ...defaultCalendarSettings, name: 'Cornwall Immunization Clinic', description: 'Routine childhood vaccines', enabled: true },
  { ...defaultCalendarSettings, name: 'Hawkesbury Immunization Clinic', description: 'Routine childhood vaccines', enabled: true },
  { ...defaultCalendarSettings, name: 'Rockland Prenatal Classes', description: 'Six-week course', enabled: true, groupSession: true, spots: 12 },
  { ...defaultCalendarSettings, name: 'Winchester Flu Clinic', description: 'Seasonal influenza vaccine', enabled: false },
];
