import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  comparisonOf,
  momentOf,
  requestOf,
  wallClockOf,
} from '../../web/src/features/audit-records/auditRecordsParams';

const test = suite('web/audit-records: the record and moment in the address and the form');

test('the address names a record by kind and id, with a moment when it gives a valid one', () => {
  assert.equal(requestOf(new URLSearchParams('kind=appointment&id=7&at=2026-11-24T14:05:00.123Z')), {
    kind: 'appointment',
    id: '7',
    at: '2026-11-24T14:05:00.123Z',
  });
  assert.equal(requestOf(new URLSearchParams('kind=calendarDate&id=12:2026-11-25&at=soon')), {
    kind: 'calendarDate',
    id: '12:2026-11-25',
  });
  assert.is(requestOf(new URLSearchParams('kind=invoice&id=7')), null);
  assert.is(requestOf(new URLSearchParams('kind=user')), null);
  assert.equal(comparisonOf(new URLSearchParams('from=1&to=3')), { from: 1, to: 3 });
  assert.is(comparisonOf(new URLSearchParams('from=0&to=3')), null);
});

test("a moment shows as the unit's date and time to the second, and the form's moment ends with its second", () => {
  // Toronto is UTC-5 in November
  assert.equal(wallClockOf('2026-11-24T14:05:07.123Z'), { date: '2026-11-24', time: '09:05:07' });
  assert.equal(wallClockOf(undefined), { date: '', time: '' });
  assert.is(momentOf('2026-11-24', '09:05:07'), '2026-11-24T14:05:07.999Z');
  assert.is(momentOf('2026-11-24', '09:05'), '2026-11-24T14:05:59.999Z', 'a time without seconds: its whole minute');
  assert.is(momentOf('2026-11-24', ''), '2026-11-25T04:59:59.999Z', 'a date alone: the whole day');
  assert.is(momentOf('', '09:05'), undefined, 'no date: now');
});

test.run();
