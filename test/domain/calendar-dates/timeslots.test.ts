import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { DateLane } from '../../../domain/calendar-dates/calendar-date';
import { laneTimeslots, type Occupation, type Timeslot } from '../../../domain/calendar-dates/timeslots';
import { defaultLane, laneSlotTimes } from '../../../domain/calendars/lane';
import { toSeconds, toTimeOfDay } from '../../../domain/calendars/time-of-day';
import { instantOf } from '../../../domain/shared/plain-date';
import { seededRandom } from '../../support/seeded-random';

const test = suite('calendar dates: timeslots of a lane (§3, §5 Lane)');
const minutes = (...values: number[]) =>
  values.map((value) => ({ value: value * 60, label: `${value} min`, isDefault: value === values[0] }));
const lane: DateLane = {
  ...defaultLane(),
  id: 1,
  startTime: '09:00:00',
  endTime: '10:00:00',
  durations: minutes(15, 30, 60),
  slotInterval: 900,
};

test('slots run from the start, every interval, while they start before the end', () => {
  assert.equal(
    laneTimeslots(lane).map((slot) => slot.time),
    ['09:00:00', '09:15:00', '09:30:00', '09:45:00'],
  );
});

test('a slot offers a duration only when the lane is free for all of it', () => {
  assert.equal(
    laneTimeslots(lane).map((slot) => slot.availableDurations),
    [[900, 1800, 3600], [900, 1800], [900, 1800], [900]],
  );
});

test('a break is labelled, never bookable, and shortens the durations before it', () => {
  const slots = laneTimeslots({ ...lane, breakSlots: ['09:30:00'] });
  assert.equal(
    slots.map((slot) => [slot.label, slot.isBookable]),
    [
      ['Available', true],
      ['Available', true],
      ['Break', false],
      ['Available', true],
    ],
  );
  assert.equal(slots[0]!.availableDurations, [900, 1800]);
  assert.equal(slots[1]!.availableDurations, [900]);
});

test('with bookable slots listed, only those can be booked', () => {
  const slots = laneTimeslots({ ...lane, bookableSlots: ['09:00:00', '09:45:00'] });
  assert.equal(
    slots.map((slot) => slot.isBookable),
    [true, false, false, true],
  );
  assert.equal(slots[1]!.label, 'Unavailable');
});

test('an appointment or a lock takes its slots and blocks the durations that would meet it', () => {
  const slots = laneTimeslots(lane, [
    {
      kind: 'appointment',
      startTime: '09:15:00',
      endTime: '09:45:00',
      appointmentId: 5,
      clients: [{ name: 'A. B.', dateOfBirth: null, attendance: null, room: null }],
      phone: '613-555-0100',
    },
    { kind: 'lock', startTime: '09:45:00', endTime: '10:00:00', token: 'tok' },
  ]);
  assert.equal(
    slots.map((slot) => slot.label),
    ['Available', 'Booked', 'Booked', 'Locked'],
  );
  assert.equal(slots[0]!.availableDurations, [900]);
  assert.is(slots[1]!.appointmentId, 5);
  assert.is(slots[1]!.phone, '613-555-0100');
  assert.is(slots[3]!.token, 'tok');
});

test('every timeslot carries the fields of §3', () => {
  assert.equal(Object.keys(laneTimeslots(lane)[0]!).sort(), [
    'appointmentId',
    'availableDurations',
    'clients',
    'history',
    'isBookable',
    'label',
    'phone',
    'time',
    'token',
  ]);
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

/** The definition, slot by slot, as §5 states it: what the linear-time laneTimeslots must agree with. */
function bySlot(
  subject: DateLane,
  occupations: Occupation[],
): Pick<Timeslot, 'label' | 'availableDurations' | 'appointmentId' | 'token'>[] {
  const end = toSeconds(subject.endTime);
  const spans = [
    ...subject.breakSlots.map((time) => ({ start: toSeconds(time), end: toSeconds(time) + subject.slotInterval })),
    ...occupations.map((occupation) => ({
      start: toSeconds(occupation.startTime),
      end: toSeconds(occupation.endTime),
    })),
  ];
  const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
    a.start < b.end && b.start < a.end;
  return laneSlotTimes(subject).map((start) => {
    const slot = { start, end: Math.min(start + subject.slotInterval, end) };
    const occupation = occupations.find((candidate) =>
      overlaps(slot, { start: toSeconds(candidate.startTime), end: toSeconds(candidate.endTime) }),
    );
    if (occupation)
      return {
        label: occupation.kind === 'lock' ? 'Locked' : 'Booked',
        availableDurations: [],
        appointmentId: occupation.appointmentId ?? null,
        token: occupation.token ?? null,
      };
    if (subject.breakSlots.map(toSeconds).includes(start))
      return { label: 'Break', availableDurations: [], appointmentId: null, token: null };
    const fits = subject.durations
      .map((duration) => duration.value)
      .filter((value) => start + value <= end && !spans.some((span) => overlaps({ start, end: start + value }, span)));
    const bookable = subject.bookableSlots.length === 0 || subject.bookableSlots.map(toSeconds).includes(start);
    return {
      label: bookable && fits.length > 0 ? 'Available' : 'Unavailable',
      availableDurations: fits,
      appointmentId: null,
      token: null,
    };
  });
}

test('agrees with the slot-by-slot definition on random lanes, breaks, locks and bookings, overlapping ones included', () => {
  const random = seededRandom(13);
  const time = (seconds: number) => toTimeOfDay(Math.min(seconds, 23 * 3600 + 59 * 60));
  for (let round = 0; round < 300; round++) {
    const interval = [300, 600, 900, 1200][random(4)]!;
    const start = 8 * 3600 + random(8) * 450;
    const end = start + interval * (1 + random(20)) + random(3) * 120;
    const subject: DateLane = {
      ...lane,
      startTime: time(start),
      endTime: time(end),
      slotInterval: interval,
      durations: minutes(...[5, 15, 30, 45, 60].filter(() => random(2) === 0), 20),
      breakSlots: laneSlotTimes({ startTime: time(start), endTime: time(end), slotInterval: interval })
        .filter(() => random(6) === 0)
        .map(time),
      bookableSlots:
        random(3) === 0
          ? laneSlotTimes({ startTime: time(start), endTime: time(end), slotInterval: interval })
              .filter(() => random(2) === 0)
              .map(time)
          : [],
    };
    const occupations: Occupation[] = Array.from({ length: random(12) }, (_, index) => {
      const from = start - 600 + random(Math.max(1, (end - start + 1200) / 60)) * 60;
      return random(2) === 0
        ? {
            kind: 'appointment' as const,
            appointmentId: index + 1,
            startTime: time(from),
            endTime: time(from + random(4) * 300),
          }
        : {
            kind: 'lock' as const,
            token: `t${index}`,
            startTime: time(from),
            endTime: time(from + 300 + random(4) * 300),
          };
    });
    const fast = laneTimeslots(subject, occupations).map(({ label, availableDurations, appointmentId, token }) => ({
      label,
      availableDurations,
      appointmentId,
      token,
    }));
    assert.equal(fast, bySlot(subject, occupations), `round ${round}`);
  }
});

test.run();
