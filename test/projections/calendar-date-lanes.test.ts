import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { CalendarDateEvent } from '../../domain/calendar-dates/events';
import { PostgresEventStore } from '../../commands/event-store/postgres';
import { calendarDatesProjection } from '../../projections/calendar-dates/projection';
import { applyBatch } from '../../projections/runner/apply-batch';
import { findDatesOfLanes } from '../../projections/calendar-dates/queries';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { hourLane } from '../support/date-lane';
import { newEvent } from '../support/events';

/**
 * Issue 13: where each lane is (`calendar_date_lanes`), kept by the calendar-dates projector for the lane lookups of
 * every lock and booking. Each batch's events are appended to the store, then applied as the runner applies a batch.
 */
interface Context {
  database: TestDatabase;
  store: PostgresEventStore;
}

const test = suite<Context>('projections: where each lane is');
test.before(async (context) => {
  context.database = await createTestDatabase();
  context.store = new PostgresEventStore(context.database.pool, context.database.url);
  await context.database.knex('calendars').insert({
    id: 71,
    name: 'Lanes clinic',
    enabled: true,
    group_session: false,
    settings: { lockTime: 300 },
    created_at: '2026-11-28T15:00:00Z',
    updated_at: '2026-11-28T15:00:00Z',
  });
});
test.after(async (context) => {
  await context.database?.drop();
});

const at = '2026-11-28T15:00:00.000Z';
const onDate = (date: string) => ({ calendarId: 71, date, at });
const added = (date: string, calendarDateId: number, laneIds: number[]): CalendarDateEvent => ({
  type: 'CalendarDateAdded',
  data: {
    ...onDate(date),
    calendarDateId,
    enabled: true,
    lanes: laneIds.map((id) => hourLane(id)),
    seriesId: null,
    copiedFrom: null,
  },
});

/** Appends the events to their dates' streams, then applies them as the runner applies one batch. */
async function applied(context: Context, events: CalendarDateEvent[]) {
  const last = (await context.store.readAll(null, 100_000)).at(-1)?.position ?? null;
  for (const event of events)
    await context.store.append(`calendarDate-${event.data.calendarId}_${event.data.date}`, 'any', [
      newEvent(event.type, event.data),
    ]);
  const batch = await context.store.readAll(last, 100_000);
  await context.database.knex.transaction((trx) => applyBatch(trx, calendarDatesProjection, batch));
}

const datesOf = async (context: Context, laneIds: number[]) =>
  (await findDatesOfLanes(context.database.knex, laneIds)).map((found) => found?.date ?? null);

test('a lane is found on its date, follows a move, leaves with a change of lanes and with its date', async (context) => {
  await applied(context, [added('2026-12-01', 501, [11, 12]), added('2026-12-02', 502, [21])]);
  assert.equal(await datesOf(context, [11, 12, 21, 99]), ['2026-12-01', '2026-12-01', '2026-12-02', null]);

  await applied(context, [
    {
      type: 'CalendarDateMovedHere',
      data: {
        ...onDate('2026-12-09'),
        calendarDateId: 501,
        enabled: true,
        lanes: [hourLane(11), hourLane(12)],
        seriesId: null,
        fromDate: '2026-12-01',
      },
    },
    { type: 'CalendarDateMovedAway', data: { ...onDate('2026-12-01'), calendarDateId: 501, toDate: '2026-12-09' } },
  ]);
  assert.equal(await datesOf(context, [11, 12]), ['2026-12-09', '2026-12-09'], 'moved with its date');

  await applied(context, [
    {
      type: 'CalendarDateUpdated',
      data: { ...onDate('2026-12-09'), changes: { lanes: [hourLane(11), hourLane(13)] } },
    },
  ]);
  assert.equal(await datesOf(context, [11, 12, 13]), ['2026-12-09', null, '2026-12-09'], 'lane 12 removed, 13 added');

  await applied(context, [{ type: 'CalendarDateDeleted', data: { ...onDate('2026-12-02'), calendarDateId: 502 } }]);
  assert.equal(await datesOf(context, [21, 11]), [null, '2026-12-09'], 'gone with its date, the others stay');
});

test('two dates of one batch carrying one lane id (copies of a date): one row, the later date', async (context) => {
  await applied(context, [added('2027-01-04', 601, [31]), added('2027-01-05', 602, [31])]);
  assert.equal(await datesOf(context, [31]), ['2027-01-05']);
});

test.run();
