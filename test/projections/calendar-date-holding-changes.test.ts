import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { DateHoldings } from '../../domain/calendar-dates/calendar-date';
import { holdingChanges } from '../../projections/calendar-dates/holding-rows';

/** What the calendar-dates projector writes of a date's locks and bookings: only what changed since it was stored. */
const test = suite('projections: calendar date holding changes');

const lockA = { token: 'a', laneId: 1, startTime: '09:00:00', endTime: '09:15:00', expiresAt: '2027-01-04T14:00:00Z' };
const lockB = { ...lockA, token: 'b', startTime: '09:15:00', endTime: '09:30:00' };
const booking = { appointmentId: 9, laneId: 1, startTime: '09:30:00', endTime: '09:45:00', clientCount: 1 };
const of = (holdings: DateHoldings) => ({ calendarId: 3, date: '2027-01-04', holdings });
const keys = (rows: { kind: string; key: string }[]) => rows.map((row) => `${row.kind}/${row.key}`);

test('a new lock is written alone; the holdings left as they were are neither written nor removed', () => {
  const changes = holdingChanges(
    of({ locks: [lockA], bookings: [booking] }),
    of({ locks: [lockA, lockB], bookings: [booking] }),
  );
  assert.equal(keys(changes.written), ['lock/b']);
  assert.equal(changes.removed, []);
});

test('a booking replaces its lock: the lock row is removed, the booking written', () => {
  const booked = { appointmentId: 10, laneId: 1, startTime: '09:15:00', endTime: '09:30:00', clientCount: 2 };
  const changes = holdingChanges(
    of({ locks: [lockA, lockB], bookings: [] }),
    of({ locks: [lockA], bookings: [booked] }),
  );
  assert.equal(keys(changes.removed), ['lock/b']);
  assert.equal(keys(changes.written), ['booking/10']);
  assert.equal(changes.written[0]!.holding, booked);
});

test('a changed booking (a new object for the same appointment) is written again under its key', () => {
  const changed = { ...booking, clientCount: 3, version: 2 };
  const changes = holdingChanges(of({ locks: [], bookings: [booking] }), of({ locks: [], bookings: [changed] }));
  assert.equal(keys(changes.written), ['booking/9']);
  assert.equal(changes.removed, []);
});

test('a date never stored has every holding written', () => {
  const changes = holdingChanges(null, of({ locks: [lockA], bookings: [booking] }));
  assert.equal(keys(changes.written).sort(), ['booking/9', 'lock/a']);
  assert.equal(
    changes.written.map((row) => [row.calendarId, row.date]),
    [
      [3, '2027-01-04'],
      [3, '2027-01-04'],
    ],
  );
});

test('a busy date: of hundreds kept, only the locks booked or lapsed and the new holdings are written or removed', () => {
  const locks = Array.from({ length: 200 }, (_, index) => ({ ...lockA, token: `t${index}` }));
  const bookings = Array.from({ length: 300 }, (_, index) => ({ ...booking, appointmentId: 1000 + index }));
  const newLock = { ...lockA, token: 'new' };
  const booked = { ...booking, appointmentId: 5000 };
  // As the projector's events make them: filtered copies, new holdings at the end.
  const changes = holdingChanges(
    of({ locks, bookings }),
    of({
      locks: [...locks.filter((lock) => lock.token !== 't7' && lock.token !== 't150'), newLock],
      bookings: [...bookings.filter((held) => held.appointmentId !== 1010), booked],
    }),
  );
  assert.equal(keys(changes.removed), ['lock/t7', 'lock/t150', 'booking/1010']);
  assert.equal(keys(changes.written), ['lock/new', 'booking/5000']);
});

test('a kept holding met out of its order is written again under its key, never removed', () => {
  const changes = holdingChanges(
    of({ locks: [lockA, lockB], bookings: [] }),
    of({ locks: [lockB, lockA], bookings: [] }),
  );
  assert.equal(changes.removed, []);
  assert.equal(keys(changes.written), ['lock/a']);
});

test.run();
