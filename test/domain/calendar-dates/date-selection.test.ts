import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { selectDates, WEEKDAYS_DEFAULT } from '../../../domain/calendar-dates/date-selection';

const test = suite('calendar dates: selection by start, end, interval and weekdays (§4.3)');

test('daily with the default weekdays gives Monday to Friday', () => {
  assert.equal(selectDates({ start: '2026-11-23', end: '2026-12-01', interval: 'daily', weekdays: WEEKDAYS_DEFAULT }), [
    '2026-11-23',
    '2026-11-24',
    '2026-11-25',
    '2026-11-26',
    '2026-11-27',
    '2026-11-30',
    '2026-12-01',
  ]);
});

test('weekly on Tuesdays, biweekly from the start week', () => {
  assert.equal(selectDates({ start: '2026-11-23', end: '2026-12-15', interval: 'weekly', weekdays: [2] }), [
    '2026-11-24',
    '2026-12-01',
    '2026-12-08',
    '2026-12-15',
  ]);
  assert.equal(selectDates({ start: '2026-11-23', end: '2026-12-15', interval: 'biweekly', weekdays: [2] }), [
    '2026-11-24',
    '2026-12-08',
  ]);
});

test('monthly keeps the week of the month of the start: the first Tuesday of each month', () => {
  assert.equal(selectDates({ start: '2026-12-01', end: '2027-03-31', interval: 'monthly', weekdays: [2] }), [
    '2026-12-01',
    '2027-01-05',
    '2027-02-02',
    '2027-03-02',
  ]);
});

test('an end before the start selects nothing (§5)', () => {
  assert.equal(
    selectDates({ start: '2026-12-10', end: '2026-12-01', interval: 'daily', weekdays: WEEKDAYS_DEFAULT }),
    [],
  );
});

test.run();
