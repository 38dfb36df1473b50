import type { AppointmentDetails } from '../../domain/appointments/appointment';
import type { ClaimedPlace } from '../../domain/appointments/claimed-place';
import { calendarDateStream, type CopySource } from '../../domain/calendar-dates/calendar-date';
import { calendarDateDecider } from '../../domain/calendar-dates/decider';
import { groupSessionSeriesDecider } from '../../domain/group-session-series/decider';
import { seriesStream } from '../../domain/group-session-series/series';
import { handleCommand, type CommandContext } from '../handle-command';
import type { LaneDate } from '../read-model-lookups';
import { newBookingIds, type BookingIds } from './booking-ids';
import {
  clockFacts,
  dateOfLane,
  laneOfToken,
  lockNotFound,
  onDate,
  unavailable,
  type SlotCaller,
  type SlotDependencies,
} from './slot-place';

/** Where the lock's lane is now: resolved once a request, before the caller checks what it needs (the calendar's form). */
export interface BookingPlan {
  lockToken: string;
  found: LaneDate;
}

/**
 * Finds the date (or series) holding the lock's lane. A malformed token is LOCK_NOT_FOUND; a lane that is gone is
 * LOCK_NOT_FOUND for staff and SLOT_UNAVAILABLE for the public, who may book only what a public service offers.
 */
export async function planBooking(
  dependencies: SlotDependencies,
  lockToken: string,
  caller: SlotCaller | Promise<SlotCaller>,
): Promise<BookingPlan> {
  const laneId = laneOfToken(lockToken);
  if (laneId === null) {
    await caller; // its failure (the service not found) answers first, as when it was looked up before
    throw lockNotFound();
  }
  const found = await dateOfLane(dependencies, laneId, caller);
  if (!found) throw (await caller).publicCaller === false ? lockNotFound() : unavailable();
  return { lockToken, found };
}

export interface BookingOptions {
  endTime?: string;
  copiedFrom?: CopySource;
  /** Those reserved for a retried request (Idempotency-Key); else fresh ones are drawn. */
  ids?: BookingIds | undefined;
  /** The lane, times and duration the payload names; refused (SLOT_UNAVAILABLE) when they are not what the lock holds. */
  claimed?: ClaimedPlace;
  /** The public service booked through (issue 20): the booking remembers it for the client's own changes. */
  serviceId?: number;
}

/**
 * Books the slot held by the lock token, or registers for the group session whose spots it holds: the stream that
 * owns the capacity decides, so a slot or the last spot is never sold twice.
 */
export async function bookAppointment(
  dependencies: SlotDependencies,
  { lockToken, found }: BookingPlan,
  appointment: AppointmentDetails,
  context: CommandContext,
  { endTime, copiedFrom, ids, claimed, serviceId }: BookingOptions = {},
) {
  const { appointmentId, confirmationCode } = ids ?? (await newBookingIds(dependencies.knex));
  const clock = clockFacts(dependencies);
  const outcome =
    found.seriesId !== null
      ? await handleCommand(
          dependencies,
          groupSessionSeriesDecider,
          seriesStream(found.seriesId),
          {
            type: 'RegisterClient',
            data: {
              today: clock.today,
              now: clock.now,
              appointmentId,
              lockToken,
              confirmationCode,
              appointment,
              ...(claimed ? { claimed } : {}),
              ...(serviceId === undefined ? {} : { serviceId }),
            },
          },
          context,
        )
      : await handleCommand(
          dependencies,
          calendarDateDecider,
          calendarDateStream(found.calendarId, found.date),
          {
            type: 'BookAppointment',
            data: {
              ...onDate(found.calendarId, found.date, clock),
              appointmentId,
              lockToken,
              confirmationCode,
              appointment,
              ...(endTime ? { endTime } : {}),
              ...(copiedFrom ? { copiedFrom } : {}),
              ...(claimed ? { claimed } : {}),
              ...(serviceId === undefined ? {} : { serviceId }),
            },
          },
          context,
        );
  return { appointmentId, confirmationCode, calendarId: found.calendarId, date: found.date, append: outcome.append };
}
