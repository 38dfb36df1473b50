import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { timerDisplay } from '../../web/src/features/public-booking/lockTimer';
import { offerClientCount } from '../../web/src/features/public-booking/offerChoices';
import {
  initialWizardState,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from '../../web/src/features/public-booking/wizardState';
import type { OpenedOffer } from '../../web/src/features/waitlist/types';

/** Issue 20 item 6: booking through a waitlist offer, straight to the form, under 'Held for you until …'. */
const test = suite('web/booking/waitlist offer');

const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);

const dateOffer: OpenedOffer = {
  serviceId: 3,
  calendarId: 5,
  seriesId: null,
  date: '2026-12-03',
  laneId: 11,
  startTime: '09:30:00',
  endTime: '09:45:00',
  spots: 1,
  duration: 900,
  expiresAt: '2026-12-01T17:00:00.000Z',
  lockToken: 'offer-lock',
  email: 'waiting@example.ca',
  language: 'fr',
  sessionDates: [],
  deadline: null,
};

const courseOffer: OpenedOffer = {
  ...dateOffer,
  calendarId: 6,
  seriesId: 8,
  date: null,
  laneId: 21,
  startTime: null,
  endTime: null,
  spots: 2,
  duration: null,
  sessionDates: [
    { date: '2026-12-02', time: '18:00:00', duration: 7200 },
    { date: '2026-12-09', time: '18:00:00', duration: 7200 },
  ],
  deadline: '2026-12-01',
};

test("a date's offer: straight to the form, with its calendar, date, time, the offer's lock and address", () => {
  const state = run(initialWizardState(true), { type: 'offerOpened', offer: dateOffer });
  assert.is(state.step, 'appointment');
  assert.is(state.moves, 1, 'the form heading takes the focus');
  assert.equal([state.calendarId, state.groupSession, state.date], [5, false, '2026-12-03']);
  assert.equal(state.timeslot, { id: 11, time: '09:30:00' });
  assert.is(state.session, null);
  assert.equal(state.lock, { token: 'offer-lock', deadline: Date.parse('2026-12-01T17:00:00.000Z') });
  assert.equal(state.offer, { email: 'waiting@example.ca', spots: 1 });
});

test("a course's offer: its session (the lane held, its dates) and the spots offered", () => {
  const state = run(initialWizardState(false), { type: 'offerOpened', offer: courseOffer });
  assert.is(state.step, 'appointment');
  assert.equal([state.calendarId, state.groupSession, state.date, state.timeslot], [6, true, null, null]);
  assert.is(state.session?.id, 21);
  assert.equal(state.session?.sessionDates, courseOffer.sessionDates);
  assert.equal([state.session?.time, state.session?.endTime], ['18:00:00', '20:00:00'], 'from its first date');
  assert.equal(state.offer, { email: 'waiting@example.ca', spots: 2 });
});

test('an offer ends with the booking, a new choice of time, or a restart', () => {
  const opened = run(initialWizardState(false), { type: 'offerOpened', offer: dateOffer });
  const booked = run(opened, { type: 'booked', confirmation: { code: 'ABC', clients: [] } });
  assert.equal([booked.step, booked.lock], ['confirmation', null]);
  const retried = run(opened, { type: 'failed', code: 'LOCK_NOT_FOUND' }, { type: 'retryTime' });
  assert.equal([retried.step, retried.offer, retried.lock], ['time', null, null], 'a new time is an ordinary lock');
  assert.is(run(opened, { type: 'restart' }).offer, null);
});

test("the form's clients: one for a date; for a course, its spots when they are not the service's default", () => {
  const course = run(initialWizardState(false), { type: 'offerOpened', offer: courseOffer });
  assert.is(offerClientCount(course, 1), 2, 'the questionnaire asked for two');
  assert.is(offerClientCount(course, 2), 1, "the service's default spots, for one client");
  assert.is(offerClientCount(run(initialWizardState(false), { type: 'offerOpened', offer: dateOffer }), 1), 1);
});

// 2026-12-01 09:00 in Toronto (UTC-5)
const now = Date.parse('2026-12-01T14:00:00.000Z');

test('an hour or less left: the countdown, as for any lock', () => {
  assert.equal(timerDisplay('en', 300, now + 300_000, now), { kind: 'countdown' });
  assert.equal(timerDisplay('en', 3600, now + 3_600_000, now), { kind: 'countdown' });
});

test("more than an hour left: 'held until' the time, with the date when it is not today", () => {
  const later = Date.parse('2026-12-01T22:30:00.000Z'); // 5:30 p.m. the same day in Toronto
  assert.equal(timerDisplay('en', 3601, later, now), { kind: 'heldUntil', date: null, time: '5:30\u00a0p.m.' });
  assert.equal(timerDisplay('fr', 3601, later, now), { kind: 'heldUntil', date: null, time: '17\u00a0h\u00a030' });
  const tomorrow = Date.parse('2026-12-02T02:00:00.000Z'); // 9 p.m. the same day in Toronto, 2 a.m. in UTC
  assert.is(timerDisplay('en', 43_200, tomorrow, now).kind, 'heldUntil');
  assert.is((timerDisplay('en', 43_200, tomorrow, now) as { date: string | null }).date, null, "the unit's day");
  const nextMorning = Date.parse('2026-12-02T13:00:00.000Z');
  assert.equal(timerDisplay('fr', 79_200, nextMorning, now), {
    kind: 'heldUntil',
    date: 'mercredi 2 décembre 2026',
    time: '8\u00a0h',
  });
});

test.run();
