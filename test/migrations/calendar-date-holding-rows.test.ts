import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as holdingRows from '../../migrations/20261128_37_calendar_date_holding_rows';
import { createTestDatabase, type TestDatabase } from '../support/database';

/**
 * Migration 37 (issue 13): the locks and bookings a date held in its JSON column become rows of their own, and going
 * back puts them into the column again.
 */
const test = suite<{ database?: TestDatabase }>('migrations: calendar date holdings as rows');

test.before(async (context) => {
  context.database = await createTestDatabase({ poolSize: 2 });
});
test.after(async (context) => {
  await context.database?.drop();
});

const lock = {
  token: 'tok-1',
  laneId: 11,
  startTime: '09:00:00',
  endTime: '09:15:00',
  expiresAt: '2027-01-04T14:10:00.000Z',
};
const hold = { ...lock, token: 'tok-2', appointmentId: 7 };
const booking = {
  appointmentId: 7,
  laneId: 11,
  startTime: '09:15:00',
  endTime: '09:30:00',
  clientCount: 2,
  version: 3,
};

test('a date stored with holdings in its column keeps every lock and booking, each as a row, and back', async ({
  database,
}) => {
  const knex = database!.knex;
  await holdingRows.down(knex);
  await knex('calendar_dates').insert({
    calendar_id: 5,
    date: '2027-01-04',
    calendar_date_id: 50,
    enabled: true,
    lanes: JSON.stringify([]),
    capacity: 0,
    appointment_count: 1,
    client_count: 2,
    booked_slot_count: 1,
    total_slot_count: 4,
    lane_count: 1,
    updated_at: new Date(),
    holdings: JSON.stringify({ locks: [lock, hold], bookings: [booking] }),
  });
  await holdingRows.up(knex);

  const rows = await knex('calendar_date_holdings').orderBy(['kind', 'key']).select('*');
  assert.equal(rows, [
    { calendar_id: 5, date: '2027-01-04', kind: 'booking', key: '7', holding: booking },
    { calendar_id: 5, date: '2027-01-04', kind: 'lock', key: 'tok-1', holding: lock },
    { calendar_id: 5, date: '2027-01-04', kind: 'lock', key: 'tok-2', holding: hold },
  ]);
  const columns = await knex('calendar_dates').columnInfo();
  assert.not.ok('holdings' in columns, 'the JSON column is gone');

  await holdingRows.down(knex);
  const restored = await knex('calendar_dates').where({ calendar_id: 5 }).first<{ holdings: unknown }>('holdings');
  assert.equal(restored!.holdings, { locks: [lock, hold], bookings: [booking] });
  await holdingRows.up(knex);
});

test.run();
