import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { reminderDueAt, reminderOffsets } from '../../../domain/messages/reminder-schedule';

const test = suite('messages: when reminders are due');
const toronto = 'America/Toronto';
const due = (date: string, offset: number, time: string) => reminderDueAt(date, offset, time, toronto).toISOString();

test('a reminder is due at the send time of the unit’s wall clock, offset days before the date', () => {
  assert.is(due('2026-12-10', 2, '09:00'), '2026-12-08T14:00:00.000Z');
  assert.is(due('2026-07-10', 7, '09:00'), '2026-07-03T13:00:00.000Z');
  assert.is(due('2026-12-10', 0, '17:45'), '2026-12-10T22:45:00.000Z');
  assert.is(due('2027-01-02', 3, '09:00'), '2026-12-30T14:00:00.000Z', 'across a year end');
  assert.is(reminderDueAt('2026-12-10', 1, '09:00', 'America/Vancouver').toISOString(), '2026-12-09T17:00:00.000Z');
});

test('on the day clocks go forward (2026-03-08) the send time keeps the new offset', () => {
  assert.is(due('2026-03-09', 1, '09:00'), '2026-03-08T13:00:00.000Z');
  assert.is(due('2026-03-10', 2, '01:30'), '2026-03-08T06:30:00.000Z', 'before the change: standard time');
  // 02:30 does not exist that night: the reminder goes at 03:30 daylight time, the instant 02:30 standard would be.
  assert.is(due('2026-03-10', 2, '02:30'), '2026-03-08T07:30:00.000Z');
  assert.is(due('2026-03-08', 0, '03:00'), '2026-03-08T07:00:00.000Z');
  assert.is(due('2026-03-07', 0, '09:00'), '2026-03-07T14:00:00.000Z', 'the day before: standard time');
});

test('on the day clocks go back (2026-11-01) an ambiguous send time goes at its first occurrence', () => {
  assert.is(due('2026-11-02', 1, '09:00'), '2026-11-01T14:00:00.000Z');
  assert.is(due('2026-11-01', 0, '01:30'), '2026-11-01T05:30:00.000Z', 'the first 01:30, still daylight time');
  assert.is(due('2026-11-01', 0, '00:30'), '2026-11-01T04:30:00.000Z');
  assert.is(due('2026-11-01', 0, '02:00'), '2026-11-01T07:00:00.000Z');
  assert.is(due('2026-10-31', 0, '09:00'), '2026-10-31T13:00:00.000Z', 'the day before: daylight time');
});

test('a calendar’s offsets are its threshold and extra days, each once, at most three', () => {
  assert.equal(reminderOffsets({ reminderThreshold: 2, extraReminderDays: [] }), [2]);
  assert.equal(reminderOffsets({ reminderThreshold: 1, extraReminderDays: [7, 14] }), [1, 7, 14]);
  assert.equal(reminderOffsets({ reminderThreshold: 1, extraReminderDays: [1, 7] }), [1, 7]);
  assert.equal(reminderOffsets({ reminderThreshold: 1, extraReminderDays: [7, 14, 21] }), [1, 7, 14]);
  assert.equal(reminderOffsets({ reminderThreshold: null, extraReminderDays: [3] }), [3]);
  assert.equal(reminderOffsets({ reminderThreshold: null, extraReminderDays: [] }), []);
  assert.equal(reminderOffsets({ reminderThreshold: 0, extraReminderDays: [-1, 1.5] }), [0]);
});

test.run();
