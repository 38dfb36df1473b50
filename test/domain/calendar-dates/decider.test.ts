import { suite } from 'uvu';
import { dateWindow, type DateLane } from '../../../domain/calendar-dates/calendar-date';
import type { CalendarDateCommand } from '../../../domain/calendar-dates/commands';
import { calendarDateDecider, contentOf } from '../../../domain/calendar-dates/decider';
import type { CalendarDateEvent } from '../../../domain/calendar-dates/events';
import type { ClaimedPlace } from '../../../domain/appointments/claimed-place';
import { defaultLane } from '../../../domain/calendars/lane';
import { scenario } from '../../support/given-when-then';
import { appointmentDetails } from '../../support/appointment-details';

const now = '2026-11-22T15:00:00.000Z';
const window = dateWindow('2026-11-22');
const lane: DateLane = {
  ...defaultLane(),
  id: 31,
  durations: [
    { value: 900, label: '15 min', isDefault: true },
    { value: 1800, label: '30 min', isDefault: false },
  ],
};
const on = { calendarId: 4, date: '2026-12-03', window, now };
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
const add = (
  changes: Partial<Extract<CalendarDateCommand, { type: 'AddCalendarDate' }>['data']> = {},
): CalendarDateCommand => ({
  type: 'AddCalendarDate',
  data: { ...on, calendarDateId: 9, enabled: true, lanes: [lane], seriesId: null, copiedFrom: null, ...changes },
});

const absent = suite('calendar dates decider: no date yet');
absent('AddCalendarDate records the date with its lanes', () => {
  given().when(add()).then(added);
});
absent('today is open; yesterday is in the past (§5)', () => {
  given()
    .when(add({ date: '2026-11-22' }))
    .then({ ...added, data: { ...added.data, date: '2026-11-22' } });
  given()
    .when(add({ date: '2026-11-21' }))
    .thenRefused('DATE_IN_PAST');
});
absent('at most one year ahead (§5)', () => {
  given()
    .when(add({ date: '2027-11-22' }))
    .then({ ...added, data: { ...added.data, date: '2027-11-22' } });
  given()
    .when(add({ date: '2027-11-23' }))
    .thenRefused('DATE_TOO_FAR');
});
absent('a date without lanes is refused with the message of §8', () => {
  given()
    .when(add({ lanes: [] }))
    .thenRefused('LANES_REQUIRED');
});
absent('a lane ending before it starts is refused', () => {
  given()
    .when(add({ lanes: [{ ...lane, startTime: '10:00:00', endTime: '09:00:00' }] }))
    .thenRefused('VALIDATION_FAILED');
});
absent('updating, deleting or moving a date that does not exist is refused', () => {
  given()
    .when({ type: 'UpdateCalendarDate', data: { ...on, enabled: false } })
    .thenRefused('CALENDAR_DATE_NOT_FOUND');
  given().when({ type: 'DeleteCalendarDate', data: on }).thenRefused('CALENDAR_DATE_NOT_FOUND');
  given()
    .when({ type: 'MoveCalendarDateAway', data: { ...on, toDate: '2026-12-04' } })
    .thenRefused('CALENDAR_DATE_NOT_FOUND');
});
absent('a moved date arrives with its whole content', () => {
  const content = {
    calendarDateId: 9,
    enabled: false,
    lanes: [lane],
    seriesId: 2,
    locks: [],
    bookings: [{ appointmentId: 4, laneId: 31, startTime: '09:00:00', endTime: '09:15:00', clientCount: 1 }],
  };
  given()
    .when({ type: 'ReceiveCalendarDate', data: { ...on, fromDate: '2026-12-01', content } })
    .then({
      type: 'CalendarDateMovedHere',
      data: { calendarId: 4, date: '2026-12-03', ...content, fromDate: '2026-12-01', at: now },
    });
});
absent.run();

