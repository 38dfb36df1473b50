import { suite } from 'uvu';
import { dateWindow, type DateLane } from '../../../domain/calendar-dates/calendar-date';
import type { CalendarDateCommand } from '../../../domain/calendar-dates/commands';
import { calendarDateDecider } from '../../../domain/calendar-dates/decider';
import type { CalendarDateEvent } from '../../../domain/calendar-dates/events';
import { defaultLane } from '../../../domain/calendars/lane';
import { appointmentDetails } from '../../support/appointment-details';
import { scenario } from '../../support/given-when-then';

/** Issue 20: a booking remembers its public service; the client moves it under a public lock on the new place. */
const now = '2026-11-22T15:00:00.000Z';
const later = '2026-11-22T15:10:00.000Z';
const expiresAt = '2026-11-22T15:30:00.000Z';
const on = (date = '2026-12-03', at = now) => ({ calendarId: 4, date, window: dateWindow('2026-11-22'), now: at });
const lane: DateLane = { ...defaultLane(), id: 31, durations: [{ value: 900, label: '15 min', isDefault: true }] };
const appointment = appointmentDetails({ email: 'client@example.org' });
const { given } = scenario(calendarDateDecider);

const added = (date = '2026-12-03'): CalendarDateEvent => ({
  type: 'CalendarDateAdded',
  data: {
    calendarId: 4,
    date,
    calendarDateId: date === '2026-12-03' ? 9 : 10,
    enabled: true,
    lanes: [lane],
    seriesId: null,
    copiedFrom: null,
    at: now,
  },
});
const locked = (token: string, startTime: string, endTime: string, date = '2026-12-03'): CalendarDateEvent => ({
  type: 'SlotLocked',
  data: {
    calendarId: 4,
    date,
    token,
    laneId: 31,
    startTime,
    endTime,
    expiresAt,
    expiredTokens: [],
    at: now,
  },
});
const book = (serviceId?: number): CalendarDateCommand => ({
  type: 'BookAppointment',
  data: {
    ...on(),
    appointmentId: 70,
    lockToken: 't1',
    confirmationCode: 'ABCDEFGHJK',
    appointment,
    ...(serviceId === undefined ? {} : { serviceId }),
  },
});
const booked = (serviceId?: number): CalendarDateEvent => ({
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
    ...(serviceId === undefined ? {} : { serviceId }),
    at: now,
  },
});

const service = suite('calendar date decider: a booking remembers its public service (issue 20)');
service('a booking through a service records the service on its event', () => {
  given(added(), locked('t1', '09:00:00', '09:15:00'))
    .when(book(12))
    .then(booked(12));
});
service('a booking without a service (staff) has no serviceId at all', () => {
  given(added(), locked('t1', '09:00:00', '09:15:00'))
    .when(book())
    .then(booked());
});
service.run();

const moving = suite('calendar date decider: the client moves a booking under a public lock (issue 20)');
moving('a change to the place of a public lock on the same date is accepted and uses the lock up', () => {
  const history = [added(), locked('t1', '09:00:00', '09:15:00'), booked(12), locked('p2', '10:00:00', '10:15:00')];
  const change: CalendarDateCommand = {
    type: 'ChangeAppointment',
    data: {
      ...on('2026-12-03', later),
      appointmentId: 70,
      version: 1,
      appointment,
      changes: [],
      lockToken: 'p2',
      laneId: 31,
      startTime: '10:00:00',
      endTime: '10:15:00',
      notifyClient: true,
    },
  };
  given(...history)
    .when(change)
    .then({
      type: 'AppointmentChanged',
      data: {
        calendarId: 4,
        date: '2026-12-03',
        appointmentId: 70,
        laneId: 31,
        startTime: '10:00:00',
        endTime: '10:15:00',
        version: 2,
        appointment,
        changes: ['time'],
        lockToken: 'p2',
        from: { laneId: 31, startTime: '09:00:00', endTime: '09:15:00' },
        notifyClient: true,
        at: later,
      },
    });
  const [changed] = calendarDateDecider.decide(
    change,
    history.reduce(calendarDateDecider.evolve, { status: 'absent' }),
  );
  const after = [...history, changed!].reduce(calendarDateDecider.evolve, calendarDateDecider.initialState);
  if (after.status !== 'active' || after.locks.length !== 0) throw new Error('the public lock was not used up');
});
moving('a change to a place someone else locked is refused', () => {
  given(added(), locked('t1', '09:00:00', '09:15:00'), booked(12), locked('other', '10:00:00', '10:15:00'))
    .when({
      type: 'ChangeAppointment',
      data: {
        ...on('2026-12-03', later),
        appointmentId: 70,
        version: 1,
        appointment,
        changes: [],
        lockToken: 'p2',
        laneId: 31,
        startTime: '10:00:00',
        endTime: '10:15:00',
      },
    })
    .thenRefused('SLOT_UNAVAILABLE');
});
moving('another date receives it on the place of a public lock', () => {
  given(added('2026-12-04'), locked('p2', '11:00:00', '11:15:00', '2026-12-04'))
    .when({
      type: 'ReceiveAppointment',
      data: {
        ...on('2026-12-04', later),
        appointmentId: 70,
        version: 1,
        confirmationCode: 'ABCDEFGHJK',
        appointment,
        changes: [],
        lockToken: 'p2',
        fromDate: '2026-12-03',
        laneId: 31,
        startTime: '11:00:00',
        endTime: '11:15:00',
        notifyClient: true,
      },
    })
    .then({
      type: 'AppointmentMovedHere',
      data: {
        calendarId: 4,
        date: '2026-12-04',
        appointmentId: 70,
        laneId: 31,
        startTime: '11:00:00',
        endTime: '11:15:00',
        version: 2,
        confirmationCode: 'ABCDEFGHJK',
        appointment,
        changes: ['date'],
        lockToken: 'p2',
        fromDate: '2026-12-03',
        notifyClient: true,
        at: later,
      },
    });
});
moving.run();
