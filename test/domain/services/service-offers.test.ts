import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { serviceOffers } from '../../../domain/services/service';

/** §3 Service: a public lock or booking through a service reaches only its calendars, and clinics only inside its window. */
const test = suite('domain/services: what a service offers');
const service = { calendarIds: [4, 7], minDaysAhead: 1, maxDaysAhead: 30 };
const today = '2026-11-24';

test('a clinic date of one of its calendars, from minDaysAhead to maxDaysAhead after today', () => {
  const offers = (date: string, calendarId = 4) =>
    serviceOffers(service, { calendarId, date, isSession: false }, today);
  assert.equal(
    ['2026-11-24', '2026-11-25', '2026-12-24', '2026-12-25'].map((date) => offers(date)),
    [false, true, true, false],
  );
  assert.is(offers('2026-12-01', 7), true);
  assert.is(offers('2026-12-01', 5), false, 'a calendar the service does not offer');
});

test('a course session: any date (its deadline closes it), but only on the service calendars', () => {
  assert.is(serviceOffers(service, { calendarId: 7, date: '2027-03-01', isSession: true }, today), true);
  assert.is(serviceOffers(service, { calendarId: 5, date: '2026-12-01', isSession: true }, today), false);
});

test.run();
