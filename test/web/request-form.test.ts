import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { lane as calendarLaneSchema } from '../../api/calendars/schemas';
import { requestFormBody, requestFormResponse } from '../../api/request-forms/schemas';
import { defaultLane } from '../../domain/calendars/lane';
import { assertValidRequestForm } from '../../domain/request-forms/rules';
import { calendarLaneOf, calendarLanesOf, requestedDates } from '../../web/src/features/request-forms/handover';
import {
  initialValues,
  problemsFromIssues,
  toRequestFormBody,
  validateRequestForm,
  type RequestFormValues,
} from '../../web/src/features/request-forms/requestForm';
import { withCalendar, withLaneCount, withSameLaneData } from '../../web/src/features/request-forms/requestLanes';
import type { RequestForm } from '../../web/src/features/request-forms/types';
import type { Calendar } from '../../web/src/features/calendars/types';

/** The request form's rules in the browser (§4.4, §5) and what a request hands to the calendar screens. */
const test = suite('web: request form');

const today = '2026-11-24';
const laneName = (number: number) => `Staff ${number}`;

function filled(changes: Partial<RequestFormValues> = {}): RequestFormValues {
  const values = initialValues(laneName);
  return {
    ...values,
    calendarName: 'Cornwall Travel Clinic',
    locationId: 3,
    enableOn: '2026-12-01',
    lanes: values.lanes.map((lane) => ({ ...lane, clinicDates: ['2026-12-10'] })),
    ...changes,
  };
}

test('§4.4: the lane count rebuilds the lanes; the same data for every lane keeps one', () => {
  const three = withLaneCount(filled(), 3, laneName);
  assert.is(three.lanes.length, 3);
  assert.equal(
    three.lanes.map((lane) => lane.name),
    ['Staff 1', 'Staff 2', 'Staff 3'],
  );
  assert.equal(three.lanes[0]!.clinicDates, ['2026-12-10'], 'the lanes there are stay');
  assert.is(withLaneCount(three, 2, laneName).lanes.length, 2);
  assert.is(withLaneCount(three, 9, laneName).laneCount, 4, '§9: at most 4');

  const same = withSameLaneData(three, true, laneName);
  assert.is(same.lanes.length, 1);
  assert.is(same.laneCount, 3);
  assert.is(withLaneCount(same, 4, laneName).lanes.length, 1, 'still one lane for all');
  const apart = withSameLaneData(withLaneCount(same, 2, laneName), false, laneName);
  assert.is(apart.lanes.length, 2);
  assert.equal(apart.lanes[1]!.clinicDates, ['2026-12-10'], 'the others copied from the one lane');
});

test('§4.4: an existing calendar sets the lane count from its lanes', () => {
  const lanes = [
    { ...defaultLane(), id: 1, name: 'Nurse', startTime: '05:30:00', endTime: '12:00:00' },
    { ...defaultLane(), id: 2, name: 'Doctor' },
  ];
  const calendar = { id: 9, lanes } as unknown as Calendar;
  const chosen = withCalendar(filled({ requestType: 'requestformdates' }), calendar, laneName);
  assert.is(chosen.calendarId, 9);
  assert.is(chosen.laneCount, 2);
  assert.equal(
    chosen.lanes.map((lane) => [lane.name, lane.startTime, lane.endTime]),
    [
      ['Nurse', '06:00', '12:00'],
      ['Doctor', '08:45', '15:00'],
    ],
    'hours kept within 06:00-18:00',
  );
  assert.equal(
    validateRequestForm({ ...chosen, lanes: chosen.lanes.map((l) => ({ ...l, clinicDates: [today] })) }, today),
    {},
  );
});

