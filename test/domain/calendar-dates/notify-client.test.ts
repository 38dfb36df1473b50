import { suite } from 'uvu';
import { dateWindow, type DateLane } from '../../../domain/calendar-dates/calendar-date';
import type { CalendarDateCommand } from '../../../domain/calendar-dates/commands';
import { calendarDateDecider } from '../../../domain/calendar-dates/decider';
import type { CalendarDateEvent } from '../../../domain/calendar-dates/events';
import { defaultLane } from '../../../domain/calendars/lane';
import { appointmentDetails } from '../../support/appointment-details';
import { scenario } from '../../support/given-when-then';

/** Issue 19: staff's "notify the client" rides on the events of a move and a delete, and only when asked. */
const now = '2026-11-22T15:00:00.000Z';
const on = { calendarId: 4, date: '2026-12-03', window: dateWindow('2026-11-22'), now };
const lane: DateLane = { ...defaultLane(), id: 31, durations: [{ value: 900, label: '15 min', isDefault: true }] };
const appointment = appointmentDetails({ email: 'client@example.org' });
const { given } = scenario(calendarDateDecider);

const added: CalendarDateEvent = {
  type: 'CalendarDateAdded',
  data: {
    calendarId: 4,
    date: '2026-12-03',
    calendarDateId: 9,
    enabled: true,
    lanes: [lane],
    seriesId: null,
    copiedFrom: null,
    at: now,
  },
};
const booked: CalendarDateEvent = {
  type: 'AppointmentBooked',
  data: {
    calendarId: 4,
    date: '2026-12-03',
    appointmentId: 70,
    laneId: 31,
    startTime: '09:00:00',
    endTime: '09:15:00',
    lockToken: 't1',
    confirmationCode: 'ABCDEFGHJK',
    appointment,
    at: now,
  },
};

const change = (data: Partial<Extract<CalendarDateCommand, { type: 'ChangeAppointment' }>['data']>) =>
  ({
    type: 'ChangeAppointment',
    data: {
      ...on,
      appointmentId: 70,
      version: 1,
      appointment,
      changes: [],
      lockToken: null,
      laneId: 31,
      startTime: '09:00:00',
      endTime: '09:15:00',
      ...data,
    },
  }) satisfies CalendarDateCommand;
const changed = (data: Partial<Extract<CalendarDateEvent, { type: 'AppointmentChanged' }>['data']>) =>
  ({
    type: 'AppointmentChanged',
    data: {
      calendarId: 4,
      date: '2026-12-03',
      appointmentId: 70,
      laneId: 31,
      startTime: '09:30:00',
      endTime: '09:45:00',
      version: 2,
      appointment,
      changes: ['time'],
      lockToken: null,
      from: { laneId: 31, startTime: '09:00:00', endTime: '09:15:00' },
      at: now,
      ...data,
    },
  }) satisfies CalendarDateEvent;
const cancelled = (data: { notifyClient?: boolean } = {}): CalendarDateEvent => ({
  type: 'AppointmentCancelled',
  data: { calendarId: 4, date: '2026-12-03', appointmentId: 70, ...data, at: now },
});

const booking = suite('notify the client: a booked appointment');
booking('a move on its date asked to notify carries the request on its event', () => {
  given(added, booked)
    .when(change({ startTime: '09:30:00', endTime: '09:45:00', notifyClient: true }))
    .then(changed({ notifyClient: true }));
});
booking('a move not asked to notify has no flag at all', () => {
  given(added, booked)
    .when(change({ startTime: '09:30:00', endTime: '09:45:00', notifyClient: false }))
    .then(changed({}));
  given(added, booked)
    .when(change({ startTime: '09:30:00', endTime: '09:45:00' }))
    .then(changed({}));
});
booking('a change that does not move it has no notice to give, even when asked', () => {
  const edited = appointmentDetails({ email: 'client@example.org', phone: '613-555-0199' });
  given(added, booked)
    .when(change({ appointment: edited, changes: ['phone'], notifyClient: true }))
    .then(
      changed({
        startTime: '09:00:00',
        endTime: '09:15:00',
        appointment: edited,
        changes: ['phone'],
        from: null,
      }),
    );
});
booking('a delete asked to notify carries the request; one not asked has no flag', () => {
  given(added, booked)
    .when({ type: 'CancelAppointment', data: { ...on, appointmentId: 70, notifyClient: true } })
    .then(cancelled({ notifyClient: true }));
  given(added, booked)
    .when({ type: 'CancelAppointment', data: { ...on, appointmentId: 70, notifyClient: false } })
    .then(cancelled());
  given(added, booked)
    .when({ type: 'CancelAppointment', data: { ...on, appointmentId: 70 } })
    .then(cancelled());
});

const target = suite('notify the client: the date an appointment moves to');
const receive = (notifyClient?: boolean): CalendarDateCommand => ({
  type: 'ReceiveAppointment',
  data: {
    ...on,
    appointmentId: 70,
    version: 1,
    confirmationCode: 'ABCDEFGHJK',
    appointment,
    changes: [],
    lockToken: null,
    fromDate: '2026-12-01',
    laneId: 31,
    startTime: '09:00:00',
    endTime: '09:15:00',
    ...(notifyClient === undefined ? {} : { notifyClient }),
  },
});
const movedHere = (data: { notifyClient?: boolean } = {}): CalendarDateEvent => ({
  type: 'AppointmentMovedHere',
  data: {
    calendarId: 4,
    date: '2026-12-03',
    appointmentId: 70,
    laneId: 31,
    startTime: '09:00:00',
    endTime: '09:15:00',
    version: 2,
    confirmationCode: 'ABCDEFGHJK',
    appointment,
    changes: ['date'],
    lockToken: null,
    fromDate: '2026-12-01',
    ...data,
    at: now,
  },
});
target('a move from another date asked to notify carries the request on the arrival', () => {
  given(added)
    .when(receive(true))
    .then(movedHere({ notifyClient: true }));
});
target('a move from another date not asked to notify has no flag', () => {
  given(added).when(receive(false)).then(movedHere());
  given(added).when(receive()).then(movedHere());
});

booking.run();
target.run();
