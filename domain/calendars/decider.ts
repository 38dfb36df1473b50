import { DomainError, assertNever, type Decider } from '../shared/decider';
import { MIN_LOCK_TIME, type CalendarSettings } from './calendar';
import type { CalendarCommand } from './commands';
import type { CalendarEvent } from './events';

export type CalendarState = { status: 'absent' } | { status: 'active'; calendarId: number; settings: CalendarSettings };

export const calendarDecider: Decider<CalendarCommand, CalendarEvent, CalendarState> = {
  initialState: { status: 'absent' },

  decide(command, state) {
    switch (command.type) {
      case 'CreateCalendar': {
        if (state.status !== 'absent') throw new DomainError('CALENDAR_ALREADY_EXISTS', 'This calendar already exists.');
        const { calendarId, settings, now } = command.data;
        if (!settings.name.trim()) throw new DomainError('VALIDATION_FAILED', 'A calendar needs a name.', { field: 'name' });
        if (settings.lockTime < MIN_LOCK_TIME) throw new DomainError('VALIDATION_FAILED', `The lock time is at least ${MIN_LOCK_TIME} seconds.`, { field: 'lockTime' });
        if (settings.groupSession && settings.spots < 1) throw new DomainError('VALIDATION_FAILED', 'A group session has at least one spot.', { field: 'spots' });
        return [{ type: 'CalendarCreated', data: { calendarId, settings, at: now } }];
      }
      default:
        return assertNever(command.type);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'CalendarCreated':
        return { status: 'active', calendarId: event.data.calendarId, settings: event.data.settings };
      default:
        return assertNever(event.type);
    }
  },
};
