import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { fold } from '../../../domain/shared/decider';
import { firstWaiting, offerOf, positionOf, waitlistDecider } from '../../../domain/waitlist/decider';
import type { WaitlistEvent } from '../../../domain/waitlist/events';
import {
  MAX_WAITLIST_LENGTH,
  type WaitlistEntry,
  type WaitlistOffer,
  type WaitlistTarget,
} from '../../../domain/waitlist/waitlist';
import { scenario } from '../../support/given-when-then';

const target: WaitlistTarget = { kind: 'series', calendarId: 12, seriesId: 7 };
const dateTarget: WaitlistTarget = { kind: 'date', calendarId: 12, date: '2026-12-03' };
const now = '2026-11-24T15:00:00.000Z';
const later = '2026-11-25T15:00:00.000Z';
const entry = (entryId: string, email: string): WaitlistEntry => ({
  entryId,
  serviceId: 3,
  email,
  language: 'en',
  spots: 1,
  duration: null,
  joinedAt: now,
});
const ada = entry('e-ada', 'ada@example.com');
const bob = entry('e-bob', 'bob@example.com');
const cy = entry('e-cy', 'cy@example.com');
const joined = (joiner: WaitlistEntry): WaitlistEvent => ({
  type: 'WaitlistJoined',
  data: { target, at: now, entry: joiner },
});
const offer = (entryId: string, holdToken = `hold-${entryId}`): WaitlistOffer => ({
  entryId,
  holdToken,
  laneId: 40,
  startTime: null,
  endTime: null,
  expiresAt: '2026-11-25T03:00:00.000Z',
  madeAt: now,
});
const offered = (entryId: string): WaitlistEvent => ({
  type: 'WaitlistOfferMade',
  data: { target, at: now, offer: offer(entryId) },
});
const join = (joiner: WaitlistEntry, on: WaitlistTarget = target) =>
  ({ type: 'JoinWaitlist', data: { target: on, now, entry: joiner } }) as const;
const makeOffer = (entryId: string, holdToken?: string) =>
  ({ type: 'MakeWaitlistOffer', data: { target, now, offer: offer(entryId, holdToken) } }) as const;
const take = (holdToken: string) =>
  ({ type: 'TakeWaitlistOffer', data: { target, now: later, holdToken, appointmentId: 501 } }) as const;
const lapse = (entryId: string, at = later) =>
  ({ type: 'LapseWaitlistOffer', data: { target, now: at, entryId } }) as const;
const leave = (entryId: string) => ({ type: 'LeaveWaitlist', data: { target, now: later, entryId } }) as const;
const { given } = scenario(waitlistDecider);

const empty = suite('waitlist decider: nobody in line');
empty('JoinWaitlist records the first entry', () => {
  given().when(join(ada)).then(joined(ada));
});
empty('a date is waited for with the length wanted', () => {
  given().when(join(ada, dateTarget)).thenRefused('VALIDATION_FAILED');
  given()
    .when(join({ ...ada, duration: 900 }, dateTarget))
    .then({ type: 'WaitlistJoined', data: { target: dateTarget, at: now, entry: { ...ada, duration: 900 } } });
});
empty('an entry without spots is refused', () => {
  given()
    .when(join({ ...ada, spots: 0 }))
    .thenRefused('VALIDATION_FAILED');
});
empty('an offer, a lapse or a leave names no entry: refused', () => {
  given().when(makeOffer('e-ada')).thenRefused('WAITLIST_ENTRY_NOT_FOUND');
  given().when(lapse('e-ada')).thenRefused('WAITLIST_ENTRY_NOT_FOUND');
  given().when(leave('e-ada')).thenRefused('WAITLIST_ENTRY_NOT_FOUND');
});
empty('taking an offer nobody made is refused', () => {
  given().when(take('hold-e-ada')).thenRefused('WAITLIST_OFFER_NOT_FOUND');
});
empty('firstWaiting finds nobody; positions are null', () => {
  const state = waitlistDecider.initialState;
  assert.is(firstWaiting(state), undefined);
  assert.is(positionOf(state, 'e-ada'), null);
});
empty.run();

