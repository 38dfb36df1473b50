import type { Dispatch } from 'react';
import { errorCode, type ApiError } from '../../shared/errorMessages';
import type { CalendarDate, DateLaneWithSlots, Timeslot } from '../calendar-dates';
import { useLazyGetAppointmentQuery, useLockSlotMutation } from './appointmentsApi';
import type { SlotActionsAction } from './slotActionsState';
import { endAfter } from './slotRules';
import type { Appointment } from './types';

/**
 * The server steps of the slot flow (§4.2): the slot as it is now, a lock on it, an appointment loaded; each says
 * why it failed (the unavailable message or the refusal) and answers null.
 */
export function useSlotRequests(
  refetchDate: () => Promise<CalendarDate | undefined>,
  dispatch: Dispatch<SlotActionsAction>,
) {
  const [loadAppointment] = useLazyGetAppointmentQuery();
  const [lockSlot] = useLockSlotMutation();

  /** The slot as the server has it now, when it can still be booked: else the unavailable message. */
  async function freshSlot(lane: DateLaneWithSlots, slot: Timeslot) {
    const fresh = await refetchDate();
    const freshLane = fresh?.lanes.find((candidate) => candidate.id === lane.id);
    const found = freshLane?.timeslots?.find((candidate) => candidate.time === slot.time);
    if (
      !freshLane ||
      !found ||
      !found.isBookable ||
      found.label !== 'Available' ||
      found.availableDurations.length === 0
    ) {
      dispatch({ type: 'unavailable' });
      return null;
    }
    return { lane: freshLane, slot: found };
  }

  async function lock(lane: DateLaneWithSlots, startTime: string, duration: number): Promise<string | null> {
    const answer = await lockSlot({ calendarDateLaneId: lane.id, startTime, endTime: endAfter(startTime, duration) });
    if ('error' in answer) {
      if (errorCode(answer.error) === 'SLOT_UNAVAILABLE') dispatch({ type: 'unavailable' });
      else dispatch({ type: 'failed', failure: answer.error, failedTo: 'lock' });
      return null;
    }
    return answer.data.token;
  }

  async function load(appointmentId: number | null): Promise<Appointment | null> {
    if (appointmentId === null) return null;
    const answer = await loadAppointment(appointmentId);
    if (!answer.data) {
      dispatch({ type: 'failed', failure: answer.error as ApiError, failedTo: 'load' });
      return null;
    }
    return answer.data;
  }

  return { freshSlot, lock, load, lockSlot };
}
