import type { Knex } from 'knex';
import * as assert from 'uvu/assert';
import type { EventStore } from '../../domain/event-store/port';
import { calendarDatesProjection } from '../../projections/calendar-dates/projection';
import { rebuildProjection } from '../../projections/runner/rebuild';

/**
 * Rebuilds the calendar-dates read model with every event of the log in one batch and checks that it gives the rows
 * the live projector wrote event by event (the projector writes each date once a batch).
 */
export async function assertCalendarDatesRebuildSame(store: EventStore, knex: Knex): Promise<void> {
  const snapshot = () => knex('calendar_dates').orderBy(['calendar_id', 'date']).select('*');
  const before = await snapshot();
  assert.ok(before.length >= 5, `${before.length} dates to compare`);
  await rebuildProjection(calendarDatesProjection, { store, knex, batchSize: 100_000 });
  assert.equal(await snapshot(), before);
}