test('§5: what each request type requires, on its field', () => {
  const empty = initialValues(laneName);
  assert.equal(validateRequestForm(empty, today), {
    calendarName: 'calendarNameRequired',
    locationId: 'locationRequired',
    enableOn: 'enableOnRequired',
    'lanes.0.clinicDates': 'clinicDatesRequired',
  });
  assert.equal(validateRequestForm({ ...empty, requestType: 'requestformdates' }, today), {
    calendarId: 'calendarRequired',
    'lanes.0.clinicDates': 'clinicDatesRequired',
  });
  const lane = filled().lanes[0]!;
  const problems = (changes: Partial<typeof lane>) =>
    validateRequestForm(filled({ lanes: [{ ...lane, ...changes }] }), today);
  assert.equal(problems({ endTime: '08:00', lastAppointmentTime: '08:30', firstAppointmentTime: '08:00' }), {
    'lanes.0.endTime': 'endBeforeStart',
    'lanes.0.firstAppointmentTime': 'firstBeforeStart',
    'lanes.0.lastAppointmentTime': 'lastAfterEnd',
  });
  assert.equal(problems({ lunchTimeStart: '12:00' }), { 'lanes.0.lunchTimeEnd': 'lunchBoth' });
  assert.equal(problems({ durations: [], name: ' ' }), {
    'lanes.0.name': 'laneNameRequired',
    'lanes.0.durations': 'durationsRequired',
  });
  assert.equal(problems({ clinicDates: ['2026-10-31'] }), { 'lanes.0.clinicDates': 'clinicDatesOutOfRange' });
  assert.equal(problems({ clinicDates: ['2026-11-01', '2027-11-24'] }), {}, 'the first of this month to a year on');
  assert.equal(problems({ clinicDates: ['2027-11-25'] }), { 'lanes.0.clinicDates': 'clinicDatesOutOfRange' });
  assert.equal(validateRequestForm(filled({ laneCount: 2 }), today), { lanes: 'lanesMismatch' });
});

test('a valid form sends a body the API and the domain accept', () => {
  const body = requestFormBody.parse(toRequestFormBody(filled()));
  assert.not.throws(() => assertValidRequestForm(body, { location: true, calendar: false } as never, today));
  const dates = requestFormBody.parse(
    toRequestFormBody(filled({ requestType: 'requestformdates', calendarId: 4, calendarName: 'kept out' })),
  );
  assert.equal([dates.calendarName, dates.locationId, dates.enableOn, dates.calendarId], [null, null, null, 4]);
});

test('the server’s refusals land on their fields', () => {
  assert.equal(
    problemsFromIssues('CLINIC_DATE_OUT_OF_RANGE', [{ path: ['lanes', 1, 'clinicDates', 0], message: 'x' }]),
    { 'lanes.1.clinicDates': 'clinicDatesOutOfRange' },
  );
  assert.equal(problemsFromIssues('UNKNOWN_LOCATION', [{ path: ['locationId'], message: 'x' }]), {
    locationId: 'unknownLocation',
  });
  assert.equal(problemsFromIssues('FORBIDDEN', []), {});
});

const request = (changes: Partial<RequestForm> = {}): RequestForm => ({
  ...requestFormResponse.parse({
    ...requestFormBody.parse(toRequestFormBody(filled())),
    id: 5,
    createdAt: '2026-11-24T12:00:00.000Z',
    createdBy: { id: 2, name: 'Bob Basic' },
    fulfilledAt: null,
    fulfilledCalendarId: null,
    fulfilledBy: null,
    fulfilledDates: [],
  }),
  ...changes,
});

test('a request lane as a calendar lane: breaks, lunch and the bookable slots between the first and last appointments', () => {
  const lane = calendarLaneOf({
    ...filled().lanes[0]!,
    startTime: '09:00',
    endTime: '11:00',
    slotInterval: 30,
    durations: [30, 15],
    breakTimeAm: '09:30',
    lunchTimeStart: '10:00',
    lunchTimeEnd: '10:30',
    firstAppointmentTime: '09:00',
    lastAppointmentTime: '10:00',
  });
  assert.equal(lane.breakSlots, ['09:30:00', '10:00:00']);
  assert.equal(lane.bookableSlots, ['09:00:00']);
  assert.equal(
    lane.durations.map((duration) => [duration.value, duration.isDefault]),
    [
      [900, false],
      [1800, true],
    ],
  );
  assert.ok(calendarLaneSchema.safeParse(lane).success, 'a lane the calendar API takes');
  const open = calendarLaneOf(filled().lanes[0]!);
  assert.equal([open.breakSlots, open.bookableSlots], [[], []], 'every slot bookable: none listed');
});

test('“same lane data” gives the calendar one lane per lane asked for; past clinic dates are not handed over', () => {
  const shared = request({ sameLaneData: true, laneCount: 3 });
  assert.equal(
    calendarLanesOf(shared).map((lane) => lane.name),
    ['Staff 1 1', 'Staff 1 2', 'Staff 1 3'],
  );
  const withDates = request({
    lanes: [{ ...request().lanes[0]!, clinicDates: ['2026-11-02', '2026-12-10', '2026-12-03'] }],
  });
  assert.equal(requestedDates(withDates, today), ['2026-12-03', '2026-12-10']);
});

test.run();
