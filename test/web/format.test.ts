import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { formatDate, formatDateTime, formatTime } from '../../web/src/i18n/format';

const test = suite('web/i18n/format');

test('English times are 12-hour with a.m. and p.m.', () => {
  assert.is(formatTime('en', '14:30:00'), '2:30\u00a0p.m.');
  assert.is(formatTime('en', '09:00:00'), '9:00\u00a0a.m.');
  assert.is(formatTime('en', '08:45'), '8:45\u00a0a.m.');
  assert.is(formatTime('en', '00:05:00'), '12:05\u00a0a.m.');
  assert.is(formatTime('en', '12:00:00'), '12:00\u00a0p.m.');
  assert.is(formatTime('en', '23:59:59'), '11:59\u00a0p.m.');
});

test('French times are 24-hour with "h", and "9 h" on the hour', () => {
  assert.is(formatTime('fr', '14:30:00'), '14\u00a0h\u00a030');
  assert.is(formatTime('fr', '09:00:00'), '9\u00a0h');
  assert.is(formatTime('fr', '09:05:00'), '9\u00a0h\u00a005');
  assert.is(formatTime('fr', '00:00:00'), '0\u00a0h');
  assert.is(formatTime('fr', '15:00'), '15\u00a0h');
});

test('an instant is shown on the wall clock of the health unit (America/Toronto), across a clock change', () => {
  assert.is(formatTime('en', new Date('2026-12-03T19:30:00Z')), '2:30\u00a0p.m.'); // EST, UTC-5
  assert.is(formatTime('fr', new Date('2026-07-01T13:00:00Z')), '9\u00a0h'); // EDT, UTC-4
  assert.is(formatTime('en', new Date('2026-03-08T06:59:00Z')), '1:59\u00a0a.m.');
  assert.is(formatTime('en', new Date('2026-03-08T07:00:00Z')), '3:00\u00a0a.m.');
  assert.is(formatTime('en', new Date('2026-12-03T19:30:00Z'), 'UTC'), '7:30\u00a0p.m.');
});

test('dates are long form per language and a plain date never shifts', () => {
  assert.is(formatDate('en', '2026-12-03'), 'Thursday, December 3, 2026');
  assert.is(formatDate('fr', '2026-12-03'), 'jeudi 3 décembre 2026');
  assert.is(formatDate('fr', '2026-03-01'), 'dimanche 1er mars 2026');
  assert.is(formatDate('en', '2026-01-01'), 'Thursday, January 1, 2026');
  // 02:00 UTC on Dec 4 is still Dec 3 in Toronto.
  assert.is(formatDate('en', new Date('2026-12-04T02:00:00Z')), 'Thursday, December 3, 2026');
});

test('date and time together', () => {
  const instant = new Date('2026-12-03T19:30:00Z');
  assert.is(formatDateTime('en', instant), 'Thursday, December 3, 2026 at 2:30\u00a0p.m.');
  assert.is(formatDateTime('fr', instant), 'jeudi 3 décembre 2026 à 14\u00a0h\u00a030');
});

test('malformed values are refused, not misread', () => {
  assert.throws(() => formatTime('en', '25:00:00'), RangeError);
  assert.throws(() => formatTime('fr', '2:30 pm'), RangeError);
  assert.throws(() => formatDate('en', '2026-02-30'), RangeError);
  assert.throws(() => formatDate('fr', '03/12/2026'), RangeError);
});

test.run();
