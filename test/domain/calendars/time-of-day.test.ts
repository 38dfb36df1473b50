import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { TIME_OF_DAY, toSeconds, toTimeOfDay } from '../../../domain/calendars/time-of-day';

const test = suite('calendars: times of day HH:MM:SS');

test('every time of a day reads as its seconds after midnight, and back', () => {
  for (let seconds = 0; seconds < 24 * 3600; seconds++) {
    const time = toTimeOfDay(seconds);
    assert.ok(TIME_OF_DAY.test(time), time);
    assert.is(toSeconds(time), seconds, time);
  }
});

test('a time read again (each is made once, then kept) is the same text', () => {
  for (let seconds = 0; seconds < 24 * 3600; seconds += 7) {
    toTimeOfDay(seconds);
    assert.is(toSeconds(toTimeOfDay(seconds)), seconds);
  }
  assert.is(toTimeOfDay(9.5 * 3600), '09:30:00');
  assert.is(toTimeOfDay(9.5 * 3600), '09:30:00');
  // Not a second of the day: made each time, never kept
  assert.is(toTimeOfDay(24 * 3600 + 900), '24:15:00');
  assert.is(toTimeOfDay(24 * 3600 + 900), '24:15:00');
});

test('what is not a time of day HH:MM:SS is refused, as the API schema refuses it', () => {
  const refused = [
    '',
    '9:00:00',
    '09:00',
    '09:00:00 ',
    ' 09:00:00',
    '24:00:00',
    '29:00:00',
    '09:60:00',
    '09:00:60',
    '0a:00:00',
    '09-00-00',
    '09:0/:00',
    '09:00:0:',
    '\u0669\u0669:00:00',
    '09:00:00.5',
  ];
  for (const time of refused) {
    assert.not.ok(TIME_OF_DAY.test(time), `the schema accepts ${time}`);
    assert.throws(() => toSeconds(time), RangeError, JSON.stringify(time));
  }
});

test.run();
