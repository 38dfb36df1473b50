import { claimHolds } from '../appointments/claimed-place';
import { DomainError } from '../shared/decider';
import type {
  BookAppointment,
  CancelAppointment,
  ChangeAppointment,
  MoveAppointmentAway,
  ReceiveAppointment,
} from './commands';
import { bookingOf, notFound, notPast, sameVersion, slotIsFree, slotUnavailable } from './decision-rules';
import type { CalendarDateEvent } from './events';
import type { CalendarDateState } from './state';

/** Appointments on the date: booked on a held slot, changed, cancelled, or moved to another date. */

/** Staff's "notify the client" goes on the event only when asked, so events without a notice keep their shape. */
const notice = (asked: boolean | undefined): { notifyClient?: true } => (asked ? { notifyClient: true } : {});

export function bookAppointment(command: BookAppointment, state: CalendarDateState): CalendarDateEvent[] {
  const { calendarId, date, now: at } = command.data;
  if (state.status !== 'active') throw notFound(date);
  notPast(date, command.data.window.today);
  const { appointmentId, lockToken, confirmationCode, appointment, copiedFrom, serviceId } = command.data;
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
      data: {
        calendarId,
        date,
        appointmentId,
        laneId,
        startTime,
        endTime,
        lockToken,
        confirmationCode,
        appointment,
        ...(copiedFrom ? { copiedFrom } : {}),
        ...(serviceId === undefined ? {} : { serviceId }),
        at,
      },
    },
  ];
}

export function changeAppointment(command: ChangeAppointment, state: CalendarDateState): CalendarDateEvent[] {
  const {
    calendarId,
    date,
    now: at,
    appointmentId,
    version,
    appointment,
    changes,
    lockToken,
    laneId,
    startTime,
    endTime,
  } = command.data;
  const booking = bookingOf(state, appointmentId);
  sameVersion(booking, version);
  const moved = booking.laneId !== laneId || booking.startTime !== startTime || booking.endTime !== endTime;
  if (moved) {
    notPast(date, command.data.window.today);
    if (state.status !== 'active' || !slotIsFree(state, laneId, startTime, endTime, at, lockToken, appointmentId))
      throw slotUnavailable();
  }
  if (!moved && changes.length === 0) return [];
  const from = moved ? { laneId: booking.laneId, startTime: booking.startTime, endTime: booking.endTime } : null;
  const placeChanges = moved ? ['time'] : [];
  return [
    {
      type: 'AppointmentChanged',
      data: {
        calendarId,
        date,
        appointmentId,
        laneId,
        startTime,
        endTime,
        version: version + 1,
        appointment,
        changes: [...placeChanges, ...changes],
        lockToken,
        from,
        ...notice(moved && command.data.notifyClient),
        at,
      },
    },
  ];
}

export function cancelAppointment(command: CancelAppointment, state: CalendarDateState): CalendarDateEvent[] {
  const { calendarId, date, now: at, appointmentId } = command.data;
  bookingOf(state, appointmentId);
  notPast(date, command.data.window.today);
  return [
    {
      type: 'AppointmentCancelled',
      data: { calendarId, date, appointmentId, ...notice(command.data.notifyClient), at },
    },
  ];
}

export function moveAppointmentAway(command: MoveAppointmentAway, state: CalendarDateState): CalendarDateEvent[] {
  const { calendarId, date, now: at } = command.data;
  const booking = bookingOf(state, command.data.appointmentId);
  sameVersion(booking, command.data.version);
  notPast(date, command.data.window.today);
  return [
    {
      type: 'AppointmentMovedAway',
      data: { calendarId, date, appointmentId: booking.appointmentId, toDate: command.data.toDate, at },
    },
  ];
}

export function receiveAppointment(command: ReceiveAppointment, state: CalendarDateState): CalendarDateEvent[] {
  const { calendarId, date, now: at } = command.data;
  if (state.status !== 'active') throw notFound(date);
  notPast(date, command.data.window.today);
  const {
    appointmentId,
    version,
    confirmationCode,
    appointment,
    changes,
    lockToken,
    fromDate,
    laneId,
    startTime,
    endTime,
  } = command.data;
  if (!slotIsFree(state, laneId, startTime, endTime, at, lockToken)) throw slotUnavailable();
  return [
    {
      type: 'AppointmentMovedHere',
      data: {
        calendarId,
        date,
        appointmentId,
        laneId,
        startTime,
        endTime,
        version: version + 1,
        confirmationCode,
        appointment,
        changes: ['date', ...changes],
        lockToken,
        fromDate,
        ...notice(command.data.notifyClient),
        at,
      },
    },
  ];
}
