import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { selfServicePolicy, type GoverningSettings } from '../../../domain/self-service/policy';

/** Issue 20 item 4: until when, and whether at all, the public changes its own booking online. */
const startsAt = '2026-12-03T14:00:00.000Z';
const service = (changes: Partial<GoverningSettings> = {}): GoverningSettings => ({
  selfServiceEnabled: true,
  selfServiceCutoffHours: 24,
  offersCalendar: true,
  ...changes,
});
const policy = (now: string, changes: { groupSession?: boolean; service?: GoverningSettings | null } = {}) =>
  selfServicePolicy({ startsAt, now, groupSession: false, service: service(), ...changes });

const test = suite('self-service policy');
test('before the cut-off both are open, and the answer says until when', () => {
  assert.equal(policy('2026-12-02T13:59:59.000Z'), {
    canCancel: true,
    canReschedule: true,
    reason: null,
    cutoffHours: 24,
    cutoffAt: '2026-12-02T14:00:00.000Z',
  });
});
test('from the cut-off on, both are closed: CUTOFF_PASSED', () => {
  for (const now of ['2026-12-02T14:00:00.000Z', '2026-12-03T15:00:00.000Z'])
    assert.equal(policy(now), {
      canCancel: false,
      canReschedule: false,
      reason: 'CUTOFF_PASSED',
      cutoffHours: 24,
      cutoffAt: '2026-12-02T14:00:00.000Z',
    });
});
test('the service sets the cut-off; 0 hours is until the start', () => {
  const zero = { service: service({ selfServiceCutoffHours: 0 }) };
  assert.equal(
    [policy('2026-12-03T13:59:00.000Z', zero).canCancel, policy('2026-12-03T13:59:00.000Z', zero).cutoffAt],
    [true, startsAt],
  );
  assert.is(policy('2026-12-03T14:00:00.000Z', zero).reason, 'CUTOFF_PASSED');
  const week = policy('2026-11-27T00:00:00.000Z', { service: service({ selfServiceCutoffHours: 168 }) });
  assert.equal([week.canCancel, week.reason, week.cutoffHours], [false, 'CUTOFF_PASSED', 168]);
});
test('self-service switched off, or no public service governing: SELF_SERVICE_OFF, at any time', () => {
  const off = policy('2026-11-22T00:00:00.000Z', { service: service({ selfServiceEnabled: false }) });
  assert.equal([off.canCancel, off.canReschedule, off.reason], [false, false, 'SELF_SERVICE_OFF']);
  const none = policy('2026-11-22T00:00:00.000Z', { service: null });
  assert.equal(
    [none.canCancel, none.canReschedule, none.reason, none.cutoffHours],
    [false, false, 'SELF_SERVICE_OFF', 24],
  );
});
test('a course is cancelled online but not rescheduled: GROUP_SESSION, only while cancel is open', () => {
  const open = policy('2026-11-22T00:00:00.000Z', { groupSession: true });
  assert.equal([open.canCancel, open.canReschedule, open.reason], [true, false, 'GROUP_SESSION']);
  const late = policy('2026-12-03T00:00:00.000Z', { groupSession: true });
  assert.equal([late.canCancel, late.canReschedule, late.reason], [false, false, 'CUTOFF_PASSED']);
});
test('a service that no longer offers the calendar lets it be cancelled, not moved', () => {
  const moved = policy('2026-11-22T00:00:00.000Z', { service: service({ offersCalendar: false }) });
  assert.equal([moved.canCancel, moved.canReschedule, moved.reason], [true, false, 'SELF_SERVICE_OFF']);
});
test.run();
