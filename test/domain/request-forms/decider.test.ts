import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { NamedRecordsFound, SubmitRequestForm } from '../../../domain/request-forms/commands';
import { requestFormDecider } from '../../../domain/request-forms/decider';
import type { RequestFormEvent } from '../../../domain/request-forms/events';
import type { RequestFormFields, RequestLane } from '../../../domain/request-forms/request-form';
import { DomainError } from '../../../domain/shared/decider';
import { scenario } from '../../support/given-when-then';

const now = '2026-11-22T15:00:00.000Z';
const later = '2026-11-25T09:30:00.000Z';
const createdOn = '2026-11-22';
const requester = { userId: 7, name: 'Basic User' };
const admin = { userId: 1, name: 'System Administrator' };
const allFound: NamedRecordsFound = {
  calendar: true,
  location: true,
  confirmationTemplate: true,
  reminderTemplate: true,
};

const lane: RequestLane = {
  name: 'Lane 1',
  startTime: '08:30',
  endTime: '16:00',
  slotInterval: 15,
  durations: [15, 30],
  breakTimeAm: '10:15',
  breakTimePm: '14:15',
  lunchTimeStart: '12:00',
  lunchTimeEnd: '13:00',
  firstAppointmentTime: '08:45',
  lastAppointmentTime: '15:30',
  clinicDates: ['2026-12-03', '2026-12-10'],
};
const newCalendar: RequestFormFields = {
  requestType: 'requestformcalendar',
  calendarName: 'Travel clinic',
  locationId: 3,
  enableOn: '2026-12-01',
  syncWithDashboardOfEvents: false,
  showOnCalendarOverview: true,
  groupSessions: false,
  allowMultipleClients: true,
  fields: 'first name, last name, date of birth',
  calendarId: null,
  schedule: 'Thursdays',
  laneCount: 1,
  sameLaneData: false,
  lanes: [lane],
  enableEmails: true,
  confirmationTemplateId: 1,
  reminderTemplateId: null,
  additionalInformation: '',
};
const moreDates: RequestFormFields = {
  ...newCalendar,
  requestType: 'requestformdates',
  calendarName: null,
  locationId: null,
  enableOn: null,
  calendarId: 12,
  laneCount: 2,
  lanes: [lane, { ...lane, name: 'Lane 2', clinicDates: ['2026-12-10', '2026-12-17'] }],
};

const submit = (fields: RequestFormFields, found: Partial<NamedRecordsFound> = {}): SubmitRequestForm => ({
  type: 'SubmitRequestForm',
  data: { requestFormId: 5, fields, requestedBy: requester, found: { ...allFound, ...found }, now, createdOn },
});
const submitted = (fields: RequestFormFields): RequestFormEvent => ({
  type: 'RequestFormSubmitted',
  data: { requestFormId: 5, fields, createdBy: requester, createdAt: now },
});
const withLane = (changes: Partial<RequestLane>): RequestFormFields => ({
  ...newCalendar,
  lanes: [{ ...lane, ...changes }],
});

/** The field a refusal names. */
function refusedField(fields: RequestFormFields, found: Partial<NamedRecordsFound> = {}): string {
  try {
    requestFormDecider.decide(submit(fields, found), requestFormDecider.initialState);
  } catch (error) {
    assert.instance(error, DomainError);
    return (error as DomainError).details.field as string;
  }
  return assert.unreachable('expected a refusal') as never;
}

const { given } = scenario(requestFormDecider);