const active = suite('calendar dates decider: existing date');
active('adding it again is refused', () => {
  given(added).when(add()).thenRefused('CALENDAR_DATE_EXISTS');
});
active('a date cannot be moved onto an existing one', () => {
  given(added)
    .when({
      type: 'ReceiveCalendarDate',
      data: {
        ...on,
        fromDate: '2026-12-01',
        content: { calendarDateId: 8, enabled: true, lanes: [lane], seriesId: null, locks: [], bookings: [] },
      },
    })
    .thenRefused('CALENDAR_DATE_EXISTS');
});
active('UpdateCalendarDate records the flag and the lanes that changed', () => {
  given(added)
    .when({ type: 'UpdateCalendarDate', data: { ...on, enabled: false } })
    .then({
      type: 'CalendarDateUpdated',
      data: { calendarId: 4, date: '2026-12-03', changes: { enabled: false }, at: now },
    });
  const lanes = [lane, { ...lane, id: 32, name: 'Staff 2' }];
  given(added)
    .when({ type: 'UpdateCalendarDate', data: { ...on, lanes } })
    .then({ type: 'CalendarDateUpdated', data: { calendarId: 4, date: '2026-12-03', changes: { lanes }, at: now } });
});
active('an update that changes nothing records nothing', () => {
  given(added)
    .when({ type: 'UpdateCalendarDate', data: { ...on, enabled: true, lanes: [lane] } })
    .then();
});
active('a date keeps at least one lane', () => {
  given(added)
    .when({ type: 'UpdateCalendarDate', data: { ...on, lanes: [] } })
    .thenRefused('LANES_REQUIRED');
});
active('DeleteCalendarDate removes it; it can be added again', () => {
  const deleted: CalendarDateEvent = {
    type: 'CalendarDateDeleted',
    data: { calendarId: 4, date: '2026-12-03', calendarDateId: 9, at: now },
  };
  given(added).when({ type: 'DeleteCalendarDate', data: on }).then(deleted);
  given(added, deleted)
    .when(add({ calendarDateId: 10 }))
    .then({ ...added, data: { ...added.data, calendarDateId: 10 } });
});
active('a past date can be neither changed nor deleted nor moved', () => {
  const later = { ...on, window: dateWindow('2026-12-04') };
  given(added)
    .when({ type: 'UpdateCalendarDate', data: { ...later, enabled: false } })
    .thenRefused('DATE_IN_PAST');
  given(added).when({ type: 'DeleteCalendarDate', data: later }).thenRefused('DATE_IN_PAST');
  given(added)
    .when({ type: 'MoveCalendarDateAway', data: { ...later, toDate: '2026-12-10' } })
    .thenRefused('DATE_IN_PAST');
});
active('a move goes to a date inside the window, never onto itself', () => {
  given(added)
    .when({ type: 'MoveCalendarDateAway', data: { ...on, toDate: '2026-12-10' } })
    .then({
      type: 'CalendarDateMovedAway',
      data: { calendarId: 4, date: '2026-12-03', calendarDateId: 9, toDate: '2026-12-10', at: now },
    });
  given(added)
    .when({ type: 'MoveCalendarDateAway', data: { ...on, toDate: '2026-11-20' } })
    .thenRefused('DATE_IN_PAST');
  given(added)
    .when({ type: 'MoveCalendarDateAway', data: { ...on, toDate: '2026-12-03' } })
    .thenRefused('VALIDATION_FAILED');
});
active.run();

const appointment = appointmentDetails();
const at = (time: string) => ({ ...on, now: `2026-11-22T${time}.000Z` });
/** Locks in these tests last an hour. */
const hourAfter = (time: string) => new Date(Date.parse(`2026-11-22T${time}.000Z`) + 3_600_000).toISOString();
const lock = (
  token: string,
  startTime: string,
  endTime: string,
  time = '15:00:00',
  earliestTime: string | null = null,
): CalendarDateCommand => ({
  type: 'LockSlot',
  data: { ...at(time), token, laneId: 31, startTime, endTime, expiresAt: hourAfter(time), earliestTime },
});
const locked = (
  token: string,
  startTime: string,
  endTime: string,
  expiredTokens: string[] = [],
  time = '15:00:00',
): CalendarDateEvent => ({
  type: 'SlotLocked',
  data: {
    calendarId: 4,
    date: '2026-12-03',
    token,
    laneId: 31,
    startTime,
    endTime,
    expiresAt: hourAfter(time),
    expiredTokens,
    at: `2026-11-22T${time}.000Z`,
  },
});
const book = (lockToken: string, time = '15:30:00', appointmentId = 70): CalendarDateCommand => ({
  type: 'BookAppointment',
  data: { ...at(time), appointmentId, lockToken, confirmationCode: 'ABCDEFGHJK', appointment },
});
const booked = (
  lockToken: string,
  startTime: string,
  endTime: string,
  time = '15:30:00',
  appointmentId = 70,
): CalendarDateEvent => ({
  type: 'AppointmentBooked',
  data: {
    calendarId: 4,
    date: '2026-12-03',
    appointmentId,
    laneId: 31,
    startTime,
    endTime,
    lockToken,
    confirmationCode: 'ABCDEFGHJK',
    appointment,
    at: `2026-11-22T${time}.000Z`,
  },
});

