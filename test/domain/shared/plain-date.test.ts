import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, addMonths, isPlainDate, todayIn } from '../../../domain/shared/plain-date';

const test = suite('plain dates and the unit time zone');

test('plain dates are checked and moved without time zones', () => {
  assert.ok(isPlainDate('2028-02-29'));
  assert.not.ok(isPlainDate('2027-02-29'));
  assert.is(addDays('2026-12-31', 1), '2027-01-01');
  assert.is(addMonths('2027-01-31', 1), '2027-02-28');
  assert.is(addMonths('2026-11-22', 12), '2027-11-22');
});

test('today is the unit’s date, not UTC’s', () => {
  // 02:30 UTC on the 23rd is still the evening of the 22nd in Toronto.
  assert.is(todayIn('America/Toronto', new Date('2026-11-23T02:30:00Z')), '2026-11-22');
  assert.is(todayIn('America/Toronto', new Date('2026-11-23T05:30:00Z')), '2026-11-23');
});

test.run();
