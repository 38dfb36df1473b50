import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { closedNotice, telHref } from '../../web/src/features/self-service/closedNotice';
import { validateLookup } from '../../web/src/features/self-service/lookupForm';
import {
  hashWithoutToken,
  storedToken,
  storeToken,
  tokenOfHash,
} from '../../web/src/features/self-service/manageToken';
import {
  leavesReschedule,
  refusedMoveOutcome,
  rescheduleLock,
  rescheduleStart,
} from '../../web/src/features/self-service/rescheduleState';
import type { ManagedBooking } from '../../web/src/features/self-service/types';
import { initialWizardState, type WizardState } from '../../web/src/features/public-booking/wizardState';
import selfServiceEn from '../../web/src/i18n/locales/selfService.en.json';
import selfServiceFr from '../../web/src/i18n/locales/selfService.fr.json';

/** Issue 20 "Find my booking": the page's pure parts (token of the e-mail link, closed notices, the reschedule's lock). */
const test = suite('web/self-service');

const TOKEN = '42.1798761600.abcdefghijklmnopqrstuvwxyz012345';

const booking = (changes: Partial<ManagedBooking> = {}, selfService: Partial<ManagedBooking['selfService']> = {}) =>
  ({
    token: TOKEN,
    appointmentId: 42,
    confirmationCode: 'ABCDE23456',
    service: { id: 3, title: 'Flu shot' },
    calendarId: 7,
    groupSession: false,
    date: '2026-12-03',
    startTime: '14:30:00',
    endTime: '14:45:00',
    duration: 900,
    sessions: [{ date: '2026-12-03', startTime: '14:30:00', endTime: '14:45:00' }],
    location: {
      name: 'Main clinic',
      address: '1 Main St',
      city: 'Ottawa',
      postalCode: 'K1A 0A1',
      phone: '613-555-0123',
      isVirtual: false,
    },
    firstNames: ['Ada'],
    selfService: {
      canCancel: true,
      canReschedule: true,
      reason: null,
      cutoffHours: 24,
      cutoffAt: '2026-12-02T19:30:00.000Z',
      ...selfService,
    },
    ...changes,
  }) satisfies ManagedBooking;

test('the token of an e-mail link is read from the hash, and the hash keeps anything else', () => {
  assert.is(tokenOfHash(`#token=${TOKEN}`), TOKEN);
  assert.is(tokenOfHash(`#lang=fr&token=${TOKEN}`), TOKEN);
  assert.is(tokenOfHash(''), null);
  assert.is(tokenOfHash('#token='), null);
  assert.is(tokenOfHash('#section'), null);
  assert.is(hashWithoutToken(`#token=${TOKEN}`), '');
  assert.is(hashWithoutToken(`#token=${TOKEN}&x=1`), '#x=1');
});

test('the token is kept for the visit and forgotten on demand; a storage that refuses is no failure', () => {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  assert.is(storedToken(storage), null);
  storeToken(TOKEN, storage);
  assert.is(storedToken(storage), TOKEN);
  storeToken(null, storage);
  assert.is(storedToken(storage), null);
  const refusing = {
    getItem: () => {
      throw new Error('SecurityError');
    },
    setItem: () => {
      throw new Error('QuotaExceededError');
    },
    removeItem: () => {
      throw new Error('SecurityError');
    },
  };
  storeToken(TOKEN, refusing);
  assert.is(storedToken(refusing), null);
  assert.is(storedToken(null), null);
});

test('past the cut-off or with self-service off: call the place’s phone (or the clinic when it has none)', () => {
  assert.is(closedNotice(booking()), null, 'open: no notice');
  assert.equal(closedNotice(booking({}, { canCancel: false, canReschedule: false, reason: 'CUTOFF_PASSED' })), {
    kind: 'call',
    phone: '613-555-0123',
  });
  assert.equal(closedNotice(booking({}, { canCancel: false, canReschedule: false, reason: 'SELF_SERVICE_OFF' })), {
    kind: 'call',
    phone: '613-555-0123',
  });
  assert.equal(closedNotice(booking({ location: null }, { canCancel: false, reason: 'CUTOFF_PASSED' })), {
    kind: 'callClinic',
  });
});

test('a course: not moved online (it may still be cancelled)', () => {
  const course = booking({ groupSession: true }, { canReschedule: false, reason: 'GROUP_SESSION' });
  assert.equal(closedNotice(course), { kind: 'courseNotMoved' });
});

test('a phone as people write it becomes a tel: address', () => {
  assert.is(telHref('613-555-0123'), 'tel:6135550123');
  assert.is(telHref('(613) 555-0123 ext. 4'), 'tel:6135550123');
  assert.is(telHref('613 555 0123 poste 12'), 'tel:6135550123');
  assert.is(telHref('+1 613 555 0123'), 'tel:+16135550123');
});

test('the new time is locked through the booking’s service, for the booking’s length', () => {
  assert.equal(rescheduleLock(booking(), { id: 11, time: '09:00:00' }), {
    serviceId: 3,
    calendarDateLaneId: 11,
    startTime: '09:00:00',
    endTime: '09:15:00',
  });
  assert.is(rescheduleLock(booking({ duration: 3600 }), { id: 11, time: '23:30:00' })?.endTime, '23:59:59');
  assert.is(rescheduleLock(booking({ service: null }), { id: 11, time: '09:00:00' }), null);
});

test('a reschedule starts at the wizard’s date step, on the booking’s calendar, its heading taking the focus', () => {
  const state = rescheduleStart(initialWizardState(false), booking());
  assert.is(state.step, 'date');
  assert.is(state.calendarId, 7);
  assert.ok(state.moves > 0, 'the step takes the focus');
  assert.is(state.lock, null);
});

test('Back on the date step leaves the reschedule; elsewhere it is the wizard’s Back', () => {
  const at = (step: WizardState['step']): WizardState => ({ ...initialWizardState(false), step });
  assert.ok(leavesReschedule(at('date'), { type: 'back' }));
  assert.not.ok(leavesReschedule(at('time'), { type: 'back' }));
  assert.not.ok(leavesReschedule(at('date'), { type: 'next' }));
});

test('a refused move: a time gone or not fitting is chosen again; a closed or lost booking ends the reschedule', () => {
  for (const code of ['SLOT_UNAVAILABLE', 'LOCK_NOT_FOUND', 'RESCHEDULE_SLOT_MISMATCH'])
    assert.is(refusedMoveOutcome(code), 'chooseAgain', code);
  for (const code of ['SELF_SERVICE_CLOSED', 'RESCHEDULE_NOT_OFFERED', 'BOOKING_NOT_FOUND', 'BOOKING_LINK_EXPIRED'])
    assert.is(refusedMoveOutcome(code), 'leave', code);
  assert.is(refusedMoveOutcome('NETWORK_ERROR'), 'stay');
});

test('the lookup needs a code (spaces and dashes aside) and a last name', () => {
  assert.equal(validateLookup({ confirmationCode: ' - ', lastName: ' ' }), {
    confirmationCode: 'required',
    lastName: 'required',
  });
  assert.equal(validateLookup({ confirmationCode: 'abcde-23456', lastName: 'Lovelace' }), {});
});

test('the closed notice links the phone in both languages', () => {
  for (const texts of [selfServiceEn, selfServiceFr]) assert.match(texts.closed.call, /<phone>\{\{phone\}\}<\/phone>/);
});

test.run();