const slots = suite('calendar dates decider: locks and bookings');
slots('a free slot is locked for the calendar’s lock time', () => {
  given(added)
    .when(lock('t1', '09:00:00', '09:15:00'))
    .then(locked('t1', '09:00:00', '09:15:00'));
});
slots('a slot held by a live lock, or overlapping one, is unavailable', () => {
  given(added, locked('t1', '09:00:00', '09:30:00'))
    .when(lock('t2', '09:15:00', '09:30:00'))
    .thenRefused('SLOT_UNAVAILABLE');
});
slots('an expired lock frees the slot and is dropped by the next lock', () => {
  given(added, locked('t1', '09:00:00', '09:15:00'))
    .when(lock('t2', '09:00:00', '09:15:00', '16:00:01'))
    .then(locked('t2', '09:00:00', '09:15:00', ['t1'], '16:00:01'));
});
slots(
  'a duration the lane does not offer, a time off the grid, an unknown lane or a disabled date is unavailable',
  () => {
    given(added)
      .when(lock('t', '09:00:00', '09:20:00'))
      .thenRefused('SLOT_UNAVAILABLE');
    given(added)
      .when(lock('t', '09:05:00', '09:20:00'))
      .thenRefused('SLOT_UNAVAILABLE');
    given(added)
      .when({
        type: 'LockSlot',
        data: {
          ...at('15:00:00'),
          token: 't',
          laneId: 99,
          startTime: '09:00:00',
          endTime: '09:15:00',
          expiresAt: '2026-11-22T16:00:00.000Z',
          earliestTime: null,
        },
      })
      .thenRefused('SLOT_UNAVAILABLE');
    const disabled: CalendarDateEvent = {
      type: 'CalendarDateUpdated',
      data: { calendarId: 4, date: '2026-12-03', changes: { enabled: false }, at: now },
    };
    given(added, disabled)
      .when(lock('t', '09:00:00', '09:15:00'))
      .thenRefused('SLOT_UNAVAILABLE');
  },
);
slots('a slot that starts before the earliest time (a passed time of today, for the public) is unavailable', () => {
  given(added)
    .when(lock('t', '09:00:00', '09:15:00', '15:00:00', '09:00:01'))
    .thenRefused('SLOT_UNAVAILABLE');
  given(added)
    .when(lock('t', '09:15:00', '09:30:00', '15:00:00', '09:00:01'))
    .then(locked('t', '09:15:00', '09:30:00'));
});
slots('a lock is released once; releasing an unknown token records nothing', () => {
  given(added, locked('t1', '09:00:00', '09:15:00'))
    .when({ type: 'ReleaseLock', data: { ...on, token: 't1' } })
    .then({ type: 'SlotReleased', data: { calendarId: 4, date: '2026-12-03', token: 't1', at: now } });
  given(added)
    .when({ type: 'ReleaseLock', data: { ...on, token: 't1' } })
    .then();
});
slots('a booking under its own live lock takes the slot and uses the lock up', () => {
  given(added, locked('t1', '09:00:00', '09:30:00'))
    .when(book('t1'))
    .then(booked('t1', '09:00:00', '09:30:00'));
});
slots('a booked slot cannot be locked or booked again', () => {
  const history = [added, locked('t1', '09:00:00', '09:15:00'), booked('t1', '09:00:00', '09:15:00')];
  given(...history)
    .when(lock('t2', '09:00:00', '09:15:00', '15:40:00'))
    .thenRefused('SLOT_UNAVAILABLE');
  given(...history)
    .when(book('t1', '15:45:00', 71))
    .thenRefused('LOCK_NOT_FOUND');
});
slots('a lapsed lock still books while nobody has taken the slot', () => {
  given(added, locked('t1', '09:00:00', '09:15:00'))
    .when(book('t1', '16:30:00'))
    .then(booked('t1', '09:00:00', '09:15:00', '16:30:00'));
});
slots('a lapsed lock on a slot someone else has since locked is refused', () => {
  given(added, locked('t1', '09:00:00', '09:15:00'), locked('t2', '09:00:00', '09:15:00', ['t1'], '16:00:01'))
    .when(book('t1', '16:10:00'))
    .thenRefused('LOCK_NOT_FOUND');
  given(added, locked('t1', '09:00:00', '09:30:00'), locked('t2', '09:15:00', '09:30:00', [], '16:00:01'))
    .when(book('t1', '16:10:00'))
    .thenRefused('SLOT_UNAVAILABLE');
});
/** Issue 14: the §3 payload's lane, times and duration (seconds) come with the lock; they must be what it holds. */
const claiming = (claimed: ClaimedPlace, endTime?: string): CalendarDateCommand => ({
  type: 'BookAppointment',
  data: {
    ...at('15:30:00'),
    appointmentId: 70,
    lockToken: 't1',
    confirmationCode: 'ABCDEFGHJK',
    appointment,
    claimed,
    ...(endTime ? { endTime } : {}),
  },
});
slots('a booking naming the lock’s lane, start, end and duration books it; naming none of them too', () => {
  const held = [added, locked('t1', '09:00:00', '09:30:00')];
  given(...held)
    .when(claiming({ laneId: 31, startTime: '09:00:00', endTime: '09:30:00', duration: 1800 }))
    .then(booked('t1', '09:00:00', '09:30:00'));
  given(...held)
    .when(claiming({ duration: 1800 }))
    .then(booked('t1', '09:00:00', '09:30:00'));
  given(...held)
    .when(claiming({}))
    .then(booked('t1', '09:00:00', '09:30:00'));
});
slots('a booking naming another lane, start, end or duration than its lock holds is unavailable', () => {
  const held = [added, locked('t1', '09:00:00', '09:30:00')];
  for (const claimed of [
    { laneId: 32 },
    { startTime: '09:15:00' },
    { endTime: '09:15:00' },
    { duration: 900 },
    { startTime: '09:00:00', endTime: '09:30:00', duration: 60 },
  ]) {
    given(...held)
      .when(claiming(claimed))
      .thenRefused('SLOT_UNAVAILABLE');
  }
});
slots('staff choose the end: the claim is compared with the lock’s start and the end they book', () => {
  const held = [added, locked('t1', '09:00:00', '09:15:00')];
  given(...held)
    .when(claiming({ laneId: 31, startTime: '09:00:00', duration: 1800 }, '09:30:00'))
    .then(booked('t1', '09:00:00', '09:30:00'));
  given(...held)
    .when(claiming({ laneId: 31, startTime: '09:15:00' }, '09:30:00'))
    .thenRefused('SLOT_UNAVAILABLE');
});
slots('a date with appointments is never deleted, and keeps the lanes its appointments are on', () => {
  const history = [added, locked('t1', '09:00:00', '09:15:00'), booked('t1', '09:00:00', '09:15:00')];
  given(...history)
    .when({ type: 'DeleteCalendarDate', data: on })
    .thenRefused('DATE_HAS_APPOINTMENTS');
  given(...history)
    .when({ type: 'UpdateCalendarDate', data: { ...on, lanes: [{ ...lane, id: 32 }] } })
    .thenRefused('LANE_HAS_APPOINTMENTS');
});
slots('a move carries the locks and bookings to the new date', () => {
  const history = [
    added,
    locked('t1', '09:00:00', '09:15:00'),
    booked('t1', '09:00:00', '09:15:00'),
    locked('t2', '09:30:00', '09:45:00', [], '15:40:00'),
  ];
  const state = history.reduce(calendarDateDecider.evolve, calendarDateDecider.initialState);
  if (state.status !== 'active') throw new Error('expected an active date');
  const content = contentOf(state);
  given()
    .when({ type: 'ReceiveCalendarDate', data: { ...on, date: '2026-12-10', fromDate: '2026-12-03', content } })
    .then({
      type: 'CalendarDateMovedHere',
      data: { calendarId: 4, date: '2026-12-10', ...content, fromDate: '2026-12-03', at: now },
    });
  if (content.bookings.length !== 1 || content.locks.length !== 1)
    throw new Error(`unexpected content ${JSON.stringify(content)}`);
});
slots.run();

