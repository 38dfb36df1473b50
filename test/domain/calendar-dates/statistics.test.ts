import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { DateLane } from '../../../domain/calendar-dates/calendar-date';
import { dateStatistics } from '../../../domain/calendar-dates/statistics';
import { defaultLane } from '../../../domain/calendars/lane';

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
  const client = { name: 'x', dateOfBirth: null, attendance: null, room: null };
  const statistics = dateStatistics(
    [morning, afternoon],
    new Map([
      [
        1,
        [
          {
            kind: 'appointment' as const,
            startTime: '09:00:00',
            endTime: '09:30:00',
            appointmentId: 1,
            clients: [client, client],
          },
        ],
      ],
      [
        2,
        [
          {
            kind: 'appointment' as const,
            startTime: '13:30:00',
            endTime: '13:45:00',
            appointmentId: 2,
            clients: [client],
          },
        ],
      ],
    ]),
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

test.run();
