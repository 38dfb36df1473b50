import type { CalendarDateEvent } from '../../domain/calendar-dates/events';
import { hourLane } from './date-lane';

/** Events of calendar 72's dates, as the calendar-dates projector reads them. */
export const at = '2026-11-28T15:00:00.000Z';
let nextDateId = 900;
export const newDate = (date: string): CalendarDateEvent => ({
  type: 'CalendarDateAdded',
  data: {
    calendarId: 72,
    date,
    at,
    calendarDateId: nextDateId++,
    enabled: true,
    lanes: [hourLane(nextDateId * 10), hourLane(nextDateId * 10 + 1)],
    seriesId: null,
    copiedFrom: null,
  },
});
export const locked = (date: string, token: string, startTime: string): CalendarDateEvent => ({
  type: 'SlotLocked',
  data: {
    calendarId: 72,
    date,
    at,
    token,
    laneId: 0, // set by the caller's date
    startTime,
    endTime: startTime.replace(/:00:00$/, ':15:00'),
    expiresAt: '2099-01-01T00:00:00.000Z',
    expiredTokens: [],
  },
});

/** A lock of `token` on the first lane of `date` (its CalendarDateAdded event). */
export const lockOn = (date: CalendarDateEvent, token: string, startTime: string): CalendarDateEvent => {
  const event = locked(date.data.date, token, startTime);
  (event.data as { laneId: number }).laneId = (date.data as { lanes: { id: number }[] }).lanes[0]!.id;
  return event;
};
