import { defaultCalendarSettings, type CalendarSettings } from '../../domain/calendars/calendar';
import { defaultLane, durationLabel, type Lane } from '../../domain/calendars/lane';
import { selectDates, WEEKDAYS_DEFAULT } from '../../domain/calendar-dates/date-selection';
import { addDays } from '../../domain/shared/plain-date';
import type { AddDatesInput } from '../calendar-dates/handlers';
import type { SeededReferenceData } from './demo-reference-data';

const durations = (values: number[], defaultValue: number) =>
  values.map((value) => ({ value, label: durationLabel(value), isDefault: value === defaultValue }));

const clinicLanes: Lane[] = [
  { ...defaultLane(), name: 'Nurse 1', breakSlots: ['12:00:00', '12:15:00', '12:30:00', '12:45:00'] },
  {
    ...defaultLane(),
    name: 'Nurse 2',
    durations: durations([900, 1800], 900),
    breakSlots: ['12:00:00', '12:15:00', '12:30:00', '12:45:00'],
  },
];
const classLane: Lane = {
  ...defaultLane(),
  name: 'Educator',
  startTime: '18:00:00',
  endTime: '20:00:00',
  durations: durations([7200], 7200),
  slotInterval: 7200,
};

export interface DemoCalendar {
  settings: CalendarSettings;
  /** Dates the demo adds from `today`: none for a calendar staff still have to set up. */
  dates: (today: string) => AddDatesInput | null;
}

/** Weekdays of the next three weeks, from tomorrow. */
const comingWeekdays = (today: string) =>
  selectDates({ start: addDays(today, 1), end: addDays(today, 21), interval: 'daily', weekdays: WEEKDAYS_DEFAULT });

/** The calendars a new demo store starts with, named and described in English and French, at the demo locations and in the demo categories. */
export function demoCalendars({ categoryIds, locationIds, templateIds }: SeededReferenceData): DemoCalendar[] {
  const base = (
    name: string,
    nameFr: string,
    region: keyof SeededReferenceData['locationIds'],
    category: string,
  ): CalendarSettings => ({
    ...defaultCalendarSettings,
    name,
    nameFr,
    locationId: locationIds[region] ?? null,
    categoryId: categoryIds[category] ?? null,
    lanes: clinicLanes,
    // Bookings in the demo send their confirmation (to DATA_DIR/outbox/ without SMTP_URL).
    emailsEnabled: true,
    notificationTemplateId: templateIds.confirmation,
    reminderTemplateId: templateIds.reminder,
  });
  return [
    {
      settings: {
        ...base('Cornwall Immunization Clinic', 'Clinique de vaccination de Cornwall', 'Cornwall', 'Immunization'),
        description: 'Routine childhood vaccines',
        descriptionFr: 'Vaccins systématiques des enfants',
        enabled: true,
      },
      dates: (today) => ({ dates: comingWeekdays(today), lanes: clinicLanes, enabled: true }),
    },
    {
      settings: {
        ...base(
          'Hawkesbury Immunization Clinic',
          'Clinique de vaccination de Hawkesbury',
          'Hawkesbury',
          'Immunization',
        ),
        description: 'Routine childhood vaccines',
        descriptionFr: 'Vaccins systématiques des enfants',
        enabled: true,
      },
      dates: (today) => ({
        dates: selectDates({ start: addDays(today, 1), end: addDays(today, 21), interval: 'weekly', weekdays: [2, 4] }),
        lanes: clinicLanes.slice(0, 1),
        enabled: true,
      }),
    },
    {
      settings: {
        ...base('Rockland Prenatal Classes', 'Cours prénataux de Rockland', 'Rockland', 'Prenatal and Parenting'),
        description: 'Six-week course',
        descriptionFr: 'Cours de six semaines',
        enabled: true,
        groupSession: true,
        spots: 12,
        lanes: [classLane],
      },
      dates: (today) => {
        const sessions = selectDates({
          start: addDays(today, 7),
          end: addDays(today, 48),
          interval: 'weekly',
          weekdays: [3],
        });
        return { dates: sessions, lanes: [classLane], enabled: true, deadline: addDays(today, 5), spots: 12 };
      },
    },
    {
      settings: {
        ...base(
          'Winchester Flu Clinic',
          'Clinique de vaccination contre la grippe de Winchester',
          'Winchester',
          'Immunization',
        ),
        description: 'Seasonal influenza vaccine',
        descriptionFr: 'Vaccin contre la grippe saisonnière',
        enabled: false,
      },
      dates: () => null,
    },
  ];
}
