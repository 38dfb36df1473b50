import { assertNever, type Decider } from '../shared/decider';
import { noHoldings, type DateBooking, type DateContent, type DateHoldings } from './calendar-date';
import type { CalendarDateCommand } from './commands';
import {
  bookAppointment,
  cancelAppointment,
  changeAppointment,
  moveAppointmentAway,
  receiveAppointment,
} from './decide-appointments';
import {
  addCalendarDate,
  deleteCalendarDate,
  moveCalendarDateAway,
  receiveCalendarDate,
  updateCalendarDate,
} from './decide-dates';
import { lockSlot, releaseLock } from './decide-locks';
import type { CalendarDateEvent } from './events';
import type { ActiveDate, CalendarDateState } from './state';

export type { CalendarDateState } from './state';

/**
 * One calendar date's stream: its lanes and flag now; its locks, appointments and registrations as they come. Each
 * command has its own decision function (decide-dates, decide-locks, decide-appointments); `decide` dispatches.
 */
export const calendarDateDecider: Decider<CalendarDateCommand, CalendarDateEvent, CalendarDateState> = {
  initialState: { status: 'absent' },

  decide(command, state) {
    switch (command.type) {
      case 'AddCalendarDate':
        return addCalendarDate(command, state);
      case 'UpdateCalendarDate':
        return updateCalendarDate(command, state);
      case 'DeleteCalendarDate':
        return deleteCalendarDate(command, state);
      case 'MoveCalendarDateAway':
        return moveCalendarDateAway(command, state);
      case 'ReceiveCalendarDate':
        return receiveCalendarDate(command, state);
      case 'LockSlot':
        return lockSlot(command, state);
      case 'ReleaseLock':
        return releaseLock(command, state);
      case 'BookAppointment':
        return bookAppointment(command, state);
      case 'ChangeAppointment':
        return changeAppointment(command, state);
      case 'CancelAppointment':
        return cancelAppointment(command, state);
      case 'MoveAppointmentAway':
        return moveAppointmentAway(command, state);
      case 'ReceiveAppointment':
        return receiveAppointment(command, state);
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
        return {
          ...state,
          locks: [
            ...kept,
            { token, laneId, startTime, endTime, expiresAt, ...(appointmentId === undefined ? {} : { appointmentId }) },
          ],
        };
      }
      case 'SlotReleased':
        return state.status === 'active'
          ? { ...state, locks: state.locks.filter((lock) => lock.token !== event.data.token) }
          : state;
      case 'AppointmentBooked': {
        if (state.status !== 'active') return state;
        const { appointmentId, laneId, startTime, endTime, lockToken, appointment } = event.data;
        return {
          ...state,
          locks: state.locks.filter((lock) => lock.token !== lockToken),
          bookings: [
            ...state.bookings,
            {
              appointmentId,
              laneId,
              startTime,
              endTime,
              clientCount: appointment.clientData.length,
              version: 1,
              confirmationCode: event.data.confirmationCode,
            },
          ],
        };
      }
      case 'AppointmentChanged':
      case 'AppointmentMovedHere': {
        if (state.status !== 'active') return state;
        const { appointmentId, laneId, startTime, endTime, lockToken, appointment, version } = event.data;
        const before = state.bookings.find((booking) => booking.appointmentId === appointmentId);
        const confirmationCode =
          event.type === 'AppointmentMovedHere' ? event.data.confirmationCode : before?.confirmationCode;
        const booking: DateBooking = {
          appointmentId,
          laneId,
          startTime,
          endTime,
          clientCount: appointment.clientData.length,
          version,
          ...(confirmationCode ? { confirmationCode } : {}),
        };
        return {
          ...state,
          locks: state.locks.filter((lock) => lock.token !== lockToken),
          bookings: [...state.bookings.filter((candidate) => candidate.appointmentId !== appointmentId), booking],
        };
      }
      case 'AppointmentCancelled':
      case 'AppointmentMovedAway':
        return state.status === 'active'
          ? {
              ...state,
              bookings: state.bookings.filter((booking) => booking.appointmentId !== event.data.appointmentId),
            }
          : state;
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
