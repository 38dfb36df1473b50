import { randomUUID } from 'node:crypto';
import type { AppointmentDetails, ClientData } from '../../domain/appointments/appointment';
import type { CalendarDateEvent } from '../../domain/calendar-dates/events';
import { defaultCalendarSettings, type CalendarSettings } from '../../domain/calendars/calendar';
import type { CalendarEvent } from '../../domain/calendars/events';
import type { CategoryEvent } from '../../domain/categories/events';
import type { Actor, EventStore, NewEvent } from '../../domain/event-store/port';
import type { GroupSessionSeriesEvent } from '../../domain/group-session-series/events';
import type { LocationEvent } from '../../domain/locations/events';
import { defaultLocationFields, type OfficeRegion } from '../../domain/locations/location';
import type { ServiceEvent } from '../../domain/services/events';
import { defaultServiceFields } from '../../domain/services/service';
import { appointmentDetails } from './appointment-details';
import { hourLane } from './date-lane';

/**
 * A small, fully known history for the analytics read models (issue 17): two clinics in two regions of one category
 * and a course in a third calendar, in September 2027 (clear of the demo seed's dates). The figures it must give are
 * in ANALYTICS_SCENARIO below.
 */

type AnyEvent =
  CalendarDateEvent | CalendarEvent | CategoryEvent | LocationEvent | ServiceEvent | GroupSessionSeriesEvent;

export const STAFF: Actor = { userId: 1, role: 'ROLE_ADMIN' };
export const PUBLIC: Actor = { public: true };

/** An event as the store takes it, with the metadata a command would give it (a calendar's at its schema version 3). */
export function recordable(event: AnyEvent, actor: Actor = STAFF): NewEvent {
  const eventId = randomUUID();
  const schemaVersion = event.type === 'CalendarCreated' ? 3 : 1;
  return {
    eventId,
    type: event.type,
    schemaVersion,
    data: event.data,
    metadata: {
      eventId,
      occurredAt: new Date().toISOString(),
      actor,
      correlationId: randomUUID(),
      causationId: null,
      schemaVersion,
    },
  };
}

export const SCENARIO = {
  clinicA: 9101,
  clinicB: 9102,
  course: 9103,
  regionA: 'Alexandria' as OfficeRegion,
  regionB: 'Rockland' as OfficeRegion,
  immunization: 9201,
  prenatal: 9202,
  day1: '2027-09-13',
  day2: '2027-09-14',
  series: 9301,
} as const;

const client = (firstName: string, extra: Partial<ClientData> = {}): ClientData => ({
  firstName,
  lastName: 'Scenario',
  ...extra,
});
const details = (clients: ClientData[]): AppointmentDetails =>
  appointmentDetails({ clientData: clients, email: 'private@example.com', phone: '613-555-0199' });

const calendar = (calendarId: number, settings: Partial<CalendarSettings>): CalendarEvent => ({
  type: 'CalendarCreated',
  data: { calendarId, settings: { ...defaultCalendarSettings, ...settings }, at: '2027-08-01T12:00:00.000Z' },
});

