import { suite } from 'uvu';
import { defaultCalendarSettings } from '../../../domain/calendars/calendar';
import { calendarDecider } from '../../../domain/calendars/decider';
import type { CalendarEvent } from '../../../domain/calendars/events';
import { scenario } from '../../support/given-when-then';

const now = '2026-11-22T15:00:00.000Z';
const settings = { ...defaultCalendarSettings, name: 'Cornwall Immunization Clinic' };
const created: CalendarEvent = { type: 'CalendarCreated', data: { calendarId: 7, settings, at: now } };
const { given } = scenario(calendarDecider);

const absent = suite('calendars decider: no calendar yet');
absent('CreateCalendar records the calendar with its settings', () => {
  given().when({ type: 'CreateCalendar', data: { calendarId: 7, settings, now } }).then(created);
});
absent('a calendar without a name is refused', () => {
  given().when({ type: 'CreateCalendar', data: { calendarId: 7, settings: { ...settings, name: '  ' }, now } }).thenRefused('VALIDATION_FAILED');
});
absent('a lock time under 300 seconds is refused', () => {
  given().when({ type: 'CreateCalendar', data: { calendarId: 7, settings: { ...settings, lockTime: 299 }, now } }).thenRefused('VALIDATION_FAILED');
});
absent('a group session without spots is refused', () => {
  given().when({ type: 'CreateCalendar', data: { calendarId: 7, settings: { ...settings, groupSession: true, spots: 0 }, now } }).thenRefused('VALIDATION_FAILED');
});
absent.run();

const active = suite('calendars decider: existing calendar');
active('creating it again is refused', () => {
  given(created).when({ type: 'CreateCalendar', data: { calendarId: 7, settings, now } }).thenRefused('CALENDAR_ALREADY_EXISTS');
});
active.run();
