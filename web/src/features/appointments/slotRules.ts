import { toSeconds, toTimeOfDay } from '../../../../domain/calendars/time-of-day';
import type { DateLaneWithSlots, Timeslot } from '../calendar-dates';

/**
 * The rules of the Manage Appointments timeslot table (§4.2) as pure functions: where an appointment starts, which
 * durations a slot offers, and the times a lock or a save sends.
 */

/** A slot's end after `duration` seconds ('HH:MM:SS'). */
export const endAfter = (time: string, duration: number): string => toTimeOfDay(toSeconds(time) + duration);

/** Whether the slot at `index` is the first slot of its appointment (every slot it covers carries its id). */
export function startsAppointment(slots: readonly Timeslot[], index: number): boolean {
  const slot = slots[index];
  if (!slot || slot.appointmentId === null) return false;
  return slots[index - 1]?.appointmentId !== slot.appointmentId;
}

/** The smallest duration a slot offers, or undefined when it offers none. */
export const smallestDuration = (durations: readonly number[]): number | undefined =>
  durations.length === 0 ? undefined : Math.min(...durations);

/** The lane's default duration when the slot offers it, else the slot's smallest. */
export function defaultDuration(lane: DateLaneWithSlots, offered: readonly number[]): number | undefined {
  const preferred = lane.durations.find((duration) => duration.isDefault)?.value;
  return preferred !== undefined && offered.includes(preferred) ? preferred : smallestDuration(offered);
}

/** A Paste keeps the duration copied or moved when the slot offers it, else the slot's smallest (§4.2). */
export const pasteDuration = (kept: number, offered: readonly number[]): number | undefined =>
  offered.includes(kept) ? kept : smallestDuration(offered);

/**
 * The lane's durations an appointment being edited may take from its start: every slot of the span is available or
 * its own, and the span ends by the lane's end.
 */
export function durationsForAppointment(lane: DateLaneWithSlots, startTime: string, appointmentId: number): number[] {
  const slots = lane.timeslots ?? [];
  const start = toSeconds(startTime);
  const laneEnd = toSeconds(lane.endTime);
  return lane.durations
    .map((duration) => duration.value)
    .filter((duration) => {
      if (start + duration > laneEnd) return false;
      return slots
        .filter((slot) => {
          const at = toSeconds(slot.time);
          return at >= start && at < start + duration;
        })
        .every((slot) => slot.appointmentId === appointmentId || slot.label === 'Available');
    });
}
