import { DomainError } from '../shared/decider';
import type { LockSlot, ReleaseLock } from './commands';
import { bookingOf, notFound, notPast, slotIsFree, slotUnavailable } from './decision-rules';
import type { CalendarDateEvent } from './events';
import { isLive } from './holdings';
import type { ActiveDate, CalendarDateState } from './state';

/** Holds on a slot while a form is filled (or on an appointment while staff edit it), and their release. */

export function lockSlot(command: LockSlot, state: CalendarDateState): CalendarDateEvent[] {
  const { calendarId, date, now: at } = command.data;
  if (state.status !== 'active') throw notFound(date);
  if (command.data.appointmentId !== undefined) return holdForEdit(state, command.data.appointmentId, command.data);
  notPast(date, command.data.window.today);
  const { token, laneId, startTime, endTime, expiresAt, earliestTime } = command.data;
  if (earliestTime !== null && startTime < earliestTime) throw slotUnavailable();
  if (!slotIsFree(state, laneId, startTime, endTime, at)) throw slotUnavailable();
  const expiredTokens = state.locks.filter((lock) => !isLive(lock, at)).map((lock) => lock.token);
  return [
    { type: 'SlotLocked', data: { calendarId, date, token, laneId, startTime, endTime, expiresAt, expiredTokens, at } },
  ];
}

/** §4.2 Edit locks the appointment: while one editor's hold lives, another cannot open it for editing. */
function holdForEdit(
  state: ActiveDate,
  appointmentId: number,
  data: { token: string; expiresAt: string; now: string },
): CalendarDateEvent[] {
  const booking = bookingOf(state, appointmentId);
  if (state.locks.some((lock) => lock.appointmentId === appointmentId && isLive(lock, data.now))) {
    throw new DomainError('APPOINTMENT_BEING_EDITED', 'Someone else is editing this appointment.', { appointmentId });
  }
  const { calendarId, date } = state;
  const { laneId, startTime, endTime } = booking;
  const expiredTokens = state.locks.filter((lock) => !isLive(lock, data.now)).map((lock) => lock.token);
  return [
    {
      type: 'SlotLocked',
      data: {
        calendarId,
        date,
        token: data.token,
        laneId,
        startTime,
        endTime,
        expiresAt: data.expiresAt,
        appointmentId,
        expiredTokens,
        at: data.now,
      },
    },
  ];
}

export function releaseLock(command: ReleaseLock, state: CalendarDateState): CalendarDateEvent[] {
  const { calendarId, date, now: at, token } = command.data;
  if (state.status !== 'active' || !state.locks.some((lock) => lock.token === token)) return [];
  return [{ type: 'SlotReleased', data: { calendarId, date, token, at } }];
}