/** Appends the scenario to `store` (ids in the 9000s, so that it sits beside the demo seed). */
export async function appendAnalyticsScenario(store: EventStore): Promise<void> {
  const { clinicA, clinicB, course, day1, day2, series } = SCENARIO;
  const append = (stream: string, events: (AnyEvent | [AnyEvent, Actor])[]) =>
    store.append(
      stream,
      'any',
      events.map((entry) => (Array.isArray(entry) ? recordable(entry[0], entry[1]) : recordable(entry))),
    );
  const at = '2027-08-01T12:00:00.000Z';
  for (const [locationId, region] of [
    [9401, SCENARIO.regionA],
    [9402, SCENARIO.regionB],
  ] as const)
    await append(`location-${locationId}`, [
      {
        type: 'LocationCreated',
        data: {
          locationId,
          fields: { ...defaultLocationFields, name: `Office ${region}`, officeRegion: region },
          createdAt: at,
        },
      },
    ]);
  await append(`category-${SCENARIO.immunization}`, [
    {
      type: 'CategoryCreated',
      data: { categoryId: SCENARIO.immunization, fields: { name: 'Shots', isDefault: false }, createdAt: at },
    },
  ]);
  await append(`category-${SCENARIO.prenatal}`, [
    {
      type: 'CategoryCreated',
      data: { categoryId: SCENARIO.prenatal, fields: { name: 'Courses', isDefault: false }, createdAt: at },
    },
  ]);
  await append(`calendar-${clinicA}`, [
    calendar(clinicA, {
      name: 'Clinic A',
      locationId: 9401,
      categoryId: SCENARIO.immunization,
      allowMultipleClients: true,
    }),
  ]);
  await append(`calendar-${clinicB}`, [
    calendar(clinicB, { name: 'Clinic B', locationId: 9402, categoryId: SCENARIO.immunization }),
  ]);
  await append(`calendar-${course}`, [
    calendar(course, {
      name: 'Course C',
      locationId: 9401,
      categoryId: SCENARIO.prenatal,
      groupSession: true,
      spots: 10,
    }),
  ]);
  await append('service-9501', [
    {
      type: 'ServiceCreated',
      data: {
        serviceId: 9501,
        fields: { ...defaultServiceFields, title: 'Shots service', calendarIds: [clinicA, clinicB] },
        createdAt: at,
      },
    },
  ]);

  const dateAdded = (
    calendarId: number,
    date: string,
    laneId: number,
    seriesId: number | null = null,
  ): CalendarDateEvent => ({
    type: 'CalendarDateAdded',
    data: {
      calendarId,
      date,
      at,
      calendarDateId: laneId,
      enabled: true,
      lanes: [hourLane(laneId)],
      seriesId,
      copiedFrom: null,
    },
  });
  const booked = (
    calendarId: number,
    date: string,
    laneId: number,
    appointmentId: number,
    startTime: string,
    bookedAt: string,
    clients: ClientData[],
  ): CalendarDateEvent => ({
    type: 'AppointmentBooked',
    data: {
      calendarId,
      date,
      at: bookedAt,
      appointmentId,
      laneId,
      startTime,
      endTime: `09:${String(Number(startTime.slice(3, 5)) + 15).padStart(2, '0')}:00`,
      lockToken: null,
      confirmationCode: `CODE${appointmentId}`,
      appointment: details(clients),
    },
  });
  const a1 = `calendarDate-${clinicA}_${day1}`;
  const a2 = `calendarDate-${clinicA}_${day2}`;
  const b1 = `calendarDate-${clinicB}_${day1}`;
  await append(a1, [dateAdded(clinicA, day1, 9601)]);
  await append(a2, [dateAdded(clinicA, day2, 9602)]);
  await append(b1, [dateAdded(clinicB, day1, 9603)]);

  // 9701: two clients (a toddler and an adult) booked by the public 13 days ahead; both come.
  const toddler = client('Tia', { dateOfBirth: '2025-03-01' });
  const adult = client('Al', { dateOfBirth: '1980-01-01' });
  await append(a1, [
    [booked(clinicA, day1, 9601, 9701, '09:00:00', '2027-08-31T14:00:00.000Z', [toddler, adult]), PUBLIC],
  ]);
  // 9702: booked by staff on the day itself; a no-show.
  await append(a1, [booked(clinicA, day1, 9601, 9702, '09:15:00', '2027-09-13T13:00:00.000Z', [client('Nob')])]);
  // 9703: booked two days ahead in Clinic B, then cancelled.
  await append(b1, [booked(clinicB, day1, 9603, 9703, '09:00:00', '2027-09-11T14:00:00.000Z', [client('Cass')])]);
  // 9704: booked 42 days ahead, then moved to the next day.
  await append(a1, [booked(clinicA, day1, 9601, 9704, '09:30:00', '2027-08-02T14:00:00.000Z', [client('Mo')])]);

  const changed = (appointmentId: number, startTime: string, clients: ClientData[]): CalendarDateEvent => ({
    type: 'AppointmentChanged',
    data: {
      calendarId: clinicA,
      date: day1,
      at: '2027-09-13T16:00:00.000Z',
      appointmentId,
      laneId: 9601,
      startTime,
      endTime: `09:${String(Number(startTime.slice(3, 5)) + 15).padStart(2, '0')}:00`,
      version: 2,
      appointment: details(clients),
      changes: ['clientData'],
      lockToken: null,
      from: null,
    },
  });
  await append(a1, [
    changed(9701, '09:00:00', [
      { ...toddler, attendance: 'arrived' },
      { ...adult, attendance: 'consult' },
    ]),
    changed(9702, '09:15:00', [client('Nob', { attendance: 'noshow' })]),
  ]);
  await append(b1, [
    {
      type: 'AppointmentCancelled',
      data: { calendarId: clinicB, date: day1, at: '2027-09-12T14:00:00.000Z', appointmentId: 9703 },
    },
  ]);
  const moveAt = '2027-09-10T14:00:00.000Z';
  await store.appendMany([
    {
      streamId: a1,
      expectedRevision: 'any',
      events: [
        recordable({
          type: 'AppointmentMovedAway',
          data: { calendarId: clinicA, date: day1, at: moveAt, appointmentId: 9704, toDate: day2 },
        }),
      ],
    },
    {
      streamId: a2,
      expectedRevision: 'any',
      events: [
        recordable({
          type: 'AppointmentMovedHere',
          data: {
            calendarId: clinicA,
            date: day2,
            at: moveAt,
            appointmentId: 9704,
            laneId: 9602,
            startTime: '09:00:00',
            endTime: '09:15:00',
            version: 2,
            confirmationCode: 'CODE9704',
            appointment: details([client('Mo')]),
            changes: ['date'],
            lockToken: null,
            fromDate: day1,
          },
        }),
      ],
    },
  ]);

  // The course: 10 spots, 3 taken by one registration, 2 by another that is then withdrawn.
  await append(`groupSessionSeries-${series}`, [
    {
      type: 'GroupSessionSeriesCreated',
      data: {
        seriesId: series,
        calendarId: course,
        name: 'Course C',
        sessionDates: [
          { date: '2027-09-20', time: '18:00:00', duration: 7200 },
          { date: '2027-09-27', time: '18:00:00', duration: 7200 },
        ],
        deadline: '2027-09-19',
        spots: 10,
        at,
      },
    },
  ]);
  await append(`calendarDate-${course}_2027-09-20`, [dateAdded(course, '2027-09-20', 9604, series)]);
  const registered = (appointmentId: number, spots: number): GroupSessionSeriesEvent => ({
    type: 'ClientRegistered',
    data: {
      seriesId: series,
      calendarId: course,
      at: '2027-09-01T14:00:00.000Z',
      appointmentId,
      confirmationCode: `CODE${appointmentId}`,
      lockToken: `token-${appointmentId}`,
      spots,
      appointment: details([client('Reg', { dateOfBirth: '1995-05-05' })]),
    },
  });
  await append(`groupSessionSeries-${series}`, [
    [registered(9801, 3), PUBLIC],
    [registered(9802, 2), PUBLIC],
    {
      type: 'ClientUnregistered',
      data: { seriesId: series, calendarId: course, at: '2027-09-02T14:00:00.000Z', appointmentId: 9802, spots: 2 },
    },
  ]);
}

/** Personal values the scenario's events carry, none of which may reach the analytics schema. */
export const SCENARIO_PERSONAL_VALUES = [
  'Scenario',
  'private@example.com',
  '613-555-0199',
  'CODE97',
  '2025-03-01',
  '1980-01-01',
  '1995-05-05',
];
