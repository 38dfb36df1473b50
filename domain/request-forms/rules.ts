import { addMonths, isPlainDate } from '../shared/plain-date';
import { DomainError } from '../shared/decider';
import type { ErrorCode } from '../shared/error-codes';
import type { NamedRecordsFound } from './commands';
import {
  EARLIEST_REQUEST_TIME,
  LATEST_REQUEST_TIME,
  MAX_REQUEST_LANES,
  MIN_REQUEST_LANES,
  REQUEST_TIME,
  type RequestFormFields,
  type RequestLane,
} from './request-form';

/** The interval and duration choices of §3, in minutes (the calendars' lanes offer the same, in seconds). */
export const REQUEST_DURATION_CHOICES = [5, 10, 15, 20, 30, 40, 60, 120] as const;

type Path = (string | number)[];

/** A refusal naming the field, both as text (`details.field`) and as the path the API's issues carry. */
export function refusal(code: ErrorCode, message: string, path: Path): DomainError {
  const field = path.join('.');
  return new DomainError(code, message, { field, issues: [{ path, message, code }] });
}

/** The clinic dates a request may ask for: from the first of its month of submission to one year after submission. */
export function clinicDateWindow(createdOn: string): { from: string; to: string } {
  return { from: `${createdOn.slice(0, 8)}01`, to: addMonths(createdOn, 12) };
}

/** §5 Request form, per request type; the first broken rule is the refusal. */
export function assertValidRequestForm(fields: RequestFormFields, found: NamedRecordsFound, createdOn: string): void {
  if (fields.requestType === 'requestformcalendar') {
    if (!fields.calendarName?.trim()) throw required('calendarName', 'A new calendar needs a name.');
    if (fields.locationId === null) throw required('locationId', 'A new calendar needs a location.');
    if (!found.location) throw refusal('UNKNOWN_LOCATION', 'There is no such location.', ['locationId']);
    if (fields.enableOn === null) throw required('enableOn', 'A new calendar needs an enable date.');
    if (!isPlainDate(fields.enableOn)) throw invalid('enableOn', 'The enable date is a date YYYY-MM-DD.');
  } else {
    if (fields.calendarId === null) throw required('calendarId', 'Choose the calendar the dates are for.');
    if (!found.calendar) throw refusal('UNKNOWN_CALENDAR', 'There is no such calendar.', ['calendarId']);
  }
  if (fields.confirmationTemplateId !== null && !found.confirmationTemplate)
    throw refusal('UNKNOWN_TEMPLATE', 'There is no such email template.', ['confirmationTemplateId']);
  if (fields.reminderTemplateId !== null && !found.reminderTemplate)
    throw refusal('UNKNOWN_TEMPLATE', 'There is no such email template.', ['reminderTemplateId']);
  assertLaneCount(fields);
  const window = clinicDateWindow(createdOn);
  fields.lanes.forEach((lane, index) => assertValidLane(lane, ['lanes', index], window));
}

function assertLaneCount({ laneCount, sameLaneData, lanes }: RequestFormFields): void {
  if (!Number.isInteger(laneCount) || laneCount < MIN_REQUEST_LANES || laneCount > MAX_REQUEST_LANES)
    throw invalid('laneCount', `Choose ${MIN_REQUEST_LANES} to ${MAX_REQUEST_LANES} lanes.`);
  const expected = sameLaneData ? 1 : laneCount;
  if (lanes.length !== expected)
    throw refusal(
      'REQUEST_LANES_MISMATCH',
      sameLaneData
        ? 'With the same data for every lane, describe one lane.'
        : `Describe ${laneCount} lane(s), one for each lane asked for.`,
      ['lanes'],
    );
}

