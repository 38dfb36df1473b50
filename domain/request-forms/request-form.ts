/** §3 Request form: a staff member's request for a new calendar, or for more dates on an existing one. */

export const REQUEST_TYPES = ['requestformcalendar', 'requestformdates'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

/** §9: a request asks for 1 to 4 lanes, with every time of day between 06:00 and 18:00. */
export const MIN_REQUEST_LANES = 1;
export const MAX_REQUEST_LANES = 4;
export const EARLIEST_REQUEST_TIME = '06:00';
export const LATEST_REQUEST_TIME = '18:00';

/** Request times are wall-clock 'HH:MM' (the form offers whole minutes; they compare as text). */
export const REQUEST_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** §3 Request lane. Intervals and durations are in minutes; the break and lunch times are optional. */
export interface RequestLane {
  name: string;
  startTime: string;
  endTime: string;
  slotInterval: number;
  durations: number[];
  breakTimeAm: string | null;
  breakTimePm: string | null;
  lunchTimeStart: string | null;
  lunchTimeEnd: string | null;
  firstAppointmentTime: string;
  lastAppointmentTime: string;
  clinicDates: string[];
}

/**
 * What a request asks for. A new calendar (`requestformcalendar`) names the calendar, its location and enable date;
 * dates for an existing calendar (`requestformdates`) name the calendar. With `sameLaneData` one lane describes all
 * `laneCount` lanes; otherwise there is one lane per count.
 */
export interface RequestFormFields {
  requestType: RequestType;
  calendarName: string | null;
  locationId: number | null;
  enableOn: string | null;
  syncWithDashboardOfEvents: boolean;
  showOnCalendarOverview: boolean;
  groupSessions: boolean;
  allowMultipleClients: boolean;
  /** Free text: the client fields the calendar should ask for. */
  fields: string;
  calendarId: number | null;
  /** Free text: the schedule wanted, in the requester's words. */
  schedule: string;
  laneCount: number;
  sameLaneData: boolean;
  lanes: RequestLane[];
  enableEmails: boolean;
  confirmationTemplateId: number | null;
  reminderTemplateId: number | null;
  additionalInformation: string;
}

export interface RequestFormRequester {
  userId: number;
  name: string;
}

export const requestFormStream = (requestFormId: number): string => `requestForm-${requestFormId}`;
