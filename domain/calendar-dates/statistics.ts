import { toSeconds, toTimeOfDay } from '../calendars/time-of-day';
import type { DateLane } from './calendar-date';
import { labelAt, laneGrid, type Occupation } from './timeslots';

/** §3 Calendar date statistics, as the overview and the dates list show them. */
export interface DateStatistics {
  /** Booked slots as a percentage of the slots that can be booked, rounded. */
  capacity: number;
  appointmentCount: number;
  clientCount: number;
  bookedSlotCount: number;
  totalSlotCount: number;
  firstAppointmentTime: string | null;
  lastAppointmentTime: string | null;
  laneCount: number;
  minStartTime: string | null;
  maxEndTime: string | null;
}

/** Statistics of a date from its lanes and what occupies them, keyed by calendarDateLaneId. */
export function dateStatistics(
  lanes: DateLane[],
  occupations: ReadonlyMap<number, Occupation[]> = new Map(),
): DateStatistics {
  let bookedSlotCount = 0;
  let totalSlotCount = 0;
  const appointments = new Map<number, Occupation>();
  for (const lane of lanes) {
    const laneOccupations = occupations.get(lane.id) ?? [];
    const grid = laneGrid(lane, laneOccupations);
    for (let index = 0; index < grid.times.length; index++) {
      const label = labelAt(grid, index);
      if (label === 'Booked') bookedSlotCount += 1;
      if (label !== 'Break' && label !== 'Unavailable') totalSlotCount += 1;
    }
    for (const occupation of laneOccupations) {
      if (occupation.kind === 'appointment' && occupation.appointmentId !== undefined)
        appointments.set(occupation.appointmentId, occupation);
    }
  }
  // One pass (the projector runs this for each date a batch changes): the earliest and latest start, the clients.
  let first = Infinity;
  let last = -Infinity;
  let clientCount = 0;
  for (const appointment of appointments.values()) {
    const start = toSeconds(appointment.startTime);
    if (start < first) first = start;
    if (start > last) last = start;
    clientCount += Math.max(1, appointment.clientCount ?? appointment.clients?.length ?? 1);
  }
  const laneStarts = lanes.map((lane) => toSeconds(lane.startTime));
  const laneEnds = lanes.map((lane) => toSeconds(lane.endTime));
  return {
    capacity: totalSlotCount === 0 ? 0 : Math.round((bookedSlotCount * 100) / totalSlotCount),
    appointmentCount: appointments.size,
    clientCount,
    bookedSlotCount,
    totalSlotCount,
    firstAppointmentTime: appointments.size ? toTimeOfDay(first) : null,
    lastAppointmentTime: appointments.size ? toTimeOfDay(last) : null,
    laneCount: lanes.length,
    minStartTime: lanes.length ? toTimeOfDay(Math.min(...laneStarts)) : null,
    maxEndTime: lanes.length ? toTimeOfDay(Math.max(...laneEnds)) : null,
  };
}
