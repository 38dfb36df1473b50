import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { defaultLane, laneProblem, laneSlotTimes, normaliseLane } from '../../../domain/calendars/lane';
import { toTimeOfDay } from '../../../domain/calendars/time-of-day';

const test = suite('calendars: lane rules (§5 Lane)');

test('the default lane is Staff 1, 08:45 to 15:00, 15-minute slots and duration (§3, §9)', () => {
  const lane = defaultLane();
  assert.equal([lane.name, lane.startTime, lane.endTime, lane.slotInterval], ['Staff 1', '08:45:00', '15:00:00', 900]);
  assert.equal(lane.durations, [{ value: 900, label: '15 min', isDefault: true }]);
  assert.is(laneSlotTimes(lane).length, 25);
  assert.is(toTimeOfDay(laneSlotTimes(lane).at(-1)!), '14:45:00');
});

test('break and bookable slots outside the lane are dropped, breaks leave the bookable choices', () => {
  const lane = normaliseLane({
    ...defaultLane(),
    breakSlots: ['12:00:00', '07:00:00', '15:00:00'],
    bookableSlots: ['09:00:00', '12:00:00', '16:00:00', '09:00:00'],
  });
  assert.equal(lane.breakSlots, ['12:00:00']);
  assert.equal(lane.bookableSlots, ['09:00:00']);
});

test('a slot time not on the lane grid is dropped', () => {
  assert.equal(normaliseLane({ ...defaultLane(), breakSlots: ['09:05:00'] }).breakSlots, []);
});

test('the default duration is one of the enabled durations, the first if none is chosen', () => {
  const none = normaliseLane({
    ...defaultLane(),
    durations: [
      { value: 1800, label: '', isDefault: false },
      { value: 900, label: '', isDefault: false },
    ],
  });
  assert.equal(none.durations, [
    { value: 900, label: '15 min', isDefault: true },
    { value: 1800, label: '30 min', isDefault: false },
  ]);
  const chosen = normaliseLane({
    ...defaultLane(),
    durations: [
      { value: 900, label: '', isDefault: false },
      { value: 1800, label: '', isDefault: true },
    ],
  });
  assert.equal(chosen.durations.find((duration) => duration.isDefault)?.value, 1800);
});

test('at least one lane; start before end; a slot interval and durations from the lists', () => {
  assert.is(laneProblem([])?.code, 'LANES_REQUIRED');
  assert.is(laneProblem([{ ...defaultLane(), startTime: '16:00:00' }])?.details.field, 'lanes.0.endTime');
  assert.is(
    laneProblem([defaultLane(), { ...defaultLane(), slotInterval: 1000 }])?.details.field,
    'lanes.1.slotInterval',
  );
  assert.is(laneProblem([defaultLane()]), null);
});

test.run();
