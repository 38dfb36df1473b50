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
  const starts = [...appointments.values()]
    .map((appointment) => toSeconds(appointment.startTime))
    .sort((a, b) => a - b);
  const clientCount = [...appointments.values()].reduce(
    (sum, appointment) => sum + Math.max(1, appointment.clientCount ?? appointment.clients?.length ?? 1),
    0,
  );
  const laneStarts = lanes.map((lane) => toSeconds(lane.startTime));
  const laneEnds = lanes.map((lane) => toSeconds(lane.endTime));
  return {
    capacity: totalSlotCount === 0 ? 0 : Math.round((bookedSlotCount * 100) / totalSlotCount),
    appointmentCount: appointments.size,
    clientCount,
    bookedSlotCount,
    totalSlotCount,
    firstAppointmentTime: starts.length ? toTimeOfDay(starts[0]!) : null,
    lastAppointmentTime: starts.length ? toTimeOfDay(starts[starts.length - 1]!) : null,
    laneCount: lanes.length,
    minStartTime: lanes.length ? toTimeOfDay(Math.min(...laneStarts)) : null,
    maxEndTime: lanes.length ? toTimeOfDay(Math.max(...laneEnds)) : null,
  };
}
