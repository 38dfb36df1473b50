import type { ApiIssue } from '../../shared/errorMessages';
import {
  EARLIEST_REQUEST_TIME,
  LATEST_REQUEST_TIME,
  MAX_REQUEST_LANES,
  MIN_REQUEST_LANES,
  type RequestFormFields,
  type RequestLane,
} from '../../../../domain/request-forms/request-form';
import { clinicDateWindow, REQUEST_DURATION_CHOICES } from '../../../../domain/request-forms/rules';
import { defaultRequestLane } from './requestLanes';
import type { RequestFormBody } from './types';

/**
 * The pure side of the request form (§3 Request form, §5): its values, every §5 problem on its field (the API path
 * joined with dots: 'calendarName', 'lanes.1.endTime'...), the body sent, and the server's refusals on their fields.
 */
export interface RequestFormValues extends Omit<RequestFormFields, 'calendarName' | 'enableOn'> {
  calendarName: string;
  /** 'YYYY-MM-DD', or '' before one is chosen. */
  enableOn: string;
}

export const PROBLEM_KEYS = [
  'calendarNameRequired',
  'locationRequired',
  'enableOnRequired',
  'calendarRequired',
  'laneCountRange',
  'lanesMismatch',
  'laneNameRequired',
  'timeOutOfRange',
  'endBeforeStart',
  'firstBeforeStart',
  'lastBeforeFirst',
  'lastAfterEnd',
  'timesOutOfOrder',
  'breakOutsideLane',
  'lunchBoth',
  'lunchEndBeforeStart',
  'intervalRequired',
  'durationsRequired',
  'clinicDatesRequired',
  'clinicDatesOutOfRange',
  'unknownLocation',
  'unknownCalendar',
  'unknownTemplate',
  'invalidField',
] as const;
export type ProblemKey = (typeof PROBLEM_KEYS)[number];
export type RequestFormProblems = Record<string, ProblemKey>;

export function initialValues(laneName: (number: number) => string): RequestFormValues {
  return {
    requestType: 'requestformcalendar',
    calendarName: '',
    locationId: null,
    enableOn: '',
    syncWithDashboardOfEvents: true,
    showOnCalendarOverview: true,
    groupSessions: false,
    allowMultipleClients: false,
    fields: '',
    calendarId: null,
    schedule: '',
    laneCount: 1,
    sameLaneData: false,
    lanes: [defaultRequestLane(laneName(1))],
    enableEmails: false,
    confirmationTemplateId: null,
    reminderTemplateId: null,
    additionalInformation: '',
  };
}

const requiredTimes = ['startTime', 'endTime', 'firstAppointmentTime', 'lastAppointmentTime'] as const;
const optionalTimes = ['breakTimeAm', 'breakTimePm', 'lunchTimeStart', 'lunchTimeEnd'] as const;

/** One lane's problems (§5): name, times in range and in order, interval, durations, clinic dates in the window. */
function laneProblems(lane: RequestLane, at: string, window: { from: string; to: string }): RequestFormProblems {
  const problems: RequestFormProblems = {};
  const put = (field: string, key: ProblemKey) => (problems[`${at}.${field}`] ??= key);
  if (lane.name.trim() === '') put('name', 'laneNameRequired');
  for (const field of [...requiredTimes, ...optionalTimes]) {
    const time = lane[field];
    if (time !== null && (time < EARLIEST_REQUEST_TIME || time > LATEST_REQUEST_TIME)) put(field, 'timeOutOfRange');
  }
  if (lane.startTime >= lane.endTime) put('endTime', 'endBeforeStart');
  if (lane.firstAppointmentTime < lane.startTime) put('firstAppointmentTime', 'firstBeforeStart');
  if (lane.lastAppointmentTime < lane.firstAppointmentTime) put('lastAppointmentTime', 'lastBeforeFirst');
  if (lane.lastAppointmentTime > lane.endTime) put('lastAppointmentTime', 'lastAfterEnd');
  for (const field of optionalTimes) {
    const time = lane[field];
    if (time !== null && (time < lane.startTime || time > lane.endTime)) put(field, 'breakOutsideLane');
  }
  if (lane.lunchTimeStart === null && lane.lunchTimeEnd !== null) put('lunchTimeStart', 'lunchBoth');
  if (lane.lunchTimeStart !== null && lane.lunchTimeEnd === null) put('lunchTimeEnd', 'lunchBoth');
  if (lane.lunchTimeStart !== null && lane.lunchTimeEnd !== null && lane.lunchTimeStart >= lane.lunchTimeEnd)
    put('lunchTimeEnd', 'lunchEndBeforeStart');
  if (!(REQUEST_DURATION_CHOICES as readonly number[]).includes(lane.slotInterval))
    put('slotInterval', 'intervalRequired');
  if (lane.durations.length === 0) put('durations', 'durationsRequired');
  if (lane.clinicDates.length === 0) put('clinicDates', 'clinicDatesRequired');
  else if (lane.clinicDates.some((date) => date < window.from || date > window.to))
    put('clinicDates', 'clinicDatesOutOfRange');
  return problems;
}

