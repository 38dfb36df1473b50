import {
  EARLIEST_REQUEST_TIME,
  LATEST_REQUEST_TIME,
  MAX_REQUEST_LANES,
  MIN_REQUEST_LANES,
  type RequestLane,
} from '../../../../domain/request-forms/request-form';
import { REQUEST_DURATION_CHOICES } from '../../../../domain/request-forms/rules';
import type { Calendar } from '../calendars';
import type { RequestFormValues } from './requestForm';

/**
 * The lanes of a request (§4.4): changing the lane count rebuilds them, "same lane data" keeps a single lane for
 * all of them, and choosing an existing calendar sets the count (and the lanes' hours) from the calendar's lanes.
 * A lane's name comes from `laneName` (Staff 1, Staff 2...) when the form makes one up.
 */
export type LaneName = (number: number) => string;

/** §3's default lane in a request's terms: 08:45 to 15:00, every 15 minutes, 15-minute appointments. */
export const defaultRequestLane = (name: string): RequestLane => ({
  name,
  startTime: '08:45',
  endTime: '15:00',
  slotInterval: 15,
  durations: [15],
  breakTimeAm: null,
  breakTimePm: null,
  lunchTimeStart: null,
  lunchTimeEnd: null,
  firstAppointmentTime: '08:45',
  lastAppointmentTime: '14:45',
  clinicDates: [],
});

const clampCount = (count: number) => Math.min(MAX_REQUEST_LANES, Math.max(MIN_REQUEST_LANES, count));

/** `count` lanes: those there are, then copies of `model` (or default lanes) under new names. */
function rebuild(lanes: readonly RequestLane[], count: number, laneName: LaneName, model?: RequestLane): RequestLane[] {
  return Array.from({ length: count }, (_, index) => {
    const kept = lanes[index];
    if (kept) return kept;
    return model
      ? { ...model, name: laneName(index + 1), clinicDates: [...model.clinicDates] }
      : defaultRequestLane(laneName(index + 1));
  });
}

/** A new lane count: the lanes are rebuilt to match it, unless one lane describes them all. */
export function withLaneCount(values: RequestFormValues, count: number, laneName: LaneName): RequestFormValues {
  const laneCount = clampCount(count);
  return {
    ...values,
    laneCount,
    lanes: values.sameLaneData ? values.lanes.slice(0, 1) : rebuild(values.lanes, laneCount, laneName),
  };
}

/** Same lane data on: a single lane; off: one lane per count again, the others copied from the first. */
export function withSameLaneData(values: RequestFormValues, same: boolean, laneName: LaneName): RequestFormValues {
  const lanes = same
    ? values.lanes.slice(0, 1)
    : rebuild(values.lanes.slice(0, 1), values.laneCount, laneName, values.lanes[0]);
  return { ...values, sameLaneData: same, lanes };
}

const hhmm = (time: string) => time.slice(0, 5);
const clampTime = (time: string) =>
  time < EARLIEST_REQUEST_TIME ? EARLIEST_REQUEST_TIME : time > LATEST_REQUEST_TIME ? LATEST_REQUEST_TIME : time;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const isChoice = (minutes: number) => (REQUEST_DURATION_CHOICES as readonly number[]).includes(minutes);

type CalendarLane = NonNullable<Calendar['lanes']>[number];

/** A calendar's lane as a request lane: its name, hours (kept within 06:00-18:00), interval and durations. */
function fromCalendarLane(lane: CalendarLane): RequestLane {
  const startTime = clampTime(hhmm(lane.startTime));
  const endTime = clampTime(hhmm(lane.endTime));
  const interval = lane.slotInterval / 60;
  const slotInterval = isChoice(interval) ? interval : 15;
  const durations = lane.durations.map((duration) => duration.value / 60).filter(isChoice);
  const last = timeOf(Math.max(minutesOf(startTime), minutesOf(endTime) - slotInterval));
  return {
    ...defaultRequestLane(lane.name),
    startTime,
    endTime,
    slotInterval,
    durations: durations.length > 0 ? durations : [15],
    firstAppointmentTime: startTime,
    lastAppointmentTime: last,
  };
}

/** An existing calendar chosen (§4.4): the lane count is its number of lanes, and the lanes start from its lanes. */
export function withCalendar(
  values: RequestFormValues,
  calendar: Calendar | undefined,
  laneName: LaneName,
): RequestFormValues {
  if (!calendar) return { ...values, calendarId: null };
  const own = (calendar.lanes ?? []).slice(0, MAX_REQUEST_LANES).map(fromCalendarLane);
  const laneCount = clampCount(own.length);
  const lanes = rebuild(own, values.sameLaneData ? 1 : laneCount, laneName);
  return { ...values, calendarId: calendar.id, laneCount, lanes };
}
