import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { DateBooking, DateLane } from '../../../domain/calendar-dates/calendar-date';
import { dateStatistics } from '../../../domain/calendar-dates/statistics';
import { defaultLane } from '../../../domain/calendars/lane';
import { seededRandom } from '../../support/seeded-random';

const test = suite('calendar dates: statistics of a date (§3)');
const morning: DateLane = {
  ...defaultLane(),
  id: 1,
  startTime: '09:00:00',
  endTime: '10:00:00',
  breakSlots: ['09:45:00'],
};
const afternoon: DateLane = { ...defaultLane(), id: 2, name: 'Staff 2', startTime: '13:00:00', endTime: '14:00:00' };

test('an empty date: slots counted without breaks, lanes and opening hours', () => {
  assert.equal(dateStatistics([morning, afternoon]), {
    capacity: 0,
    appointmentCount: 0,
    clientCount: 0,
    bookedSlotCount: 0,
    totalSlotCount: 7,
    firstAppointmentTime: null,
    lastAppointmentTime: null,
    laneCount: 2,
    minStartTime: '09:00:00',
    maxEndTime: '14:00:00',
  });
});

test('appointments fill slots, clients and the capacity percentage', () => {
  const statistics = dateStatistics(
    [morning, afternoon],
    [
      { appointmentId: 1, laneId: 1, startTime: '09:00:00', endTime: '09:30:00', clientCount: 2 },
      { appointmentId: 2, laneId: 2, startTime: '13:30:00', endTime: '13:45:00', clientCount: 1 },
      // on a lane the date no longer has
      { appointmentId: 3, laneId: 9, startTime: '09:00:00', endTime: '09:15:00', clientCount: 1 },
    ],
  );
  assert.equal(
    [
      statistics.appointmentCount,
      statistics.clientCount,
      statistics.bookedSlotCount,
      statistics.totalSlotCount,
      statistics.capacity,
    ],
    [2, 3, 3, 7, 43],
  );
  assert.equal([statistics.firstAppointmentTime, statistics.lastAppointmentTime], ['09:00:00', '13:30:00']);
});

test('a date changed a booking at a time, as the projector sees it, has the statistics of a date read afresh', () => {
  // The same lane objects throughout (a lane's slot counts are kept while its bookings are the same objects),
  // against copies made for each reading.
  const lanes = [
    { ...morning, endTime: '12:00:00' },
    { ...afternoon, startTime: '09:00:00', endTime: '11:00:00' },
  ];
  const random = seededRandom(11);
  const time = (slot: number) =>
    `${String(9 + Math.floor(slot / 4)).padStart(2, '0')}:${String((slot % 4) * 15).padStart(2, '0')}:00`;
  let bookings: DateBooking[] = [];
  for (let step = 0; step < 300; step++) {
    const slot = random(11);
    const place = { laneId: 1 + random(2), startTime: time(slot), endTime: time(slot + 1 + random(2)) };
    const chosen = random(Math.max(1, bookings.length));
    switch (random(3)) {
      case 0:
        bookings = [...bookings, { ...place, appointmentId: step, clientCount: 1 + random(3) }];
        break;
      case 1: // moved or changed: a new object in the old one's place
        bookings = bookings.map((booking, index) => (index === chosen ? { ...booking, ...place } : booking));
        break;
      default:
        bookings = bookings.filter((_, index) => index !== chosen);
    }
    const kept = dateStatistics(lanes, bookings);
    const afresh = dateStatistics(
      lanes.map((lane) => ({ ...lane })),
      bookings,
    );
    assert.equal(kept, afresh, `step ${step}`);
  }
});

test.run();
