import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { DateLane } from '../../../domain/calendar-dates/calendar-date';
import { laneTimeslots } from '../../../domain/calendar-dates/timeslots';
import { defaultLane } from '../../../domain/calendars/lane';
import { instantOf } from '../../../domain/shared/plain-date';

const test = suite('calendar dates: timeslots of a lane (§3, §5 Lane)');
const minutes = (...values: number[]) => values.map((value) => ({ value: value * 60, label: `${value} min`, isDefault: value === values[0] }));
const lane: DateLane = { ...defaultLane(), id: 1, startTime: '09:00:00', endTime: '10:00:00', durations: minutes(15, 30, 60), slotInterval: 900 };

test('slots run from the start, every interval, while they start before the end', () => {
  assert.equal(laneTimeslots(lane).map((slot) => slot.time), ['09:00:00', '09:15:00', '09:30:00', '09:45:00']);
});

test('a slot offers a duration only when the lane is free for all of it', () => {
  assert.equal(laneTimeslots(lane).map((slot) => slot.availableDurations), [[900, 1800, 3600], [900, 1800], [900, 1800], [900]]);
});

test('a break is labelled, never bookable, and shortens the durations before it', () => {
  const slots = laneTimeslots({ ...lane, breakSlots: ['09:30:00'] });
  assert.equal(slots.map((slot) => [slot.label, slot.isBookable]), [['Available', true], ['Available', true], ['Break', false], ['Available', true]]);
  assert.equal(slots[0]!.availableDurations, [900, 1800]);
  assert.equal(slots[1]!.availableDurations, [900]);
});

test('with bookable slots listed, only those can be booked', () => {
  const slots = laneTimeslots({ ...lane, bookableSlots: ['09:00:00', '09:45:00'] });
  assert.equal(slots.map((slot) => slot.isBookable), [true, false, false, true]);
  assert.equal(slots[1]!.label, 'Unavailable');
});

test('an appointment or a lock takes its slots and blocks the durations that would meet it', () => {
  const slots = laneTimeslots(lane, [
    { kind: 'appointment', startTime: '09:15:00', endTime: '09:45:00', appointmentId: 5, clients: [{ name: 'A. B.', dateOfBirth: null, attendance: null, room: null }], phone: '613-555-0100' },
    { kind: 'lock', startTime: '09:45:00', endTime: '10:00:00', token: 'tok' },
  ]);
  assert.equal(slots.map((slot) => slot.label), ['Available', 'Booked', 'Booked', 'Locked']);
  assert.equal(slots[0]!.availableDurations, [900]);
  assert.is(slots[1]!.appointmentId, 5);
  assert.is(slots[1]!.phone, '613-555-0100');
  assert.is(slots[3]!.token, 'tok');
});

test('every timeslot carries the fields of §3', () => {
  assert.equal(Object.keys(laneTimeslots(lane)[0]!).sort(), ['appointmentId', 'availableDurations', 'clients', 'history', 'isBookable', 'label', 'phone', 'time', 'token']);
});

test('on the days the clocks change the lane keeps its wall-clock times (DST)', () => {
  const clinic: DateLane = { ...defaultLane(), id: 2 };
  const times = laneTimeslots(clinic).map((slot) => slot.time);
  assert.is(times[0], '08:45:00');
  assert.is(times.at(-1), '14:45:00');
  // 2026-03-08 (spring forward) and 2026-11-01 (fall back) in Toronto: 08:45 is 08:45 on the wall, at a different UTC offset.
  assert.is(instantOf('2026-03-07', '08:45:00', 'America/Toronto').toISOString(), '2026-03-07T13:45:00.000Z');
  assert.is(instantOf('2026-03-08', '08:45:00', 'America/Toronto').toISOString(), '2026-03-08T12:45:00.000Z');
  assert.is(instantOf('2026-11-01', '08:45:00', 'America/Toronto').toISOString(), '2026-11-01T13:45:00.000Z');
  assert.is(instantOf('2026-10-31', '14:45:00', 'America/Toronto').toISOString(), '2026-10-31T18:45:00.000Z');
  // The skipped hour maps forward; the repeated one to its first occurrence.
  assert.is(instantOf('2026-03-08', '02:30:00', 'America/Toronto').toISOString(), '2026-03-08T07:30:00.000Z');
  assert.is(instantOf('2026-11-01', '01:30:00', 'America/Toronto').toISOString(), '2026-11-01T05:30:00.000Z');
});

test.run();
