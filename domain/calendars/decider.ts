import { changedFields } from '../shared/changed-fields';
import { DomainError, assertNever, type Decider } from '../shared/decider';
import { calendarProblem, normaliseCalendar, type CalendarSettings } from './calendar';
import type { CalendarCommand } from './commands';
import type { CalendarEvent } from './events';
import { withLaneIds } from './lane';

export type CalendarState = { status: 'absent' } | { status: 'active'; calendarId: number; settings: CalendarSettings };

/** The settings as they are kept, lanes with their ids, or the refusal of the first rule they break. */
function validSettings(
  settings: CalendarSettings,
  ownLaneIds: ReadonlySet<number>,
  newLaneIds: readonly number[],
): CalendarSettings {
  const normalised = normaliseCalendar({ ...settings, lanes: withLaneIds(settings.lanes, ownLaneIds, newLaneIds) });
  const problem = calendarProblem(normalised);
  if (problem) throw problem;
  return normalised;
}

const laneIdsOf = (settings: CalendarSettings): Set<number> =>
  new Set(settings.lanes.flatMap((lane) => (lane.id === null ? [] : [lane.id])));

export const calendarDecider: Decider<CalendarCommand, CalendarEvent, CalendarState> = {
  initialState: { status: 'absent' },

  decide(command, state) {
    switch (command.type) {
      case 'CreateCalendar': {
        if (state.status !== 'absent')
          throw new DomainError('CALENDAR_ALREADY_EXISTS', 'This calendar already exists.');
        const { calendarId, settings, newLaneIds, now } = command.data;
        return [
          {
            type: 'CalendarCreated',
            data: { calendarId, settings: validSettings(settings, new Set(), newLaneIds), at: now },
          },
        ];
      }
      case 'UpdateCalendar': {
        if (state.status !== 'active') throw new DomainError('CALENDAR_NOT_FOUND', 'There is no such calendar.');
        const { settings, newLaneIds } = command.data;
        const changes = changedFields(state.settings, validSettings(settings, laneIdsOf(state.settings), newLaneIds));
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
