import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  initialWizardState,
  questionnaireSettings,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from '../../web/src/features/public-booking/wizardState';

/** §2.1, §4.1 the wizard's steps: where Next and Back lead, and what a choice resets. */
const test = suite('web/booking/wizard state');

const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);
const slot = { id: 4, time: '09:00:00' };

test('without a questionnaire: landing, calendar, date, time, appointment; Back goes the same way back', () => {
  let state = run(initialWizardState(false), { type: 'started', first: null });
  assert.is(state.step, 'calendar');
  assert.is(run(state, { type: 'next' }).step, 'calendar', 'Next waits for a calendar');
  state = run(state, { type: 'calendarChosen', calendarId: 3, groupSession: false }, { type: 'next' });
  assert.is(state.step, 'date');
  state = run(
    state,
    { type: 'dateChosen', date: '2026-12-03' },
    { type: 'next' },
    { type: 'timeChosen', timeslot: slot },
    { type: 'locked', lock: { token: 't', deadline: 1 } },
  );
  assert.is(state.step, 'appointment');
  const steps = [];
  for (let i = 0; i < 4; i++) {
    state = run(state, { type: 'back' });
    steps.push(state.step);
  }
  assert.equal(steps, ['time', 'date', 'calendar', 'landing']);
  assert.is(state.lock, null, 'Back from the form drops the lock');
});

test('a group-session calendar goes to sessions, and back from the form to them', () => {
  const state = run(
    initialWizardState(false),
    { type: 'started', first: null },
    { type: 'calendarChosen', calendarId: 5, groupSession: true },
    { type: 'next' },
  );
  assert.is(state.step, 'session');
  const held = run(state, { type: 'locked', lock: { token: 't', deadline: 1 } });
  assert.is(run(held, { type: 'back' }).step, 'session');
});

test('a refused lock stays on the choice, clears it and keeps the reason', () => {
  const state = run(
    initialWizardState(false),
    { type: 'started', first: null },
    { type: 'calendarChosen', calendarId: 3, groupSession: false },
    { type: 'next' },
    { type: 'dateChosen', date: '2026-12-03' },
    { type: 'next' },
    { type: 'timeChosen', timeslot: slot },
    { type: 'lockRefused', code: 'SLOT_UNAVAILABLE' },
  );
  assert.is(state.step, 'time');
  assert.is(state.timeslot, null);
  assert.is(state.failure, 'SLOT_UNAVAILABLE');
});

test('the questionnaire: answers on the path set the client count and duration; Back from calendar returns to it', () => {
  let state = run(initialWizardState(true), { type: 'started', first: { kind: 'question', name: 'a' } });
  assert.is(state.step, 'questionnaire');
  state = run(
    state,
    {
      type: 'answered',
      question: { name: 'a', answer: 2, actions: [{ type: 'setClientCount', value: 2 }] },
      next: { kind: 'question', name: 'b' },
    },
    {
      type: 'answered',
      question: { name: 'b', answer: 'x', actions: [{ type: 'setDuration', value: 1800 }] },
      next: { kind: 'finished' },
    },
  );
  assert.is(state.step, 'calendar');
  assert.equal(questionnaireSettings(state), { clientCount: 2, duration: 1800 });
  state = run(state, { type: 'back' });
  assert.equal([state.step, state.position], ['questionnaire', { kind: 'question', name: 'b' }]);
  assert.equal(questionnaireSettings(state), { clientCount: 2 }, 'the answer stepped back over no longer counts');
  assert.is(state.remembered.b, 'x', 'but is remembered for the field');
  state = run(state, { type: 'back' }, { type: 'back' });
  assert.is(state.step, 'landing');
});

test('an ending: continues only when it allows it; Back from the calendar shows it again', () => {
  const ending = (allowContinue: boolean) =>
    run(
      initialWizardState(true),
      { type: 'started', first: { kind: 'question', name: 'a' } },
      {
        type: 'answered',
        question: { name: 'a', answer: 1, actions: [] },
        next: { kind: 'ending', name: 'e', allowContinue },
      },
      { type: 'endingContinued' },
    );
  assert.is(ending(false).step, 'questionnaire');
  const continued = ending(true);
  assert.is(continued.step, 'calendar');
  assert.equal(run(continued, { type: 'back' }).position, { kind: 'ending', name: 'e', allowContinue: true });
});

test('restart starts over, and every move counts for the focus', () => {
  const state = run(
    initialWizardState(false),
    { type: 'started', first: null },
    { type: 'calendarChosen', calendarId: 3, groupSession: false },
    { type: 'next' },
    { type: 'restart' },
  );
  assert.is(state.step, 'landing');
  assert.is(state.calendarId, null);
  assert.is(state.moves, 3);
});

test.run();