const absent = suite('request-forms decider: no request yet');
absent('a request for a new calendar is recorded with who asked and when', () => {
  given().when(submit(newCalendar)).then(submitted(newCalendar));
});
absent('a request for dates on an existing calendar is recorded', () => {
  given().when(submit(moreDates)).then(submitted(moreDates));
});
absent('a new calendar needs a name, a location and an enable date', () => {
  given()
    .when(submit({ ...newCalendar, calendarName: '  ' }))
    .thenRefused('VALIDATION_FAILED');
  assert.is(refusedField({ ...newCalendar, calendarName: null }), 'calendarName');
  assert.is(refusedField({ ...newCalendar, locationId: null }), 'locationId');
  assert.is(refusedField({ ...newCalendar, enableOn: null }), 'enableOn');
});
absent('a location, a calendar or a template that does not exist is refused', () => {
  given()
    .when(submit(newCalendar, { location: false }))
    .thenRefused('UNKNOWN_LOCATION');
  given()
    .when(submit(moreDates, { calendar: false }))
    .thenRefused('UNKNOWN_CALENDAR');
  given()
    .when(submit(newCalendar, { confirmationTemplate: false }))
    .thenRefused('UNKNOWN_TEMPLATE');
  assert.is(refusedField(newCalendar, { confirmationTemplate: false }), 'confirmationTemplateId');
});
absent('dates need the calendar they are for, and need no name, location nor enable date', () => {
  given()
    .when(submit({ ...moreDates, calendarId: null }))
    .thenRefused('VALIDATION_FAILED');
  assert.is(refusedField({ ...moreDates, calendarId: null }), 'calendarId');
});
absent('the lane count is 1 to 4', () => {
  given()
    .when(submit({ ...newCalendar, laneCount: 0, lanes: [] }))
    .thenRefused('VALIDATION_FAILED');
  given()
    .when(submit({ ...newCalendar, laneCount: 5, lanes: Array(5).fill(lane) as RequestLane[] }))
    .thenRefused('VALIDATION_FAILED');
  given()
    .when(submit({ ...newCalendar, laneCount: 4, lanes: Array(4).fill(lane) as RequestLane[] }))
    .then(submitted({ ...newCalendar, laneCount: 4, lanes: Array(4).fill(lane) as RequestLane[] }));
});
absent('exactly as many lanes as chosen are described', () => {
  given()
    .when(submit({ ...newCalendar, laneCount: 2 }))
    .thenRefused('REQUEST_LANES_MISMATCH');
  assert.is(refusedField({ ...newCalendar, laneCount: 2 }), 'lanes');
});
absent('the same data for every lane is one lane, whatever the count', () => {
  const same = { ...newCalendar, laneCount: 3, sameLaneData: true };
  given().when(submit(same)).then(submitted(same));
  given()
    .when(submit({ ...same, lanes: [lane, lane, lane] }))
    .thenRefused('REQUEST_LANES_MISMATCH');
});
absent('each lane needs a name, durations and clinic dates', () => {
  assert.is(refusedField(withLane({ name: ' ' })), 'lanes.0.name');
  assert.is(refusedField(withLane({ durations: [] })), 'lanes.0.durations');
  assert.is(refusedField(withLane({ clinicDates: [] })), 'lanes.0.clinicDates');
});
absent('intervals and durations are among the offered minutes', () => {
  given()
    .when(submit(withLane({ slotInterval: 7 })))
    .thenRefused('INVALID_DURATION');
  assert.is(refusedField(withLane({ durations: [15, 45] })), 'lanes.0.durations.1');
});
absent('every time lies between 06:00 and 18:00', () => {
  given()
    .when(submit(withLane({ startTime: '05:45' })))
    .thenRefused('REQUEST_TIME_OUT_OF_RANGE');
  assert.is(refusedField(withLane({ endTime: '18:15' })), 'lanes.0.endTime');
  assert.is(refusedField(withLane({ breakTimePm: '18:30' })), 'lanes.0.breakTimePm');
  given()
    .when(
      submit(
        withLane({ startTime: '06:00', firstAppointmentTime: '06:00', endTime: '18:00', lastAppointmentTime: '18:00' }),
      ),
    )
    .then(
      submitted(
        withLane({ startTime: '06:00', firstAppointmentTime: '06:00', endTime: '18:00', lastAppointmentTime: '18:00' }),
      ),
    );
});
absent('a time that is not HH:MM is refused', () => {
  assert.is(refusedField(withLane({ startTime: '8:30' })), 'lanes.0.startTime');
});
absent('times are in order: start, first appointment, last appointment, end', () => {
  given()
    .when(submit(withLane({ endTime: '08:30' })))
    .thenRefused('REQUEST_TIMES_OUT_OF_ORDER');
  assert.is(refusedField(withLane({ firstAppointmentTime: '08:00' })), 'lanes.0.firstAppointmentTime');
  assert.is(refusedField(withLane({ lastAppointmentTime: '08:40' })), 'lanes.0.lastAppointmentTime');
  assert.is(refusedField(withLane({ lastAppointmentTime: '16:30' })), 'lanes.0.lastAppointmentTime');
});
absent('breaks and lunch lie within the lane, lunch has both ends in order', () => {
  assert.is(refusedField(withLane({ breakTimeAm: '08:00' })), 'lanes.0.breakTimeAm');
  assert.is(refusedField(withLane({ lunchTimeEnd: null })), 'lanes.0.lunchTimeEnd');
  assert.is(refusedField(withLane({ lunchTimeStart: '13:00', lunchTimeEnd: '12:00' })), 'lanes.0.lunchTimeEnd');
  const noBreaks = withLane({ breakTimeAm: null, breakTimePm: null, lunchTimeStart: null, lunchTimeEnd: null });
  given().when(submit(noBreaks)).then(submitted(noBreaks));
});
absent('clinic dates lie between the first of the month of submission and one year after it', () => {
  const edges = withLane({ clinicDates: ['2026-11-01', '2027-11-22'] });
  given().when(submit(edges)).then(submitted(edges));
  given()
    .when(submit(withLane({ clinicDates: ['2026-10-31'] })))
    .thenRefused('CLINIC_DATE_OUT_OF_RANGE');
  assert.is(refusedField(withLane({ clinicDates: ['2026-12-03', '2027-11-23'] })), 'lanes.0.clinicDates.1');
});
absent('a clinic date is given once and is a real date', () => {
  assert.is(refusedField(withLane({ clinicDates: ['2026-12-03', '2026-12-03'] })), 'lanes.0.clinicDates.1');
  assert.is(refusedField(withLane({ clinicDates: ['2026-02-30'] })), 'lanes.0.clinicDates.0');
});
absent('the refusal names the lane it is about', () => {
  assert.is(refusedField({ ...moreDates, lanes: [lane, { ...lane, name: '' }] }), 'lanes.1.name');
});
absent('a request that was never made cannot be marked done', () => {
  given()
    .when({
      type: 'MarkRequestFormFulfilled',
      data: { requestFormId: 5, calendarId: 12, calendarFound: true, fulfilledBy: admin, now: later },
    })
    .thenRefused('REQUEST_FORM_NOT_FOUND');
});
absent.run();

