import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { CalendarDateEvent } from '../../domain/calendar-dates/events';
import { PostgresEventStore } from '../../commands/event-store/postgres';
import { calendarDatesProjection } from '../../projections/calendar-dates/projection';
import { holdingsOfDate } from '../../projections/calendar-dates/holding-rows';
import { applyBatch } from '../../projections/runner/apply-batch';
import type { ProjectionMemory } from '../../projections/runner/projection';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { at, lockOn, newDate } from '../support/calendar-date-events';
import { hourLane } from '../support/date-lane';
import { newEvent } from '../support/events';

/**
 * Issue 13: the calendar-dates projector remembers the dates it wrote, with the row version each write left, so that
 * the next batch of a rush does not read them again. A remembered date is used only while the stored row is still the
 * one remembered: a batch of locks and bookings writes each date only if its row is still at that version, and reads
 * and applies again those that were not.
 */
interface Context {
  database: TestDatabase;
  store: PostgresEventStore;
}

const test = suite<Context>('projections: calendar dates remembered between batches');
test.before(async (context) => {
  context.database = await createTestDatabase();
  context.store = new PostgresEventStore(context.database.pool, context.database.url);
});
test.after(async (context) => {
  await context.database?.drop();
});

/** Appends the events, then applies them as one batch of a runner keeping `memory` (`fail`: the batch rolls back). */
async function applied(context: Context, memory: ProjectionMemory, events: CalendarDateEvent[], fail = false) {
  const last = (await context.store.readAll(null, 100_000)).at(-1)?.position ?? null;
  for (const event of events)
    await context.store.append(`calendarDate-${event.data.calendarId}_${event.data.date}`, 'any', [
      newEvent(event.type, event.data),
    ]);
  const batch = await context.store.readAll(last, 100_000);
  await context.database.knex
    .transaction(async (trx) => {
      await applyBatch(trx, calendarDatesProjection, batch, { memory });
      if (fail) throw new Error('rolled back');
    })
    .catch((error: unknown) => {
      if (!fail) throw error;
    });
  return batch;
}

/** Applies a batch again (the runner's retry after a rollback) without appending it. */
const appliedAgain = (context: Context, memory: ProjectionMemory, batch: Awaited<ReturnType<typeof applied>>) =>
  context.database.knex.transaction((trx) => applyBatch(trx, calendarDatesProjection, batch, { memory }));

/** The stored date's locks' tokens, its lanes, and the lane the public would get at 09:00 for 15 minutes. */
async function stored(context: Context, date: string) {
  const row = await context.database.knex('calendar_dates').where({ calendar_id: 72, date }).first<{
    lanes: { id: number }[];
    free_times: Record<string, [string, number][]>;
  }>();
  const holdings = await holdingsOfDate(context.database.knex, 72, date);
  return {
    tokens: holdings.locks.map((lock) => lock.token).sort(),
    lanes: row.lanes.map((lane) => lane.id),
    laneAt0900: row.free_times['900']?.find(([time]) => time === '09:00:00')?.[1] ?? null,
  };
}

/** The lanes each read of `calendar_dates` answered with (null: the row was remembered, its lanes not sent). */
async function lanesRead(context: Context, work: () => Promise<unknown>): Promise<unknown[]> {
  const read: unknown[] = [];
  const onResponse = (response: { rows?: { lanes?: unknown }[] }, query: { sql: string }) => {
    if (query.sql.includes('from unnest(') && query.sql.includes('join calendar_dates d'))
      for (const row of response.rows ?? []) read.push(row.lanes);
  };
  context.database.knex.on('query-response', onResponse);
  try {
    await work();
  } finally {
    context.database.knex.off('query-response', onResponse);
  }
  return read;
}

test('locks on dates written last by this runner are applied without reading the dates', async (context) => {
  const memory: ProjectionMemory = new Map();
  const date = newDate('2027-02-01');
  await applied(context, memory, [date, lockOn(date, 'a', '09:00:00')]);
  const read = await lanesRead(context, () => applied(context, memory, [lockOn(date, 'b', '09:15:00')]));
  assert.equal(read, [], 'no read: the row is written only if still at the remembered version');
  const after = await stored(context, '2027-02-01');
  assert.equal(after.tokens, ['a', 'b']);
  assert.equal(after.lanes.length, 2, 'a change of holdings leaves the lanes as they were');

  const unremembered = await lanesRead(context, () => applied(context, new Map(), [lockOn(date, 'c', '09:30:00')]));
  assert.equal(unremembered.length, 1);
  assert.ok(Array.isArray(unremembered[0]), 'a runner without memory reads the whole row');
});

test('a batch that also names a date not remembered reads its dates, the remembered one without its lanes', async (context) => {
  const memory: ProjectionMemory = new Map();
  const date = newDate('2027-02-05');
  await applied(context, memory, [date]);
  const other = newDate('2027-02-06');
  await applied(context, new Map(), [other]); // written by another runner: not remembered here
  const read = await lanesRead(context, () =>
    applied(context, memory, [lockOn(date, 'a', '09:00:00'), lockOn(other, 'b', '09:00:00')]),
  );
  assert.equal(read.map((lanes) => (lanes === null ? 'remembered' : 'read')).sort(), ['read', 'remembered']);
  assert.equal((await stored(context, '2027-02-05')).tokens, ['a']);
  assert.equal((await stored(context, '2027-02-06')).tokens, ['b']);
});

test("another process's write is read from the row, not taken from memory", async (context) => {
  const memory: ProjectionMemory = new Map();
  const date = newDate('2027-02-02');
  await applied(context, memory, [date, lockOn(date, 'a', '09:00:00')]);
  await applied(context, new Map(), [lockOn(date, 'b', '09:15:00')]); // another runner
  const read = await lanesRead(context, () => applied(context, memory, [lockOn(date, 'c', '09:30:00')]));
  assert.equal(read.length, 1);
  assert.ok(Array.isArray(read[0]), 'the stored version differs: nothing written from memory, the row is read');
  assert.equal((await stored(context, '2027-02-02')).tokens, ['a', 'b', 'c'], "the other process's lock is kept");
});

test('a batch that rolled back is applied again from the stored row', async (context) => {
  const memory: ProjectionMemory = new Map();
  const date = newDate('2027-02-03');
  await applied(context, memory, [date]);
  const batch = await applied(context, memory, [lockOn(date, 'a', '09:00:00')], true);
  assert.equal((await stored(context, '2027-02-03')).tokens, [], 'nothing of the rolled-back batch is stored');
  const read = await lanesRead(context, () => appliedAgain(context, memory, batch));
  assert.equal(read.length, 1);
  assert.ok(
    Array.isArray(read[0]),
    "the memory holds the rolled-back write's version, not the stored one: the row is read",
  );
  assert.equal((await stored(context, '2027-02-03')).tokens, ['a'], 'applied once');
});

test('a change of lanes after remembered batches writes the whole date', async (context) => {
  const memory: ProjectionMemory = new Map();
  const date = newDate('2027-02-04');
  await applied(context, memory, [date, lockOn(date, 'a', '09:00:00')]);
  await applied(context, memory, [
    {
      type: 'CalendarDateUpdated',
      data: { calendarId: 72, date: '2027-02-04', at, changes: { lanes: [hourLane(4242)] } },
    },
  ]);
  const after = await stored(context, '2027-02-04');
  assert.equal(after.lanes, [4242]);
  assert.equal(after.tokens, ['a']);
  assert.equal(after.laneAt0900, 4242, 'the free times follow the new lanes');
});

test.run();