const waiting = suite('waitlist decider: people waiting');
waiting('the next one joins behind, in the order of joining', () => {
  given(joined(ada)).when(join(bob)).then(joined(bob));
  const state = fold(waitlistDecider, [joined(ada), joined(bob)]);
  assert.equal([positionOf(state, 'e-ada'), positionOf(state, 'e-bob')], [1, 2]);
  assert.is(firstWaiting(state)?.entryId, 'e-ada');
});
waiting('the same e-mail, in any case, is refused while it waits', () => {
  given(joined(ada))
    .when(join(entry('e-ada2', ' ADA@Example.com')))
    .thenRefused('ALREADY_ON_WAITLIST');
});
waiting('the same join again (a retry with its entry id) records nothing', () => {
  given(joined(ada)).when(join(ada)).then();
});
waiting(`beyond ${MAX_WAITLIST_LENGTH} in line a join is refused`, () => {
  const line = Array.from({ length: MAX_WAITLIST_LENGTH }, (_, index) =>
    joined(entry(`e-${index}`, `p${index}@example.com`)),
  );
  given(...line)
    .when(join(ada))
    .thenRefused('WAITLIST_FULL');
  given(...line.slice(1))
    .when(join(ada))
    .then(joined(ada));
});
waiting('the first one waiting is offered the place', () => {
  given(joined(ada), joined(bob)).when(makeOffer('e-ada')).then(offered('e-ada'));
});
waiting('an offer to someone behind the first one waiting is refused: the line changed', () => {
  given(joined(ada), joined(bob)).when(makeOffer('e-bob')).thenRefused('VERSION_CONFLICT');
});
waiting('an offer ending before it is made is refused', () => {
  given(joined(ada))
    .when({ type: 'MakeWaitlistOffer', data: { target, now, offer: { ...offer('e-ada'), expiresAt: now } } })
    .thenRefused('VALIDATION_FAILED');
});
waiting('a waiting entry leaves the line and the next one moves up', () => {
  given(joined(ada), joined(bob))
    .when(leave('e-ada'))
    .then({ type: 'WaitlistLeft', data: { target, at: later, entryId: 'e-ada' } });
  const state = fold(waitlistDecider, [
    joined(ada),
    joined(bob),
    { type: 'WaitlistLeft', data: { target, at: later, entryId: 'e-ada' } },
  ]);
  assert.equal([positionOf(state, 'e-ada'), positionOf(state, 'e-bob')], [null, 1]);
  assert.is(firstWaiting(state)?.entryId, 'e-bob');
});
waiting('a waiting entry has no offer to lapse: nothing is recorded', () => {
  given(joined(ada)).when(lapse('e-ada')).then();
});
waiting.run();

