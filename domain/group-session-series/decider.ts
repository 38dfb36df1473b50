import { dateProblem } from '../calendar-dates/calendar-date';
import { DomainError, assertNever, type Decider } from '../shared/decider';
import type { GroupSessionSeriesCommand } from './commands';
import type { GroupSessionSeriesEvent } from './events';
import { MAX_SERIES_SPOTS, MIN_SERIES_SPOTS, type SessionDate } from './series';

export type GroupSessionSeriesState =
  | { status: 'absent' }
  | { status: 'active'; seriesId: number; calendarId: number; sessionDates: SessionDate[]; deadline: string; spots: number };

/** A series of group sessions; its stream will own the spots that registrations take. */
export const groupSessionSeriesDecider: Decider<GroupSessionSeriesCommand, GroupSessionSeriesEvent, GroupSessionSeriesState> = {
  initialState: { status: 'absent' },

  decide(command, state) {
    switch (command.type) {
      case 'CreateGroupSessionSeries': {
        if (state.status !== 'absent') throw new DomainError('SERIES_ALREADY_EXISTS', 'This series already exists.');
        const { seriesId, calendarId, name, deadline, spots, window, now } = command.data;
        const refuse = (field: string, message: string) => new DomainError('VALIDATION_FAILED', message, { field });
        if (!Number.isInteger(spots) || spots < MIN_SERIES_SPOTS || spots > MAX_SERIES_SPOTS) {
          throw refuse('spots', `A series has between ${MIN_SERIES_SPOTS} and ${MAX_SERIES_SPOTS} spots.`);
        }
        const sessionDates = [...command.data.sessionDates].sort((a, b) => a.date.localeCompare(b.date));
        const first = sessionDates[0];
        if (!first) throw refuse('dates', 'A series has at least one session date.');
        if (deadline === null) throw refuse('deadline', 'Enter the registration deadline.');
        const problem = dateProblem(deadline, window, 'deadline');
        if (problem) throw problem;
        if (deadline > first.date) throw refuse('deadline', 'The registration deadline is on or before the first session.');
        return [{ type: 'GroupSessionSeriesCreated', data: { seriesId, calendarId, name, sessionDates, deadline, spots, at: now } }];
      }
      default:
        return assertNever(command.type);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'GroupSessionSeriesCreated': {
        const { seriesId, calendarId, sessionDates, deadline, spots } = event.data;
        return { status: 'active', seriesId, calendarId, sessionDates, deadline, spots };
      }
      default:
        return assertNever(event.type);
    }
  },
};
