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
