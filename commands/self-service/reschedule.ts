import { calendarDateStream } from '../../domain/calendar-dates/calendar-date';
import { calendarDateDecider } from '../../domain/calendar-dates/decider';
import { toSeconds } from '../../domain/calendars/time-of-day';
import { bookedOnItsDate, changeAppointment, type AppointmentDependencies } from '../appointments/handlers';
import { dateOfLane, laneOfToken, lockNotFound, unavailable, type SlotDependencies } from '../booking/slot-place';
import { loadStream } from '../decide-across-streams';
import type { CommandContext } from '../handle-command';
import { foundAppointment, policyOf, type OwnBooking } from './own-booking';
import { rescheduleNotOffered, rescheduleSlotMismatch, selfServiceClosed } from './refusals';

const lengthOf = (place: { startTime: string; endTime: string }) =>
  toSeconds(place.endTime) - toSeconds(place.startTime);

/**
 * The client moves their own appointment (issue 20) to the time a public lock holds, through the service that governs
 * it: same calendar, same length, before the cut-off. The move is one append (on the date, or from one date to the
 * other), so they never hold both times nor lose both; the lock is used up and a notice of the move goes out.
 * A course registration is never moved online.
 */
export async function rescheduleOwnBooking(
  dependencies: AppointmentDependencies & SlotDependencies,
  booking: OwnBooking,
  lockToken: string,
  context: CommandContext,
) {
  if (booking.seriesId !== null) throw rescheduleNotOffered();
  const policy = policyOf(booking, dependencies.now());
  if (!policy.canReschedule || !booking.service)
    throw selfServiceClosed(policy.reason ?? 'SELF_SERVICE_OFF', booking.phone);
  const current = bookedOnItsDate(foundAppointment(booking));
  const laneId = laneOfToken(lockToken);
  const lane = laneId === null ? undefined : await dateOfLane(dependencies, laneId, { publicCaller: false });
  if (!lane) throw lockNotFound();
  if (lane.calendarId !== booking.calendarId || lane.seriesId !== null) throw rescheduleSlotMismatch('lockToken');
  const offered = await dateOfLane(dependencies, laneId, { service: booking.service });
  if (!offered) throw unavailable();
  const { state } = await loadStream(
    dependencies.store,
    calendarDateDecider,
    calendarDateStream(offered.calendarId, offered.date),
  );
  const lock =
    state.status === 'active'
      ? state.locks.find((candidate) => candidate.token === lockToken && candidate.appointmentId === undefined)
      : undefined;
  if (!lock) throw lockNotFound();
  const { startTime, endTime } = booking;
  const length = startTime && endTime ? lengthOf({ startTime, endTime }) : null;
  if (lengthOf(lock) !== length) throw rescheduleSlotMismatch('lockToken');
  const place = { date: offered.date, laneId: lock.laneId, startTime: lock.startTime, endTime: lock.endTime };
  const { append } = await changeAppointment(
    dependencies,
    current,
    { ...place, version: booking.version, lockToken, appointment: booking.details, notifyClient: true },
    context,
  );
  return { append, ...place };
}
