import { laneProblem, normaliseLane } from '../calendars/lane';
import { toSeconds } from '../calendars/time-of-day';
import { DomainError } from '../shared/decider';
import { dateProblem, versionOf, type DateBooking, type DateLane } from './calendar-date';
import type { CalendarDateCommand } from './commands';
import { laneOccupations } from './holdings';
import type { ActiveDate, CalendarDateState } from './state';
import { fitsAt, labelAt, laneGrid } from './timeslots';

/** The checks and refusals that the calendar date's command deciders share. */

export const notFound = (date: string) =>
  new DomainError('CALENDAR_DATE_NOT_FOUND', `There is no calendar date on ${date}.`, { date });

export const alreadyExists = (date: string) =>
  new DomainError('CALENDAR_DATE_EXISTS', `There is already a calendar date on ${date}.`, { date });

export const slotUnavailable = () => new DomainError('SLOT_UNAVAILABLE', 'The time slot is currently unavailable.');

export function validLanes(lanes: DateLane[]): DateLane[] {
  const problem = laneProblem(lanes);
  if (problem) throw problem;
  return lanes.map((lane) => ({ ...normaliseLane(lane), id: lane.id }));
}

/**
 * Whether a lane of the date offers `startTime` for the length up to `endTime` at `now`: a bookable slot, free of
 * bookings, breaks and live locks (other than `ignoredToken`) for all of it.
 */
export function slotIsFree(
  state: ActiveDate,
  laneId: number,
  startTime: string,
  endTime: string,
  now: string,
  ignoredToken?: string | null,
  ignoredAppointment?: number,
): boolean {
  const lane = state.lanes.find((candidate) => candidate.id === laneId);
  if (!state.enabled || !lane) return false;
  const grid = laneGrid(
    lane,
    laneOccupations(state, laneId, now, { token: ignoredToken, appointmentId: ignoredAppointment }),
  );
  const index = grid.times.indexOf(toSeconds(startTime));
  const duration = toSeconds(endTime) - toSeconds(startTime);
  return (
    index !== -1 &&
    labelAt(grid, index) === 'Available' &&
    grid.durations.includes(duration) &&
    fitsAt(grid, index, duration)
  );
}

export const notPast = (date: string, today: string) => {
  if (date < today) throw new DomainError('DATE_IN_PAST', `${date} is in the past.`, { date });
};

export function bookingOf(state: CalendarDateState, appointmentId: number) {
  const booking =
    state.status === 'active'
      ? state.bookings.find((candidate) => candidate.appointmentId === appointmentId)
      : undefined;
  if (!booking)
    throw new DomainError('APPOINTMENT_NOT_FOUND', 'There is no such appointment on this date.', { appointmentId });
  return booking;
}

export function sameVersion(booking: DateBooking, version: number) {
  if (versionOf(booking) !== version) {
    throw new DomainError('VERSION_CONFLICT', 'Someone else changed this appointment since it was loaded.', {
      version: versionOf(booking),
    });
  }
}

export function inWindow(command: CalendarDateCommand, date = command.data.date) {
  const problem = dateProblem(date, command.data.window);
  if (problem) throw problem;
}