/** Every §5 problem of the values, on its field; `today` sets the window of the clinic dates. */
export function validateRequestForm(values: RequestFormValues, today: string): RequestFormProblems {
  const problems: RequestFormProblems = {};
  if (values.requestType === 'requestformcalendar') {
    if (values.calendarName.trim() === '') problems.calendarName = 'calendarNameRequired';
    if (values.locationId === null) problems.locationId = 'locationRequired';
    if (values.enableOn === '') problems.enableOn = 'enableOnRequired';
  } else if (values.calendarId === null) problems.calendarId = 'calendarRequired';
  if (values.laneCount < MIN_REQUEST_LANES || values.laneCount > MAX_REQUEST_LANES)
    problems.laneCount = 'laneCountRange';
  if (values.lanes.length !== (values.sameLaneData ? 1 : values.laneCount)) problems.lanes = 'lanesMismatch';
  const window = clinicDateWindow(today);
  values.lanes.forEach((lane, index) => Object.assign(problems, laneProblems(lane, `lanes.${index}`, window)));
  return problems;
}

/** The body of POST /api/request-forms; the fields of the other request type are left out. */
export function toRequestFormBody(values: RequestFormValues): RequestFormBody {
  const forCalendar = values.requestType === 'requestformcalendar';
  return {
    ...values,
    calendarName: forCalendar ? values.calendarName.trim() : null,
    locationId: forCalendar ? values.locationId : null,
    enableOn: forCalendar && values.enableOn !== '' ? values.enableOn : null,
    calendarId: forCalendar ? null : values.calendarId,
    confirmationTemplateId: values.enableEmails ? values.confirmationTemplateId : null,
    reminderTemplateId: values.enableEmails ? values.reminderTemplateId : null,
    lanes: values.lanes.map((lane) => ({ ...lane, name: lane.name.trim(), clinicDates: [...lane.clinicDates].sort() })),
  };
}

const codeProblems: Record<string, ProblemKey> = {
  UNKNOWN_LOCATION: 'unknownLocation',
  UNKNOWN_CALENDAR: 'unknownCalendar',
  UNKNOWN_TEMPLATE: 'unknownTemplate',
  REQUEST_LANES_MISMATCH: 'lanesMismatch',
  REQUEST_TIME_OUT_OF_RANGE: 'timeOutOfRange',
  REQUEST_TIMES_OUT_OF_ORDER: 'timesOutOfOrder',
  CLINIC_DATE_OUT_OF_RANGE: 'clinicDatesOutOfRange',
};
const laneFields = new Set<string>([
  ...requiredTimes,
  ...optionalTimes,
  'name',
  'slotInterval',
  'durations',
  'clinicDates',
]);
const topFields = new Set(['calendarName', 'locationId', 'enableOn', 'calendarId', 'laneCount', 'lanes']);

/** The form field an API path names ('lanes.0.durations.2' is 'lanes.0.durations'), if the form shows it. */
function fieldOfPath(path: readonly (string | number)[]): string | undefined {
  const [head, index, property] = path.map(String);
  if (head === 'lanes' && index !== undefined && /^\d+$/.test(index))
    return property !== undefined && laneFields.has(property) ? `lanes.${index}.${property}` : `lanes.${index}.name`;
  if (head === 'confirmationTemplateId' || head === 'reminderTemplateId') return head;
  return head !== undefined && topFields.has(head) ? head : undefined;
}

/** The server's refusals (400 and the request-form codes) on their fields; others are said above the form. */
export function problemsFromIssues(code: string | undefined, issues: readonly ApiIssue[]): RequestFormProblems {
  const problems: RequestFormProblems = {};
  if (code === undefined) return problems;
  for (const issue of issues) {
    const field = fieldOfPath(issue.path);
    if (field && !problems[field]) problems[field] = codeProblems[code] ?? 'invalidField';
  }
  return problems;
}
