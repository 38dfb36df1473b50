import { claimHolds } from '../appointments/claimed-place';
import { laneProblem, normaliseLane } from '../calendars/lane';
import { toSeconds } from '../calendars/time-of-day';
import { DomainError, assertNever, type Decider } from '../shared/decider';
import { dateProblem, noHoldings, versionOf, type DateBooking, type DateContent, type DateHoldings, type DateLane } from './calendar-date';
import { isLive, laneOccupations } from './holdings';
import { fitsAt, labelAt, laneGrid } from './timeslots';
import type { CalendarDateCommand } from './commands';
import type { CalendarDateEvent } from './events';

export type CalendarDateState =
  | { status: 'absent' }
  | ({ status: 'active'; calendarId: number; date: string } & DateContent & DateHoldings);

type ActiveDate = Extract<CalendarDateState, { status: 'active' }>;

const notFound = (date: string) => new DomainError('CALENDAR_DATE_NOT_FOUND', `There is no calendar date on ${date}.`, { date });

function validLanes(lanes: DateLane[]): DateLane[] {
  const problem = laneProblem(lanes);
  if (problem) throw problem;
  return lanes.map((lane) => ({ ...normaliseLane(lane), id: lane.id }));
}

const slotUnavailable = () => new DomainError('SLOT_UNAVAILABLE', 'The time slot is currently unavailable.');

/**
 * Whether a lane of the date offers `startTime` for the length up to `endTime` at `now`: a bookable slot, free of
 * bookings, breaks and live locks (other than `ignoredToken`) for all of it.
 */
function slotIsFree(state: ActiveDate, laneId: number, startTime: string, endTime: string, now: string, ignoredToken?: string | null, ignoredAppointment?: number): boolean {
  const lane = state.lanes.find((candidate) => candidate.id === laneId);
  if (!state.enabled || !lane) return false;
  const holdings = {
    locks: state.locks.filter((lock) => lock.token !== ignoredToken),
    bookings: state.bookings.filter((booking) => booking.appointmentId !== ignoredAppointment),
  };
  const grid = laneGrid(lane, laneOccupations(holdings, laneId, now));
  const index = grid.times.indexOf(toSeconds(startTime));
  const duration = toSeconds(endTime) - toSeconds(startTime);
  return index !== -1 && labelAt(grid, index) === 'Available' && grid.durations.includes(duration) && fitsAt(grid, index, duration);
}

const notPast = (date: string, today: string) => {
  if (date < today) throw new DomainError('DATE_IN_PAST', `${date} is in the past.`, { date });
};

function bookingOf(state: CalendarDateState, appointmentId: number) {
  const booking = state.status === 'active' ? state.bookings.find((candidate) => candidate.appointmentId === appointmentId) : undefined;
  if (!booking) throw new DomainError('APPOINTMENT_NOT_FOUND', 'There is no such appointment on this date.', { appointmentId });
  return booking;
}

function sameVersion(booking: DateBooking, version: number) {
  if (versionOf(booking) !== version) {
    throw new DomainError('VERSION_CONFLICT', 'Someone else changed this appointment since it was loaded.', { version: versionOf(booking) });
  }
}

