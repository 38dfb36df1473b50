import { suite } from 'uvu';
import { dateWindow, type DateLane } from '../../../domain/calendar-dates/calendar-date';
import type { CalendarDateCommand } from '../../../domain/calendar-dates/commands';
import { calendarDateDecider } from '../../../domain/calendar-dates/decider';
import type { CalendarDateEvent } from '../../../domain/calendar-dates/events';
import { defaultLane } from '../../../domain/calendars/lane';
import { scenario } from '../../support/given-when-then';

const now = '2026-11-22T15:00:00.000Z';
const window = dateWindow('2026-11-22');
const lane: DateLane = { ...defaultLane(), id: 31 };
const on = { calendarId: 4, date: '2026-12-03', window, now };
const { given } = scenario(calendarDateDecider);

const added: CalendarDateEvent = {
  type: 'CalendarDateAdded',
  data: { calendarId: 4, date: '2026-12-03', calendarDateId: 9, enabled: true, lanes: [lane], seriesId: null, copiedFrom: null, at: now },
};
const add = (changes: Partial<Extract<CalendarDateCommand, { type: 'AddCalendarDate' }>['data']> = {}): CalendarDateCommand => ({
  type: 'AddCalendarDate',
  data: { ...on, calendarDateId: 9, enabled: true, lanes: [lane], seriesId: null, copiedFrom: null, ...changes },
});

const absent = suite('calendar dates decider: no date yet');
absent('AddCalendarDate records the date with its lanes', () => {
  given().when(add()).then(added);
});
absent('today is open; yesterday is in the past (§5)', () => {
  given().when(add({ date: '2026-11-22' })).then({ ...added, data: { ...added.data, date: '2026-11-22' } });
  given().when(add({ date: '2026-11-21' })).thenRefused('DATE_IN_PAST');
});
absent('at most one year ahead (§5)', () => {
  given().when(add({ date: '2027-11-22' })).then({ ...added, data: { ...added.data, date: '2027-11-22' } });
  given().when(add({ date: '2027-11-23' })).thenRefused('DATE_TOO_FAR');
});
absent('a date without lanes is refused with the message of §8', () => {
  given().when(add({ lanes: [] })).thenRefused('LANES_REQUIRED');
});
absent('a lane ending before it starts is refused', () => {
  given().when(add({ lanes: [{ ...lane, startTime: '10:00:00', endTime: '09:00:00' }] })).thenRefused('VALIDATION_FAILED');
});
absent('updating, deleting or moving a date that does not exist is refused', () => {
  given().when({ type: 'UpdateCalendarDate', data: { ...on, enabled: false } }).thenRefused('CALENDAR_DATE_NOT_FOUND');
  given().when({ type: 'DeleteCalendarDate', data: on }).thenRefused('CALENDAR_DATE_NOT_FOUND');
  given().when({ type: 'MoveCalendarDateAway', data: { ...on, toDate: '2026-12-04' } }).thenRefused('CALENDAR_DATE_NOT_FOUND');
});
absent('a moved date arrives with its whole content', () => {
  const content = { calendarDateId: 9, enabled: false, lanes: [lane], seriesId: 2 };
  given()
    .when({ type: 'ReceiveCalendarDate', data: { ...on, fromDate: '2026-12-01', content } })
    .then({ type: 'CalendarDateMovedHere', data: { calendarId: 4, date: '2026-12-03', ...content, fromDate: '2026-12-01', at: now } });
});
absent.run();

const active = suite('calendar dates decider: existing date');
active('adding it again is refused', () => {
  given(added).when(add()).thenRefused('CALENDAR_DATE_EXISTS');
});
active('a date cannot be moved onto an existing one', () => {
  given(added).when({ type: 'ReceiveCalendarDate', data: { ...on, fromDate: '2026-12-01', content: { calendarDateId: 8, enabled: true, lanes: [lane], seriesId: null } } }).thenRefused('CALENDAR_DATE_EXISTS');
});
active('UpdateCalendarDate records the flag and the lanes that changed', () => {
  given(added).when({ type: 'UpdateCalendarDate', data: { ...on, enabled: false } }).then({ type: 'CalendarDateUpdated', data: { calendarId: 4, date: '2026-12-03', changes: { enabled: false }, at: now } });
  const lanes = [lane, { ...lane, id: 32, name: 'Staff 2' }];
  given(added).when({ type: 'UpdateCalendarDate', data: { ...on, lanes } }).then({ type: 'CalendarDateUpdated', data: { calendarId: 4, date: '2026-12-03', changes: { lanes }, at: now } });
});
active('an update that changes nothing records nothing', () => {
  given(added).when({ type: 'UpdateCalendarDate', data: { ...on, enabled: true, lanes: [lane] } }).then();
});
active('a date keeps at least one lane', () => {
  given(added).when({ type: 'UpdateCalendarDate', data: { ...on, lanes: [] } }).thenRefused('LANES_REQUIRED');
});
active('DeleteCalendarDate removes it; it can be added again', () => {
  const deleted: CalendarDateEvent = { type: 'CalendarDateDeleted', data: { calendarId: 4, date: '2026-12-03', calendarDateId: 9, at: now } };
  given(added).when({ type: 'DeleteCalendarDate', data: on }).then(deleted);
  given(added, deleted).when(add({ calendarDateId: 10 })).then({ ...added, data: { ...added.data, calendarDateId: 10 } });
});
active('a past date can be neither changed nor deleted nor moved', () => {
  const later = { ...on, window: dateWindow('2026-12-04') };
  given(added).when({ type: 'UpdateCalendarDate', data: { ...later, enabled: false } }).thenRefused('DATE_IN_PAST');
  given(added).when({ type: 'DeleteCalendarDate', data: later }).thenRefused('DATE_IN_PAST');
  given(added).when({ type: 'MoveCalendarDateAway', data: { ...later, toDate: '2026-12-10' } }).thenRefused('DATE_IN_PAST');
});
active('a move goes to a date inside the window, never onto itself', () => {
  given(added).when({ type: 'MoveCalendarDateAway', data: { ...on, toDate: '2026-12-10' } }).then({ type: 'CalendarDateMovedAway', data: { calendarId: 4, date: '2026-12-03', calendarDateId: 9, toDate: '2026-12-10', at: now } });
  given(added).when({ type: 'MoveCalendarDateAway', data: { ...on, toDate: '2026-11-20' } }).thenRefused('DATE_IN_PAST');
  given(added).when({ type: 'MoveCalendarDateAway', data: { ...on, toDate: '2026-12-03' } }).thenRefused('VALIDATION_FAILED');
});
active.run();
