import { suite } from 'uvu';
import { dateWindow, type DateHoldings, type DateLane } from '../../../domain/calendar-dates/calendar-date';
import type { CalendarDateCommand } from '../../../domain/calendar-dates/commands';
import { calendarDateDecider } from '../../../domain/calendar-dates/decider';
import type { CalendarDateEvent } from '../../../domain/calendar-dates/events';
import { defaultLane } from '../../../domain/calendars/lane';
import { scenario } from '../../support/given-when-then';

/** Issue 19: staff's "notify the clients" of a whole date's move rides on its arrival, only when asked and booked. */
const now = '2026-11-22T15:00:00.000Z';
const on = { calendarId: 4, date: '2026-12-10', window: dateWindow('2026-11-22'), now };
const lane: DateLane = { ...defaultLane(), id: 31, durations: [{ value: 900, label: '15 min', isDefault: true }] };
const { given } = scenario(calendarDateDecider);

const booked: DateHoldings = {
  locks: [],
  bookings: [
    {
      appointmentId: 70,
      laneId: 31,
      startTime: '09:00:00',
      endTime: '09:15:00',
      clientCount: 1,
      version: 2,
      confirmationCode: 'ABCDEFGHJK',
    },
  ],
};
const content = (holdings: DateHoldings) => ({
  calendarDateId: 9,
  enabled: true,
  lanes: [lane],
  seriesId: null,
  ...holdings,
});

const receive = (holdings: DateHoldings, notifyClients?: boolean): CalendarDateCommand => ({
  type: 'ReceiveCalendarDate',
  data: {
    ...on,
    fromDate: '2026-12-03',
    content: content(holdings),
    ...(notifyClients === undefined ? {} : { notifyClients }),
  },
});
const movedHere = (holdings: DateHoldings, notice: { notifyClients?: boolean } = {}): CalendarDateEvent => ({
  type: 'CalendarDateMovedHere',
  data: { calendarId: 4, date: '2026-12-10', ...content(holdings), fromDate: '2026-12-03', ...notice, at: now },
});

const move = suite('notify the clients: a whole date moves');
move('a date with bookings asked to notify carries the request on its arrival', () => {
  given()
    .when(receive(booked, true))
    .then(movedHere(booked, { notifyClients: true }));
});
move('a date with bookings not asked to notify has no flag at all', () => {
  given().when(receive(booked, false)).then(movedHere(booked));
  given().when(receive(booked)).then(movedHere(booked));
});
move('a date without bookings has nobody to notify, even when asked', () => {
  const empty: DateHoldings = { locks: [], bookings: [] };
  given().when(receive(empty, true)).then(movedHere(empty));
});
move('the request changes nothing of what the date may receive', () => {
  given(movedHere(booked)).when(receive(booked, true)).thenRefused('CALENDAR_DATE_EXISTS');
});

move.run();
