import type { Knex } from 'knex';
import * as assert from 'uvu/assert';
import type { EventStore } from '../../domain/event-store/port';
import { calendarDatesProjection } from '../../projections/calendar-dates/projection';
import { rebuildProjection } from '../../projections/runner/rebuild';

/**
 * Rebuilds the calendar-dates read model with every event of the log in one batch and checks that it gives the rows
 * the live projector wrote event by event (the projector writes each date once a batch). Where each lane is
 * (`calendar_date_lanes`) must be, before and after, exactly the lanes of the dates; the locks and bookings
 * (`calendar_date_holdings`) the same rows.
 */
export async function assertCalendarDatesRebuildSame(store: EventStore, knex: Knex): Promise<void> {
  const snapshot = async () => {
    const dates = await knex('calendar_dates').orderBy(['calendar_id', 'date']).select('*');
    const lanes = await knex('calendar_date_lanes').orderBy('lane_id').select('lane_id', 'calendar_date_id');
    const holdings = await knex('calendar_date_holdings').orderBy(['calendar_id', 'date', 'kind', 'key']).select('*');
    const ofDates = dates
      .flatMap((date: { calendar_date_id: number; lanes: { id: number }[] }) =>
        date.lanes.map((lane) => ({ lane_id: lane.id, calendar_date_id: date.calendar_date_id })),
      )
      .sort((a, b) => a.lane_id - b.lane_id);
    assert.equal(lanes, ofDates, 'calendar_date_lanes holds the lanes of the dates');
    return { dates, lanes, holdings };
  };
  const before = await snapshot();
  assert.ok(before.dates.length >= 5, `${before.dates.length} dates to compare`);
  await rebuildProjection(calendarDatesProjection, { store, knex, batchSize: 100_000 });
  assert.equal(await snapshot(), before);
}
