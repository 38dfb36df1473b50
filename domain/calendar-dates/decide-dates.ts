import { DomainError } from '../shared/decider';
import type { DateLane } from './calendar-date';
import type {
  AddCalendarDate,
  DeleteCalendarDate,
  MoveCalendarDateAway,
  ReceiveCalendarDate,
  UpdateCalendarDate,
} from './commands';
import { alreadyExists, inWindow, notFound, validLanes } from './decision-rules';
import type { CalendarDateEvent } from './events';
import type { CalendarDateState } from './state';

/** The date itself: added, changed, deleted, or moved to another day (away from this stream, here onto another). */

export function addCalendarDate(command: AddCalendarDate, state: CalendarDateState): CalendarDateEvent[] {
  const { calendarId, date, now: at, calendarDateId, enabled, seriesId, copiedFrom } = command.data;
  if (state.status === 'active') throw alreadyExists(date);
  inWindow(command);
  const lanes = validLanes(command.data.lanes);
  return [
    { type: 'CalendarDateAdded', data: { calendarId, date, calendarDateId, enabled, lanes, seriesId, copiedFrom, at } },
  ];
}

export function updateCalendarDate(command: UpdateCalendarDate, state: CalendarDateState): CalendarDateEvent[] {
  const { calendarId, date, now: at } = command.data;
  if (state.status !== 'active') throw notFound(date);
  inWindow(command);
  const changes: { enabled?: boolean; lanes?: DateLane[] } = {};
  if (command.data.enabled !== undefined && command.data.enabled !== state.enabled)
    changes.enabled = command.data.enabled;
  if (command.data.lanes !== undefined) {
    const lanes = validLanes(command.data.lanes);
    const kept = new Set(lanes.map((lane) => lane.id));
    if (state.bookings.some((booking) => !kept.has(booking.laneId))) {
      throw new DomainError('LANE_HAS_APPOINTMENTS', 'A lane with appointments cannot be removed.', {
        field: 'lanes',
        date,
      });
    }
    if (JSON.stringify(lanes) !== JSON.stringify(state.lanes)) changes.lanes = lanes;
  }
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'CalendarDateUpdated', data: { calendarId, date, changes, at } }];
}

export function deleteCalendarDate(command: DeleteCalendarDate, state: CalendarDateState): CalendarDateEvent[] {
  const { calendarId, date, now: at } = command.data;
  if (state.status !== 'active') throw notFound(date);
  inWindow(command);
  if (state.bookings.length > 0)
    throw new DomainError('DATE_HAS_APPOINTMENTS', `${date} has appointments: it cannot be deleted.`, { date });
  return [{ type: 'CalendarDateDeleted', data: { calendarId, date, calendarDateId: state.calendarDateId, at } }];
}

export function moveCalendarDateAway(command: MoveCalendarDateAway, state: CalendarDateState): CalendarDateEvent[] {
  const { calendarId, date, now: at, toDate } = command.data;
  if (state.status !== 'active') throw notFound(date);
  inWindow(command);
  inWindow(command, toDate);
  if (toDate === date)
    throw new DomainError('VALIDATION_FAILED', 'A date cannot move onto itself.', { field: 'toDates' });
  return [
    { type: 'CalendarDateMovedAway', data: { calendarId, date, calendarDateId: state.calendarDateId, toDate, at } },
  ];
}

export function receiveCalendarDate(command: ReceiveCalendarDate, state: CalendarDateState): CalendarDateEvent[] {
  const { calendarId, date, now: at, content, fromDate } = command.data;
  if (state.status === 'active') throw alreadyExists(date);
  inWindow(command);
  // Only when asked and somebody is booked, so that other moves keep their shape.
  const notice = command.data.notifyClients && content.bookings.length > 0 ? { notifyClients: true } : {};
  return [{ type: 'CalendarDateMovedHere', data: { calendarId, date, ...content, fromDate, ...notice, at } }];
}