function assertValidLane(lane: RequestLane, at: Path, window: { from: string; to: string }): void {
  if (!lane.name.trim()) throw refusal('VALIDATION_FAILED', 'Each lane needs a name.', [...at, 'name']);
  const required = ['startTime', 'endTime', 'firstAppointmentTime', 'lastAppointmentTime'] as const;
  const optional = ['breakTimeAm', 'breakTimePm', 'lunchTimeStart', 'lunchTimeEnd'] as const;
  for (const key of [...required, ...optional]) {
    const time = lane[key];
    if (time === null) continue;
    if (!REQUEST_TIME.test(time)) throw refusal('VALIDATION_FAILED', 'A time of day HH:MM.', [...at, key]);
    if (time < EARLIEST_REQUEST_TIME || time > LATEST_REQUEST_TIME)
      throw refusal(
        'REQUEST_TIME_OUT_OF_RANGE',
        `Times lie between ${EARLIEST_REQUEST_TIME} and ${LATEST_REQUEST_TIME}.`,
        [...at, key],
      );
  }
  const inOrder = (earlier: string, later: string, key: keyof RequestLane, message: string, strictly = false) => {
    if (strictly ? earlier >= later : earlier > later)
      throw refusal('REQUEST_TIMES_OUT_OF_ORDER', message, [...at, key]);
  };
  inOrder(lane.startTime, lane.endTime, 'endTime', 'The lane ends after it starts.', true);
  inOrder(
    lane.startTime,
    lane.firstAppointmentTime,
    'firstAppointmentTime',
    'The first appointment is not before the lane starts.',
  );
  inOrder(
    lane.firstAppointmentTime,
    lane.lastAppointmentTime,
    'lastAppointmentTime',
    'The last appointment is not before the first.',
  );
  inOrder(
    lane.lastAppointmentTime,
    lane.endTime,
    'lastAppointmentTime',
    'The last appointment is not after the lane ends.',
  );
  for (const key of optional) {
    const time = lane[key];
    if (time !== null && (time < lane.startTime || time > lane.endTime))
      throw refusal('REQUEST_TIMES_OUT_OF_ORDER', 'Breaks and lunch lie within the lane’s hours.', [...at, key]);
  }
  if ((lane.lunchTimeStart === null) !== (lane.lunchTimeEnd === null))
    throw refusal('VALIDATION_FAILED', 'Give both the start and the end of lunch, or neither.', [
      ...at,
      lane.lunchTimeStart === null ? 'lunchTimeStart' : 'lunchTimeEnd',
    ]);
  if (lane.lunchTimeStart !== null && lane.lunchTimeEnd !== null)
    inOrder(lane.lunchTimeStart, lane.lunchTimeEnd, 'lunchTimeEnd', 'Lunch ends after it starts.', true);
  assertDurationChoice(lane.slotInterval, [...at, 'slotInterval']);
  if (lane.durations.length === 0)
    throw refusal('VALIDATION_FAILED', 'Choose at least one duration.', [...at, 'durations']);
  lane.durations.forEach((duration, index) => assertDurationChoice(duration, [...at, 'durations', index]));
  if (lane.clinicDates.length === 0)
    throw refusal('VALIDATION_FAILED', 'Choose at least one clinic date.', [...at, 'clinicDates']);
  const seen = new Set<string>();
  lane.clinicDates.forEach((date, index) => {
    const path = [...at, 'clinicDates', index];
    if (!isPlainDate(date)) throw refusal('VALIDATION_FAILED', 'A date YYYY-MM-DD.', path);
    if (date < window.from || date > window.to)
      throw refusal('CLINIC_DATE_OUT_OF_RANGE', `Clinic dates lie between ${window.from} and ${window.to}.`, path);
    if (seen.has(date)) throw refusal('VALIDATION_FAILED', 'Each clinic date once.', path);
    seen.add(date);
  });
}

function assertDurationChoice(minutes: number, path: Path): void {
  if (!(REQUEST_DURATION_CHOICES as readonly number[]).includes(minutes))
    throw refusal('INVALID_DURATION', `Choose one of ${REQUEST_DURATION_CHOICES.join(', ')} minutes.`, path);
}

const required = (field: string, message: string) => refusal('VALIDATION_FAILED', message, [field]);
const invalid = (field: string, message: string) => refusal('VALIDATION_FAILED', message, [field]);
