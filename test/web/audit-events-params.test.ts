import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { filterQueryString } from '../../web/src/features/audit-events/auditEventsApi';
import {
  instantFrom,
  requestFrom,
  wallClockOf,
  wallClockOfTo,
} from '../../web/src/features/audit-events/auditEventsParams';

/** The event log's address and its wall-clock moments (America/Toronto, the default unit time zone). */
const test = suite('web/audit-events');

test('from starts at its minute or day; to takes its whole minute or day (the API excludes it)', () => {
  assert.is(instantFrom('2026-11-24', '14:30', 'from'), '2026-11-24T19:30:00.000Z');
  assert.is(instantFrom('2026-11-24', '', 'from'), '2026-11-24T05:00:00.000Z');
  assert.is(instantFrom('2026-11-24', '14:30', 'to'), '2026-11-24T19:31:00.000Z');
  assert.is(instantFrom('2026-11-24', '', 'to'), '2026-11-25T05:00:00.000Z');
  assert.is(instantFrom('2026-07-01', '09:00', 'from'), '2026-07-01T13:00:00.000Z', 'summer time');
  assert.is(instantFrom('', '10:00', 'from'), '');
});

test('the address shows the moments chosen again', () => {
  assert.equal(wallClockOf('2026-11-24T19:30:00.000Z'), { date: '2026-11-24', time: '14:30' });
  assert.equal(wallClockOfTo('2026-11-24T19:31:00.000Z'), { date: '2026-11-24', time: '14:30' });
  assert.equal(wallClockOfTo('2026-11-25T05:00:00.000Z'), { date: '2026-11-24', time: '' });
  assert.equal(wallClockOf(''), { date: '', time: '' });
  assert.equal(wallClockOf('not a time'), { date: '', time: '' });
});

test('the request from the address: one cursor, a user id only with a staff actor', () => {
  const request = requestFrom(
    new URLSearchParams('type=CategoryCreated&actorKind=user&actorUserId=7&after=5&before=9'),
  );
  assert.equal(request, {
    streamCategory: '',
    streamId: '',
    type: 'CategoryCreated',
    actorKind: 'user',
    actorUserId: '7',
    from: '',
    to: '',
    after: 5,
  });
  const publicOnes = requestFrom(new URLSearchParams('actorKind=public&actorUserId=7&before=x'));
  assert.is(publicOnes.actorUserId, '');
  assert.is(publicOnes.before, undefined);
  assert.is(requestFrom(new URLSearchParams('actorKind=robot')).actorKind, '');
  assert.is(
    filterQueryString({ ...request, streamId: ' user-7 ' }).toString(),
    'streamId=user-7&type=CategoryCreated&actorKind=user&actorUserId=7',
  );
});

test.run();