/** Issue 6: staff change, move and delete appointments on the date that holds them. */
const staff = suite('calendar dates decider: appointments staff change');
const history = [added, locked('t1', '09:00:00', '09:15:00'), booked('t1', '09:00:00', '09:15:00')];
const edited = appointmentDetails({ phone: '613-555-0199' });
const change = (
  changes: Partial<Extract<CalendarDateCommand, { type: 'ChangeAppointment' }>['data']> = {},
): CalendarDateCommand => ({
  type: 'ChangeAppointment',
  data: {
    ...on,
    appointmentId: 70,
    version: 1,
    appointment: edited,
    changes: ['phone'],
    lockToken: null,
    laneId: 31,
    startTime: '09:00:00',
    endTime: '09:15:00',
    ...changes,
  },
});
const changed = (
  data: Partial<Extract<CalendarDateEvent, { type: 'AppointmentChanged' }>['data']> = {},
): CalendarDateEvent => ({
  type: 'AppointmentChanged',
  data: {
    calendarId: 4,
    date: '2026-12-03',
    appointmentId: 70,
    laneId: 31,
    startTime: '09:00:00',
    endTime: '09:15:00',
    version: 2,
    appointment: edited,
    changes: ['phone'],
    lockToken: null,
    from: null,
    at: now,
    ...data,
  },
});
staff('an edit at the version loaded is recorded with the fields it changes and the next version', () => {
  given(...history)
    .when(change())
    .then(changed());
});
staff('an edit at an older version is a conflict', () => {
  given(...history, changed())
    .when(change())
    .thenRefused('VERSION_CONFLICT');
  given(...history, changed())
    .when(change({ version: 2, changes: ['email'] }))
    .then(changed({ version: 3, changes: ['email'] }));
});
staff('nothing changed, nothing recorded; an unknown appointment is refused', () => {
  given(...history)
    .when(change({ changes: [] }))
    .then();
  given(added).when(change()).thenRefused('APPOINTMENT_NOT_FOUND');
});
staff('a new place on the date must be free, apart from the appointment itself and its lock', () => {
  given(...history)
    .when(change({ startTime: '09:00:00', endTime: '09:30:00', changes: [] }))
    .then(
      changed({
        startTime: '09:00:00',
        endTime: '09:30:00',
        changes: ['time'],
        from: { laneId: 31, startTime: '09:00:00', endTime: '09:15:00' },
      }),
    );
  given(...history, locked('t2', '09:30:00', '09:45:00', [], '15:40:00'))
    .when(change({ startTime: '09:30:00', endTime: '09:45:00', changes: [] }))
    .thenRefused('SLOT_UNAVAILABLE');
  given(...history, locked('t2', '09:30:00', '09:45:00', [], '15:40:00'))
    .when(change({ startTime: '09:30:00', endTime: '09:45:00', changes: [], lockToken: 't2' }))
    .then(
      changed({
        startTime: '09:30:00',
        endTime: '09:45:00',
        changes: ['time'],
        lockToken: 't2',
        from: { laneId: 31, startTime: '09:00:00', endTime: '09:15:00' },
      }),
    );
});
staff('a past date keeps its appointments: no delete, no move, but its details can change', () => {
  const later = { window: dateWindow('2026-12-04') };
  given(...history)
    .when({ type: 'CancelAppointment', data: { ...on, ...later, appointmentId: 70 } })
    .thenRefused('DATE_IN_PAST');
  given(...history)
    .when(change({ ...later, startTime: '09:30:00', endTime: '09:45:00' }))
    .thenRefused('DATE_IN_PAST');
  given(...history)
    .when(change(later))
    .then(changed());
});
staff('a deleted appointment frees its slot', () => {
  const cancelled: CalendarDateEvent = {
    type: 'AppointmentCancelled',
    data: { calendarId: 4, date: '2026-12-03', appointmentId: 70, at: now },
  };
  given(...history)
    .when({ type: 'CancelAppointment', data: { ...on, appointmentId: 70 } })
    .then(cancelled);
  given(...history, cancelled)
    .when(lock('t3', '09:00:00', '09:15:00', '15:50:00'))
    .then(locked('t3', '09:00:00', '09:15:00', [], '15:50:00'));
});
staff('a move to another date: the source lets it go at the version loaded, the target takes it if free', () => {
  given(...history)
    .when({ type: 'MoveAppointmentAway', data: { ...on, appointmentId: 70, version: 2, toDate: '2026-12-10' } })
    .thenRefused('VERSION_CONFLICT');
  given(...history)
    .when({ type: 'MoveAppointmentAway', data: { ...on, appointmentId: 70, version: 1, toDate: '2026-12-10' } })
    .then({
      type: 'AppointmentMovedAway',
      data: { calendarId: 4, date: '2026-12-03', appointmentId: 70, toDate: '2026-12-10', at: now },
    });
  const receive = (startTime: string): CalendarDateCommand => ({
    type: 'ReceiveAppointment',
    data: {
      ...on,
      appointmentId: 71,
      version: 1,
      confirmationCode: 'ZZZZZZZZZZ',
      appointment: edited,
      changes: [],
      lockToken: null,
      fromDate: '2026-12-01',
      laneId: 31,
      startTime,
      endTime: '09:15:00',
    },
  });
  given(...history)
    .when(receive('09:00:00'))
    .thenRefused('SLOT_UNAVAILABLE');
  given(added)
    .when(receive('09:00:00'))
    .then({
      type: 'AppointmentMovedHere',
      data: {
        calendarId: 4,
        date: '2026-12-03',
        appointmentId: 71,
        laneId: 31,
        startTime: '09:00:00',
        endTime: '09:15:00',
        version: 2,
        confirmationCode: 'ZZZZZZZZZZ',
        appointment: edited,
        changes: ['date'],
        lockToken: null,
        fromDate: '2026-12-01',
        at: now,
      },
    });
});
staff(
  'Edit holds the appointment: one editor at a time, no time taken, released or lapsed it frees the appointment',
  () => {
    const hold = (token: string, time = '15:40:00'): CalendarDateCommand => ({
      type: 'LockSlot',
      data: {
        ...at(time),
        token,
        laneId: 31,
        startTime: '09:00:00',
        endTime: '09:15:00',
        expiresAt: hourAfter(time),
        earliestTime: null,
        appointmentId: 70,
      },
    });
    const held: CalendarDateEvent = {
      type: 'SlotLocked',
      data: {
        calendarId: 4,
        date: '2026-12-03',
        token: 'e1',
        laneId: 31,
        startTime: '09:00:00',
        endTime: '09:15:00',
        expiresAt: hourAfter('15:40:00'),
        appointmentId: 70,
        expiredTokens: [],
        at: `2026-11-22T15:40:00.000Z`,
      },
    };
    given(...history)
      .when(hold('e1'))
      .then(held);
    given(added).when(hold('e1')).thenRefused('APPOINTMENT_NOT_FOUND');
    given(...history, held)
      .when(hold('e2', '15:50:00'))
      .thenRefused('APPOINTMENT_BEING_EDITED');
    given(...history, held, { type: 'SlotReleased', data: { calendarId: 4, date: '2026-12-03', token: 'e1', at: now } })
      .when(hold('e2', '15:50:00'))
      .then({
        ...held,
        data: { ...held.data, token: 'e2', expiresAt: hourAfter('15:50:00'), at: '2026-11-22T15:50:00.000Z' },
      });
    given(...history, held)
      .when(change({ startTime: '09:00:00', endTime: '09:30:00', changes: [] }))
      .then(
        changed({
          startTime: '09:00:00',
          endTime: '09:30:00',
          changes: ['time'],
          from: { laneId: 31, startTime: '09:00:00', endTime: '09:15:00' },
        }),
      );
    given(...history, held)
      .when(lock('t9', '09:15:00', '09:30:00', '15:45:00'))
      .then(locked('t9', '09:15:00', '09:30:00', [], '15:45:00'));
  },
);
staff.run();
