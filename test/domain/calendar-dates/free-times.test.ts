import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { DateHoldings, DateLane } from '../../../domain/calendar-dates/calendar-date';
import { freeTimes } from '../../../domain/calendar-dates/free-times';
import { defaultLane } from '../../../domain/calendars/lane';
import { seededRandom } from '../../support/seeded-random';

const test = suite('calendar dates: free start times the public can book, by duration (issue 13 item 4)');
const minutes = (...values: number[]) =>
  values.map((value) => ({ value: value * 60, label: `${value} min`, isDefault: value === values[0] }));
const lane = (id: number, changes: Partial<DateLane> = {}): DateLane => ({
  ...defaultLane(),
  id,
  startTime: '09:00:00',
  endTime: '10:00:00',
  durations: minutes(15, 30),
  slotInterval: 900,
  ...changes,
});
const now = '2026-11-24T14:00:00.000Z';
const empty: DateHoldings = { locks: [], bookings: [] };
const lock = (laneId: number, startTime: string, endTime: string, expiresAt: string, appointmentId?: number) => ({
  token: `t-${laneId}-${startTime}`,
  laneId,
  startTime,
  endTime,
  expiresAt,
  ...(appointmentId ? { appointmentId } : {}),
});

test('each duration lists every start time free for all of it, once, on the first lane that has it, in time order', () => {
  const free = freeTimes([lane(1, { startTime: '09:30:00' }), lane(2)], empty, now);
  assert.equal(free.byDuration['900'], [
    ['09:00:00', 2],
    ['09:15:00', 2],
    ['09:30:00', 1],
    ['09:45:00', 1],
  ]);
  assert.equal(free.byDuration['1800'], [
    ['09:00:00', 2],
    ['09:15:00', 2],
    ['09:30:00', 1],
  ]);
  assert.equal(Object.keys(free.byDuration).sort(), ['1800', '900']);
});

test('bookings and live locks take their times; the other lane offers them; unbookable slots are left out', () => {
  const holdings: DateHoldings = {
    bookings: [{ appointmentId: 7, laneId: 1, startTime: '09:00:00', endTime: '09:15:00', clientCount: 1 }],
    locks: [
      lock(1, '09:30:00', '09:45:00', '2026-11-24T14:05:00.000Z'),
      lock(2, '09:30:00', '09:45:00', '2026-11-24T14:03:00.000Z'),
    ],
  };
  const free = freeTimes([lane(1), lane(2, { breakSlots: ['09:15:00'] })], holdings, now);
  assert.equal(free.byDuration['900'], [
    ['09:00:00', 2],
    ['09:15:00', 1],
    ['09:45:00', 1],
  ]);
  assert.equal(free.byDuration['1800'], undefined, 'no half hour is free on either lane');
});

test('they hold from now until the first counted lock lapses', () => {
  const holdings: DateHoldings = {
    bookings: [],
    locks: [
      lock(1, '09:30:00', '09:45:00', '2026-11-24T14:05:00.000Z'),
      lock(1, '09:00:00', '09:15:00', '2026-11-24T14:03:00.000Z'),
      lock(1, '09:45:00', '10:00:00', '2026-11-24T13:59:00.000Z'),
      lock(1, '09:15:00', '09:30:00', '2026-11-24T14:01:00.000Z', 9),
    ],
  };
  const free = freeTimes([lane(1)], holdings, now);
  assert.equal(
    [free.validFrom, free.validUntil],
    [now, '2026-11-24T14:03:00.000Z'],
    'a lapsed lock and an edit hold do not count',
  );
  assert.equal(free.byDuration['900'], [
    ['09:15:00', 1],
    ['09:45:00', 1],
  ]);
  assert.is(freeTimes([lane(1)], empty, now).validUntil, null);
});

test('a date changed a holding at a time, as the projector sees it, has the free times of a date read afresh', () => {
  // The same lane objects throughout (a lane's free starts are kept while its holdings are the same objects),
  // against copies made for each reading, which nothing was kept for.
  const lanes = [
    lane(1, { endTime: '12:00:00' }),
    lane(2, { endTime: '12:00:00', breakSlots: ['10:00:00'] }),
    lane(3, { startTime: '09:30:00', endTime: '12:00:00' }),
  ];
  const random = seededRandom(7);
  const time = (slot: number) =>
    `${String(9 + Math.floor(slot / 4)).padStart(2, '0')}:${String((slot % 4) * 15).padStart(2, '0')}:00`;
  let holdings: DateHoldings = { locks: [], bookings: [] };
  let minute = 0;
  for (let step = 0; step < 400; step++) {
    const laneId = 1 + random(3);
    const slot = random(12);
    const length = 1 + random(2);
    const at = `2026-11-24T14:${String(minute).padStart(2, '0')}:00.000Z`;
    const place = { laneId, startTime: time(slot), endTime: time(slot + length) };
    switch (random(6)) {
      case 0:
      case 1:
        holdings = {
          ...holdings,
          locks: [
            ...holdings.locks,
            {
              ...place,
              token: `t${step}`,
              expiresAt: `2026-11-24T14:${String(minute + 1 + random(8)).padStart(2, '0')}:00.000Z`,
            },
          ],
        };
        break;
      case 2:
        holdings = { ...holdings, bookings: [...holdings.bookings, { ...place, appointmentId: step, clientCount: 1 }] };
        break;
      case 3:
        holdings = { locks: holdings.locks.slice(1), bookings: holdings.bookings.slice(random(2)) };
        break;
      case 4: {
        // A booking moved: a new object in the old one's place, the list as long as before
        const moved = random(Math.max(1, holdings.bookings.length));
        holdings = {
          ...holdings,
          bookings: holdings.bookings.map((booking, index) => (index === moved ? { ...booking, ...place } : booking)),
        };
        break;
      }
      default:
        minute = Math.min(50, minute + 1); // locks lapse with no event
    }
    const kept = freeTimes(lanes, holdings, at);
    const afresh = freeTimes(
      lanes.map((each) => ({ ...each })),
      holdings,
      at,
    );
    assert.equal(kept, afresh, `step ${step}`);
  }
});

test.run();