const open = suite('request-forms decider: submitted request');
open('submitting the same request again is refused', () => {
  given(submitted(newCalendar)).when(submit(newCalendar)).thenRefused('REQUEST_FORM_ALREADY_EXISTS');
});
open('a new calendar request is done once the calendar exists; no dates were added unless said', () => {
  given(submitted(newCalendar))
    .when({
      type: 'MarkRequestFormFulfilled',
      data: { requestFormId: 5, calendarId: 40, calendarFound: true, fulfilledBy: admin, now: later },
    })
    .then({
      type: 'RequestFormFulfilled',
      data: { requestFormId: 5, calendarId: 40, dates: [], fulfilledBy: admin, fulfilledAt: later },
    });
});
open('a dates request records the dates it asked for, once each, in order', () => {
  given(submitted(moreDates))
    .when({
      type: 'MarkRequestFormFulfilled',
      data: { requestFormId: 5, calendarId: 12, calendarFound: true, fulfilledBy: admin, now: later },
    })
    .then({
      type: 'RequestFormFulfilled',
      data: {
        requestFormId: 5,
        calendarId: 12,
        dates: ['2026-12-03', '2026-12-10', '2026-12-17'],
        fulfilledBy: admin,
        fulfilledAt: later,
      },
    });
});
open('the dates actually added are recorded when given', () => {
  given(submitted(moreDates))
    .when({
      type: 'MarkRequestFormFulfilled',
      data: {
        requestFormId: 5,
        calendarId: 12,
        calendarFound: true,
        dates: ['2026-12-10', '2026-12-03'],
        fulfilledBy: admin,
        now: later,
      },
    })
    .then({
      type: 'RequestFormFulfilled',
      data: {
        requestFormId: 5,
        calendarId: 12,
        dates: ['2026-12-03', '2026-12-10'],
        fulfilledBy: admin,
        fulfilledAt: later,
      },
    });
});
open('dates go to the calendar they were asked for', () => {
  given(submitted(moreDates))
    .when({
      type: 'MarkRequestFormFulfilled',
      data: { requestFormId: 5, calendarId: 13, calendarFound: true, fulfilledBy: admin, now: later },
    })
    .thenRefused('REQUEST_CALENDAR_MISMATCH');
});
open('a calendar that does not exist is refused', () => {
  given(submitted(newCalendar))
    .when({
      type: 'MarkRequestFormFulfilled',
      data: { requestFormId: 5, calendarId: 99, calendarFound: false, fulfilledBy: admin, now: later },
    })
    .thenRefused('UNKNOWN_CALENDAR');
});
open.run();

const done = suite('request-forms decider: fulfilled request');
const fulfilled: RequestFormEvent = {
  type: 'RequestFormFulfilled',
  data: { requestFormId: 5, calendarId: 40, dates: [], fulfilledBy: admin, fulfilledAt: later },
};
done('it cannot be marked done twice', () => {
  given(submitted(newCalendar), fulfilled)
    .when({
      type: 'MarkRequestFormFulfilled',
      data: { requestFormId: 5, calendarId: 40, calendarFound: true, fulfilledBy: admin, now: later },
    })
    .thenRefused('REQUEST_FORM_ALREADY_FULFILLED');
});
done('nor submitted again', () => {
  given(submitted(newCalendar), fulfilled).when(submit(newCalendar)).thenRefused('REQUEST_FORM_ALREADY_EXISTS');
});
done.run();
