import { changedFields } from '../shared/changed-fields';
import { DomainError, assertNever, type Decider } from '../shared/decider';
import { calendarProblem, normaliseCalendar, type CalendarSettings } from './calendar';
import type { CalendarCommand } from './commands';
import type { CalendarEvent } from './events';

export type CalendarState = { status: 'absent' } | { status: 'active'; calendarId: number; settings: CalendarSettings };

function validSettings(settings: CalendarSettings): CalendarSettings {
  const normalised = normaliseCalendar(settings);
  const problem = calendarProblem(normalised);
  if (problem) throw problem;
  if (normalised.lanes.some((lane) => lane.id === null)) throw new Error('Lanes must have ids before a calendar decision');
  return normalised;
}

export const calendarDecider: Decider<CalendarCommand, CalendarEvent, CalendarState> = {
  initialState: { status: 'absent' },

  decide(command, state) {
    switch (command.type) {
      case 'CreateCalendar': {
        if (state.status !== 'absent') throw new DomainError('CALENDAR_ALREADY_EXISTS', 'This calendar already exists.');
        const { calendarId, now } = command.data;
        return [{ type: 'CalendarCreated', data: { calendarId, settings: validSettings(command.data.settings), at: now } }];
      }
      case 'UpdateCalendar': {
        if (state.status !== 'active') throw new DomainError('CALENDAR_NOT_FOUND', 'There is no such calendar.');
        const changes = changedFields(state.settings, validSettings(command.data.settings));
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'CalendarUpdated', data: { calendarId: state.calendarId, changes, at: command.data.now } }];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'CalendarCreated':
        return { status: 'active', calendarId: event.data.calendarId, settings: event.data.settings };
      case 'CalendarUpdated':
        if (state.status !== 'active') return state;
        return { ...state, settings: { ...state.settings, ...event.data.changes } };
      default:
        return assertNever(event);
    }
  },
};
