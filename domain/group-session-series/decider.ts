import { dateProblem } from '../calendar-dates/calendar-date';
import { DomainError, assertNever, type Decider } from '../shared/decider';
import type { GroupSessionSeriesCommand } from './commands';
import type { GroupSessionSeriesEvent } from './events';
import {
  freeSpots,
  holdIsLive,
  MAX_SERIES_SPOTS,
  MIN_SERIES_SPOTS,
  type SeriesRegistration,
  type SessionDate,
  type SpotHold,
} from './series';

export type GroupSessionSeriesState =
  | { status: 'absent' }
  | {
      status: 'active';
      seriesId: number;
      calendarId: number;
      sessionDates: SessionDate[];
      deadline: string;
      spots: number;
      holds: SpotHold[];
      registrations: SeriesRegistration[];
    };

type ActiveSeries = Extract<GroupSessionSeriesState, { status: 'active' }>;

const notFound = () => new DomainError('SERIES_NOT_FOUND', 'There is no such group session.');
const unavailable = () => new DomainError('SLOT_UNAVAILABLE', 'There are not enough spots left in this session.');

function openForRegistration(state: GroupSessionSeriesState, today: string): ActiveSeries {
  if (state.status !== 'active') throw notFound();
  if (today > state.deadline)
    throw new DomainError('REGISTRATION_CLOSED', `Registration closed on ${state.deadline}.`, {
      deadline: state.deadline,
    });
  return state;
}

/** A series of group sessions; its stream owns the spots, so the last spot is never given twice. */
export const groupSessionSeriesDecider: Decider<
  GroupSessionSeriesCommand,
  GroupSessionSeriesEvent,
  GroupSessionSeriesState
> = {
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
        if (deadline > first.date)
          throw refuse('deadline', 'The registration deadline is on or before the first session.');
        return [
          {
            type: 'GroupSessionSeriesCreated',
            data: { seriesId, calendarId, name, sessionDates, deadline, spots, at: now },
          },
        ];
      }
      case 'HoldSpots': {
        const series = openForRegistration(state, command.data.today);
        const { token, laneId, spots, expiresAt, now } = command.data;
        if (!Number.isInteger(spots) || spots < 1)
          throw new DomainError('VALIDATION_FAILED', 'Hold at least one spot.', { field: 'spots' });
        if (freeSpots(series, now) < spots) throw unavailable();
        const expiredTokens = series.holds.filter((hold) => !holdIsLive(hold, now)).map((hold) => hold.token);
        return [
          {
            type: 'SpotsHeld',
            data: {
              seriesId: series.seriesId,
              calendarId: series.calendarId,
              token,
              laneId,
              spots,
              expiresAt,
              expiredTokens,
              at: now,
            },
          },
        ];
      }
      case 'ReleaseSpots': {
        if (state.status !== 'active' || !state.holds.some((hold) => hold.token === command.data.token)) return [];
        return [
          {
            type: 'SpotsReleased',
            data: {
              seriesId: state.seriesId,
              calendarId: state.calendarId,
              token: command.data.token,
              at: command.data.now,
            },
          },
        ];
      }
      case 'RegisterClient': {
        const series = openForRegistration(state, command.data.today);
        const { appointmentId, lockToken, confirmationCode, appointment, claimed, serviceId, now } = command.data;
        const hold = series.holds.find((candidate) => candidate.token === lockToken);
        if (!hold) throw new DomainError('LOCK_NOT_FOUND', 'The lock has expired or does not exist.');
        if (claimed?.laneId !== undefined && claimed.laneId !== hold.laneId)
          throw new DomainError('SLOT_UNAVAILABLE', 'The lock holds spots of another session.');
        // A live hold is this registration's own; a lapsed one still registers while the spots are free.
        if (freeSpots(series, now, lockToken) < appointment.spots) throw unavailable();
        return [
          {
            type: 'ClientRegistered',
            data: {
              seriesId: series.seriesId,
              calendarId: series.calendarId,
              appointmentId,
              confirmationCode,
              lockToken,
              spots: appointment.spots,
              appointment,
              ...(serviceId === undefined ? {} : { serviceId }),
              at: now,
            },
          },
        ];
      }
      case 'UnregisterClient': {
        const registration =
          state.status === 'active'
            ? state.registrations.find((candidate) => candidate.appointmentId === command.data.appointmentId)
            : undefined;
        if (state.status !== 'active' || !registration)
          throw new DomainError('REGISTRATION_NOT_FOUND', 'There is no such registration in this series.');
        return [
          {
            type: 'ClientUnregistered',
            data: {
              seriesId: state.seriesId,
              calendarId: state.calendarId,
              appointmentId: registration.appointmentId,
              spots: registration.spots,
              ...(command.data.notifyClient ? { notifyClient: true } : {}),
              at: command.data.now,
            },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'GroupSessionSeriesCreated': {
        const { seriesId, calendarId, sessionDates, deadline, spots } = event.data;
        return { status: 'active', seriesId, calendarId, sessionDates, deadline, spots, holds: [], registrations: [] };
      }
      case 'SpotsHeld': {
        if (state.status !== 'active') return state;
        const { token, laneId, spots, expiresAt, expiredTokens } = event.data;
        return {
          ...state,
          holds: [
            ...state.holds.filter((hold) => !expiredTokens.includes(hold.token)),
            { token, laneId, spots, expiresAt },
          ],
        };
      }
      case 'SpotsReleased':
        return state.status === 'active'
          ? { ...state, holds: state.holds.filter((hold) => hold.token !== event.data.token) }
          : state;
      case 'ClientRegistered': {
        if (state.status !== 'active') return state;
        const { appointmentId, spots, lockToken } = event.data;
        return {
          ...state,
          holds: state.holds.filter((hold) => hold.token !== lockToken),
          registrations: [...state.registrations, { appointmentId, spots }],
        };
      }
      case 'ClientUnregistered':
        return state.status === 'active'
          ? {
              ...state,
              registrations: state.registrations.filter(
                (registration) => registration.appointmentId !== event.data.appointmentId,
              ),
            }
          : state;
      default:
        return assertNever(event);
    }
  },
};