/** §4.2 Edit locks the appointment: while one editor's hold lives, another cannot open it for editing. */
function holdForEdit(state: ActiveDate, appointmentId: number, data: { token: string; expiresAt: string; now: string }): CalendarDateEvent[] {
  const booking = bookingOf(state, appointmentId);
  if (state.locks.some((lock) => lock.appointmentId === appointmentId && isLive(lock, data.now))) {
    throw new DomainError('APPOINTMENT_BEING_EDITED', 'Someone else is editing this appointment.', { appointmentId });
  }
  const { calendarId, date } = state;
  const { laneId, startTime, endTime } = booking;
  const expiredTokens = state.locks.filter((lock) => !isLive(lock, data.now)).map((lock) => lock.token);
  return [{ type: 'SlotLocked', data: { calendarId, date, token: data.token, laneId, startTime, endTime, expiresAt: data.expiresAt, appointmentId, expiredTokens, at: data.now } }];
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
          const kept = new Set(lanes.map((lane) => lane.id));
          if (state.bookings.some((booking) => !kept.has(booking.laneId))) {
            throw new DomainError('LANE_HAS_APPOINTMENTS', 'A lane with appointments cannot be removed.', { field: 'lanes', date });
          }
          if (JSON.stringify(lanes) !== JSON.stringify(state.lanes)) changes.lanes = lanes;
        }
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'CalendarDateUpdated', data: { calendarId, date, changes, at } }];
      }
      case 'DeleteCalendarDate': {
        if (state.status !== 'active') throw notFound(date);
        inWindow(command);
        if (state.bookings.length > 0) throw new DomainError('DATE_HAS_APPOINTMENTS', `${date} has appointments: it cannot be deleted.`, { date });
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
      case 'LockSlot': {
        if (state.status !== 'active') throw notFound(date);
        if (command.data.appointmentId !== undefined) return holdForEdit(state, command.data.appointmentId, command.data);
        if (date < command.data.window.today) throw new DomainError('DATE_IN_PAST', `${date} is in the past.`, { date });
        const { token, laneId, startTime, endTime, expiresAt, earliestTime } = command.data;
        if (earliestTime !== null && startTime < earliestTime) throw slotUnavailable();
        if (!slotIsFree(state, laneId, startTime, endTime, at)) throw slotUnavailable();
        const expiredTokens = state.locks.filter((lock) => !isLive(lock, at)).map((lock) => lock.token);
        return [{ type: 'SlotLocked', data: { calendarId, date, token, laneId, startTime, endTime, expiresAt, expiredTokens, at } }];
      }
      case 'ReleaseLock': {
        if (state.status !== 'active' || !state.locks.some((lock) => lock.token === command.data.token)) return [];
        return [{ type: 'SlotReleased', data: { calendarId, date, token: command.data.token, at } }];
      }
      case 'BookAppointment': {
        if (state.status !== 'active') throw notFound(date);
        if (date < command.data.window.today) throw new DomainError('DATE_IN_PAST', `${date} is in the past.`, { date });
        const { appointmentId, lockToken, confirmationCode, appointment, copiedFrom } = command.data;
        const lock = state.locks.find((candidate) => candidate.token === lockToken);
        if (!lock) throw new DomainError('LOCK_NOT_FOUND', 'The lock has expired or does not exist.');
        const { laneId, startTime } = lock;
        const endTime = command.data.endTime ?? lock.endTime;
        if (!claimHolds(command.data.claimed, { laneId, startTime, endTime })) throw slotUnavailable();
        // A live lock is this booking's own hold; a lapsed one still books if nobody has taken the slot since.
        if (!slotIsFree(state, laneId, startTime, endTime, at, lockToken)) throw slotUnavailable();
        return [
          {
            type: 'AppointmentBooked',
            data: { calendarId, date, appointmentId, laneId, startTime, endTime, lockToken, confirmationCode, appointment, ...(copiedFrom ? { copiedFrom } : {}), at },
          },
        ];
      }
      case 'ChangeAppointment': {
        const { appointmentId, version, appointment, changes, lockToken, laneId, startTime, endTime } = command.data;
        const booking = bookingOf(state, appointmentId);
        sameVersion(booking, version);
        const moved = booking.laneId !== laneId || booking.startTime !== startTime || booking.endTime !== endTime;
        if (moved) {
          notPast(date, command.data.window.today);
          if (state.status !== 'active' || !slotIsFree(state, laneId, startTime, endTime, at, lockToken, appointmentId)) throw slotUnavailable();
        }
        if (!moved && changes.length === 0) return [];
        const from = moved ? { laneId: booking.laneId, startTime: booking.startTime, endTime: booking.endTime } : null;
        const placeChanges = moved ? ['time'] : [];
        return [
          {
            type: 'AppointmentChanged',
            data: { calendarId, date, appointmentId, laneId, startTime, endTime, version: version + 1, appointment, changes: [...placeChanges, ...changes], lockToken, from, at },
          },
        ];
      }
      case 'CancelAppointment': {
        bookingOf(state, command.data.appointmentId);
        notPast(date, command.data.window.today);
        return [{ type: 'AppointmentCancelled', data: { calendarId, date, appointmentId: command.data.appointmentId, at } }];
      }
      case 'MoveAppointmentAway': {
        const booking = bookingOf(state, command.data.appointmentId);
        sameVersion(booking, command.data.version);
        notPast(date, command.data.window.today);
        return [{ type: 'AppointmentMovedAway', data: { calendarId, date, appointmentId: booking.appointmentId, toDate: command.data.toDate, at } }];
      }
      case 'ReceiveAppointment': {
        if (state.status !== 'active') throw notFound(date);
        notPast(date, command.data.window.today);
        const { appointmentId, version, confirmationCode, appointment, changes, lockToken, fromDate, laneId, startTime, endTime } = command.data;
        if (!slotIsFree(state, laneId, startTime, endTime, at, lockToken)) throw slotUnavailable();
        return [
          {
            type: 'AppointmentMovedHere',
            data: { calendarId, date, appointmentId, laneId, startTime, endTime, version: version + 1, confirmationCode, appointment, changes: ['date', ...changes], lockToken, fromDate, at },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'CalendarDateAdded': {
        const { calendarId, date, calendarDateId, enabled, lanes, seriesId } = event.data;
        return { status: 'active', calendarId, date, calendarDateId, enabled, lanes, seriesId, ...noHoldings() };
      }
      case 'CalendarDateMovedHere': {
        const { calendarId, date, calendarDateId, enabled, lanes, seriesId, locks = [], bookings = [] } = event.data;
        return { status: 'active', calendarId, date, calendarDateId, enabled, lanes, seriesId, locks, bookings };
      }
      case 'SlotLocked': {
        if (state.status !== 'active') return state;
        const { token, laneId, startTime, endTime, expiresAt, expiredTokens, appointmentId } = event.data;
        const kept = state.locks.filter((lock) => !expiredTokens.includes(lock.token));
        return { ...state, locks: [...kept, { token, laneId, startTime, endTime, expiresAt, ...(appointmentId === undefined ? {} : { appointmentId }) }] };
      }
      case 'SlotReleased':
        return state.status === 'active' ? { ...state, locks: state.locks.filter((lock) => lock.token !== event.data.token) } : state;
      case 'AppointmentBooked': {
        if (state.status !== 'active') return state;
        const { appointmentId, laneId, startTime, endTime, lockToken, appointment } = event.data;
        return {
          ...state,
          locks: state.locks.filter((lock) => lock.token !== lockToken),
          bookings: [...state.bookings, { appointmentId, laneId, startTime, endTime, clientCount: appointment.clientData.length, version: 1, confirmationCode: event.data.confirmationCode }],
        };
      }
      case 'AppointmentChanged':
      case 'AppointmentMovedHere': {
        if (state.status !== 'active') return state;
        const { appointmentId, laneId, startTime, endTime, lockToken, appointment, version } = event.data;
        const before = state.bookings.find((booking) => booking.appointmentId === appointmentId);
        const confirmationCode = event.type === 'AppointmentMovedHere' ? event.data.confirmationCode : before?.confirmationCode;
        const booking: DateBooking = { appointmentId, laneId, startTime, endTime, clientCount: appointment.clientData.length, version, ...(confirmationCode ? { confirmationCode } : {}) };
        return {
          ...state,
          locks: state.locks.filter((lock) => lock.token !== lockToken),
          bookings: [...state.bookings.filter((candidate) => candidate.appointmentId !== appointmentId), booking],
        };
      }
      case 'AppointmentCancelled':
      case 'AppointmentMovedAway':
        return state.status === 'active' ? { ...state, bookings: state.bookings.filter((booking) => booking.appointmentId !== event.data.appointmentId) } : state;
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
export function contentOf(state: ActiveDate): DateContent & DateHoldings {
  const { status: _status, calendarId: _calendarId, date: _date, ...content } = state;
  return content;
}
