import type { DateLane } from '../../domain/calendar-dates/calendar-date';

/** A date's lane as its events carry it: one hour, 09:00-10:00, of 15-minute slots. */
export const hourLane = (id: number, name = 'Staff 1'): DateLane => ({
  id,
  name,
  startTime: '09:00:00',
  endTime: '10:00:00',
  durations: [{ value: 900, label: '15 min', isDefault: true }],
  slotInterval: 900,
  bookableSlots: [],
  breakSlots: [],
});
