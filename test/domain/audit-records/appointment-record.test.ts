import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  appointmentRecordFold,
  appointmentStands,
  type AppointmentRecordEvent,
  type AppointmentRecordState,
} from '../../../domain/audit-records/appointment-record';
import { appointmentDetails } from '../../support/appointment-details';

const fold = appointmentRecordFold(7);
const replay = (events: AppointmentRecordEvent[]): AppointmentRecordState[] =>
  events.reduce<AppointmentRecordState[]>(
    (states, event) => [...states, fold.evolve(states[states.length - 1]!, event)],
    [fold.initialState],
  );

const details = appointmentDetails();
const edited = appointmentDetails({ phone: '613-555-0199' });
const booked: AppointmentRecordEvent = {
  type: 'AppointmentBooked',
  data: {
    calendarId: 3,
    date: '2026-11-25',
    at: '2026-11-24T14:00:00.000Z',
    appointmentId: 7,
    laneId: 11,
    startTime: '09:00:00',
    endTime: '09:15:00',
    lockToken: 'lock-1',
    confirmationCode: 'ABCDEFGHJK',
    appointment: details,
  },
};
const movedAway: AppointmentRecordEvent = {
  type: 'AppointmentMovedAway',
  data: { calendarId: 3, date: '2026-11-25', at: '2026-11-24T14:05:00.000Z', appointmentId: 7, toDate: '2026-11-26' },
};
const movedHere: AppointmentRecordEvent = {
  type: 'AppointmentMovedHere',
  data: {
    calendarId: 3,
    date: '2026-11-26',
    at: '2026-11-24T14:05:00.000Z',
    appointmentId: 7,
    laneId: 21,
    startTime: '10:30:00',
    endTime: '10:45:00',
    version: 2,
    confirmationCode: 'ABCDEFGHJK',
    appointment: details,
    changes: ['date', 'startTime'],
    lockToken: 'lock-2',
    fromDate: '2026-11-25',
  },
};
const changed: AppointmentRecordEvent = {
  type: 'AppointmentChanged',
  data: {
    calendarId: 3,
    date: '2026-11-26',
    at: '2026-11-24T14:10:00.000Z',
    appointmentId: 7,
    laneId: 21,
    startTime: '10:30:00',
    endTime: '10:45:00',
    version: 3,
    appointment: edited,
    changes: ['phone'],
    lockToken: null,
    from: null,
  },
};
const cancelled: AppointmentRecordEvent = {
  type: 'AppointmentCancelled',
  data: { calendarId: 3, date: '2026-11-26', at: '2026-11-24T14:15:00.000Z', appointmentId: 7 },
};

const test = suite('audit records: an appointment folded from its events across its dates');

test('booked, moved to another date, edited, then cancelled: each state in turn', () => {
  const [before, first, away, moved, edit, gone] = replay([booked, movedAway, movedHere, changed, cancelled]);
  assert.equal(before, { status: 'absent' });
  assert.equal(first, {
    status: 'booked',
    appointmentId: 7,
    calendarId: 3,
    date: '2026-11-25',
    laneId: 11,
    startTime: '09:00:00',
    endTime: '09:15:00',
    seriesId: null,
    confirmationCode: 'ABCDEFGHJK',
    version: 1,
    appointment: details,
    bookedAt: '2026-11-24T14:00:00.000Z',
    changedAt: '2026-11-24T14:00:00.000Z',
  });
  assert.equal(away, first, 'the source half of a move changes nothing: the target half has the new place');
  assert.equal(moved, {
    ...first,
    date: '2026-11-26',
    laneId: 21,
    startTime: '10:30:00',
    endTime: '10:45:00',
    version: 2,
    changedAt: '2026-11-24T14:05:00.000Z',
  });
  assert.equal(edit, { ...moved, version: 3, appointment: edited, changedAt: '2026-11-24T14:10:00.000Z' });
  assert.equal(gone, { ...edit, status: 'cancelled', changedAt: '2026-11-24T14:15:00.000Z' });
  assert.equal(
    [before, first, moved, edit, gone].map((state) => appointmentStands(state!)),
    [false, true, true, true, false],
  );
});

test('a whole date moved carries the appointment to the new date', () => {
  const [, , carried] = replay([
    booked,
    {
      type: 'CalendarDateMovedHere',
      data: {
        calendarId: 3,
        date: '2026-12-01',
        at: '2026-11-24T15:00:00.000Z',
        calendarDateId: 40,
        enabled: true,
        lanes: [],
        seriesId: null,
        fromDate: '2026-11-25',
        locks: [],
        bookings: [
          { appointmentId: 8, laneId: 31, startTime: '09:15:00', endTime: '09:30:00', clientCount: 1 },
          { appointmentId: 7, laneId: 31, startTime: '09:00:00', endTime: '09:15:00', clientCount: 1 },
        ],
      },
    },
  ]);
  assert.equal(
    [carried!.status, 'date' in carried! && carried.date, 'laneId' in carried! && carried.laneId],
    ['booked', '2026-12-01', 31],
  );
});

test("another appointment's events and a date's own events leave it as it was", () => {
  const other = { ...booked, data: { ...booked.data, appointmentId: 8 } } as AppointmentRecordEvent;
  const [, mine, afterOther, afterLock] = replay([
    booked,
    other,
    {
      type: 'SlotReleased',
      data: { calendarId: 3, date: '2026-11-25', at: '2026-11-24T14:01:00.000Z', token: 'x' },
    },
  ]);
  assert.equal(afterOther, mine);
  assert.equal(afterLock, mine);
});

test('a course registration, then its unregistration', () => {
  const [, registered, unregistered] = replay([
    {
      type: 'ClientRegistered',
      data: {
        seriesId: 5,
        calendarId: 3,
        at: '2026-11-24T14:00:00.000Z',
        appointmentId: 7,
        confirmationCode: 'MNPQRSTUVW',
        lockToken: 'hold',
        spots: 2,
        appointment: details,
      },
    },
    {
      type: 'ClientUnregistered',
      data: { seriesId: 5, calendarId: 3, at: '2026-11-25T10:00:00.000Z', appointmentId: 7, spots: 2 },
    },
  ]);
  assert.equal(
    [registered!.status, 'seriesId' in registered! && registered.seriesId, appointmentStands(registered!)],
    ['registered', 5, true],
  );
  assert.equal([unregistered!.status, appointmentStands(unregistered!)], ['unregistered', false]);
});

test.run();
