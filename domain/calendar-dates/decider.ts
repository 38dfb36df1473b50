import { laneProblem, normaliseLane } from '../calendars/lane';
import { DomainError, assertNever, type Decider } from '../shared/decider';
import { dateProblem, type DateContent, type DateLane } from './calendar-date';
import type { CalendarDateCommand } from './commands';
import type { CalendarDateEvent } from './events';

export type CalendarDateState =
  | { status: 'absent' }
  | ({ status: 'active'; calendarId: number; date: string } & DateContent);

const notFound = (date: string) => new DomainError('CALENDAR_DATE_NOT_FOUND', `There is no calendar date on ${date}.`, { date });

function validLanes(lanes: DateLane[]): DateLane[] {
  const problem = laneProblem(lanes);
  if (problem) throw problem;
  return lanes.map((lane) => ({ ...normaliseLane(lane), id: lane.id }));
}

function inWindow(command: CalendarDateCommand, date = command.data.date) {
  const problem = dateProblem(date, command.data.window);
  if (problem) throw problem;
}

/** One calendar date's stream: its lanes and flag now; its locks, appointments and registrations as they come. */
export const calendarDateDecider: Decider<CalendarDateCommand, CalendarDateEvent, CalendarDateState> = {
  initialState: { status: 'absent' },

  decide(command, state) {
    const { calendarId, date, now: at } = command.data;
    switch (command.type) {
      case 'AddCalendarDate': {
        if (state.status === 'active') throw new DomainError('CALENDAR_DATE_EXISTS', `There is already a calendar date on ${date}.`, { date });
        inWindow(command);
        const { calendarDateId, enabled, seriesId, copiedFrom } = command.data;
        const lanes = validLanes(command.data.lanes);
        return [{ type: 'CalendarDateAdded', data: { calendarId, date, calendarDateId, enabled, lanes, seriesId, copiedFrom, at } }];
      }
      case 'UpdateCalendarDate': {
        if (state.status !== 'active') throw notFound(date);
        inWindow(command);
        const changes: { enabled?: boolean; lanes?: DateLane[] } = {};
        if (command.data.enabled !== undefined && command.data.enabled !== state.enabled) changes.enabled = command.data.enabled;
        if (command.data.lanes !== undefined) {
          const lanes = validLanes(command.data.lanes);
          if (JSON.stringify(lanes) !== JSON.stringify(state.lanes)) changes.lanes = lanes;
        }
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'CalendarDateUpdated', data: { calendarId, date, changes, at } }];
      }
      case 'DeleteCalendarDate': {
        if (state.status !== 'active') throw notFound(date);
        inWindow(command);
        return [{ type: 'CalendarDateDeleted', data: { calendarId, date, calendarDateId: state.calendarDateId, at } }];
      }
      case 'MoveCalendarDateAway': {
        if (state.status !== 'active') throw notFound(date);
        inWindow(command);
        inWindow(command, command.data.toDate);
        if (command.data.toDate === date) throw new DomainError('VALIDATION_FAILED', 'A date cannot move onto itself.', { field: 'toDates' });
        return [{ type: 'CalendarDateMovedAway', data: { calendarId, date, calendarDateId: state.calendarDateId, toDate: command.data.toDate, at } }];
      }
      case 'ReceiveCalendarDate': {
        if (state.status === 'active') throw new DomainError('CALENDAR_DATE_EXISTS', `There is already a calendar date on ${date}.`, { date });
        inWindow(command);
        const { content, fromDate } = command.data;
        return [{ type: 'CalendarDateMovedHere', data: { calendarId, date, ...content, fromDate, at } }];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'CalendarDateAdded':
      case 'CalendarDateMovedHere': {
        const { calendarId, date, calendarDateId, enabled, lanes, seriesId } = event.data;
        return { status: 'active', calendarId, date, calendarDateId, enabled, lanes, seriesId };
      }
      case 'CalendarDateUpdated':
        return state.status === 'active' ? { ...state, ...event.data.changes } : state;
      case 'CalendarDateDeleted':
      case 'CalendarDateMovedAway':
        return { status: 'absent' };
      default:
        return assertNever(event);
    }
  },
};

/** What a move takes from the source date: everything the date holds, whatever it comes to hold later. */
export function contentOf(state: Extract<CalendarDateState, { status: 'active' }>): DateContent {
  const { status: _status, calendarId: _calendarId, date: _date, ...content } = state;
  return content;
}