const withOffer = suite('waitlist decider: an entry offered a place');
withOffer('the offered entry keeps its place in line; the next offer goes to the first one still waiting', () => {
  const state = fold(waitlistDecider, [joined(ada), joined(bob), offered('e-ada')]);
  assert.equal([positionOf(state, 'e-ada'), positionOf(state, 'e-bob')], [1, 2]);
  assert.is(firstWaiting(state)?.entryId, 'e-bob');
  assert.is(offerOf(state, 'hold-e-ada')?.entryId, 'e-ada');
  assert.equal(offerOf(state, 'hold-e-ada')?.offer, offer('e-ada'));
  given(joined(ada), joined(bob), offered('e-ada')).when(makeOffer('e-bob')).then(offered('e-bob'));
});
withOffer('a second offer to the same entry is refused; the same offer again records nothing', () => {
  given(joined(ada), joined(bob), offered('e-ada'))
    .when(makeOffer('e-ada', 'another-hold'))
    .thenRefused('VERSION_CONFLICT');
  given(joined(ada), joined(bob), offered('e-ada')).when(makeOffer('e-ada')).then();
});
withOffer('a hold that backs an offer cannot back another', () => {
  given(joined(ada), joined(bob), offered('e-ada'))
    .when(makeOffer('e-bob', 'hold-e-ada'))
    .thenRefused('VERSION_CONFLICT');
});
withOffer('an offered e-mail cannot join again', () => {
  given(joined(ada), offered('e-ada'))
    .when(join(entry('e-ada2', 'ada@example.com')))
    .thenRefused('ALREADY_ON_WAITLIST');
});
withOffer('a booking under the hold takes the offer', () => {
  given(joined(ada), offered('e-ada'))
    .when(take('hold-e-ada'))
    .then({ type: 'WaitlistOfferTaken', data: { target, at: later, entryId: 'e-ada', appointmentId: 501 } });
});
withOffer('an unknown hold is no offer', () => {
  given(joined(ada), offered('e-ada')).when(take('hold-else')).thenRefused('WAITLIST_OFFER_NOT_FOUND');
});
withOffer('the offer lapses once its time has passed, not before', () => {
  given(joined(ada), offered('e-ada'))
    .when(lapse('e-ada'))
    .then({ type: 'WaitlistOfferLapsed', data: { target, at: later, entryId: 'e-ada' } });
  given(joined(ada), offered('e-ada')).when(lapse('e-ada', now)).then();
});
withOffer('the offered entry may leave the line', () => {
  given(joined(ada), offered('e-ada'))
    .when(leave('e-ada'))
    .then({ type: 'WaitlistLeft', data: { target, at: later, entryId: 'e-ada' } });
});
withOffer.run();

const out = suite('waitlist decider: entries out of line');
const taken: WaitlistEvent = {
  type: 'WaitlistOfferTaken',
  data: { target, at: later, entryId: 'e-ada', appointmentId: 501 },
};
const lapsed: WaitlistEvent = { type: 'WaitlistOfferLapsed', data: { target, at: later, entryId: 'e-ada' } };
out('a taken offer taken again records nothing, and cannot lapse', () => {
  given(joined(ada), offered('e-ada'), taken).when(take('hold-e-ada')).then();
  given(joined(ada), offered('e-ada'), taken).when(lapse('e-ada')).then();
  const state = fold(waitlistDecider, [joined(ada), offered('e-ada'), taken]);
  assert.equal([offerOf(state, 'hold-e-ada')?.status, offerOf(state, 'hold-e-ada')?.appointmentId], ['booked', 501]);
});
out('a lapsed offer lapses once; booking under its token later records nothing here', () => {
  given(joined(ada), offered('e-ada'), lapsed).when(lapse('e-ada')).then();
  given(joined(ada), offered('e-ada'), lapsed).when(take('hold-e-ada')).then();
});
out('an entry out of line cannot leave again', () => {
  given(joined(ada), offered('e-ada'), lapsed).when(leave('e-ada')).thenRefused('WAITLIST_ENTRY_NOT_FOUND');
  given(joined(ada), { type: 'WaitlistLeft', data: { target, at: later, entryId: 'e-ada' } })
    .when(leave('e-ada'))
    .thenRefused('WAITLIST_ENTRY_NOT_FOUND');
});
out('an entry out of line cannot be offered again: the line changed', () => {
  given(joined(ada), offered('e-ada'), lapsed, joined(bob))
    .when(makeOffer('e-ada', 'new-hold'))
    .thenRefused('VERSION_CONFLICT');
});
out('whoever left may join again, behind those still in line', () => {
  given(joined(ada), joined(bob), offered('e-ada'), lapsed)
    .when(join(entry('e-ada2', 'ada@example.com')))
    .then(joined(entry('e-ada2', 'ada@example.com')));
  const state = fold(waitlistDecider, [joined(ada), joined(bob), offered('e-ada'), lapsed, joined(cy)]);
  assert.equal([positionOf(state, 'e-bob'), positionOf(state, 'e-cy')], [1, 2]);
});
out.run();
