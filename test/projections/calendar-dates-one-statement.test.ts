import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { CalendarDateEvent } from '../../domain/calendar-dates/events';
import { PostgresEventStore } from '../../commands/event-store/postgres';
import { silentLogger } from '../../commands/infrastructure/logger';
import { calendarDatesProjection } from '../../projections/calendar-dates/projection';
import { holdingsOfDate } from '../../projections/calendar-dates/holding-rows';
import { advanceCheckpoints } from '../../projections/runner/checkpoint-advances';
import { readCheckpoints } from '../../projections/runner/checkpoints';
import { ProjectionRunner } from '../../projections/runner/runner';
import { lockOn, newDate } from '../support/calendar-date-events';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { newEvent } from '../support/events';

/**
 * Issue 13: a rush's batch of the calendar-dates projector (locks and bookings on dates it wrote last) is written with
 * its checkpoint in one statement, without a transaction: while the dates are still at the versions it remembers and
 * the checkpoint where it left it. Otherwise nothing of that statement is written and the batch takes the transaction.
 */
interface Context {
  database: TestDatabase;
  store: PostgresEventStore;
  runner: ProjectionRunner;
}

const test = suite<Context>('projections: calendar-dates batches in one statement');
test.before.each(async (context) => {
  context.database = await createTestDatabase();
  context.store = new PostgresEventStore(context.database.pool, context.database.url);
  context.runner = new ProjectionRunner({
    store: context.store,
    knex: context.database.knex,
    databaseUrl: context.database.url,
    projections: [calendarDatesProjection],
    logger: silentLogger,
  });
});
test.after.each(async (context) => {
  await context.database.drop();
});

async function append(context: Context, events: CalendarDateEvent[]) {
  for (const event of events)
    await context.store.append(`calendarDate-${event.data.calendarId}_${event.data.date}`, 'any', [
      newEvent(event.type, event.data),
    ]);
}

/** The statements sent while `work` runs, lower-cased. */
async function statements(context: Context, work: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const onQuery = (query: { sql: string }) => sent.push(query.sql.toLowerCase());
  context.database.knex.on('query', onQuery);
  try {
    await work();
  } finally {
    context.database.knex.off('query', onQuery);
  }
  return sent;
}

const tokens = async (context: Context, date: string) =>
  (await holdingsOfDate(context.database.knex, 72, date)).locks.map((lock) => lock.token).sort();
const oneStatement = (sql: string) => sql.includes('checkpoint_moved');
const begin = (sql: string) => /^begin/.test(sql.trim());
const lastPosition = async (context: Context) => (await context.store.readAll(null, 100_000)).at(-1)!.position;

test('locks on remembered dates are written with the checkpoint in one statement, no transaction', async (context) => {
  const first = newDate('2027-03-01');
  const second = newDate('2027-03-02');
  await append(context, [first, second, lockOn(first, 'a', '09:00:00')]);
  await context.runner.catchUp();

  await append(context, [lockOn(first, 'b', '09:15:00'), lockOn(second, 'c', '09:00:00')]);
  const sent = await statements(context, () => context.runner.catchUp());
  assert.is(sent.filter(oneStatement).length, 1, 'one statement wrote the batch');
  assert.equal(sent.filter(begin), [], 'no transaction');
  assert.equal(await tokens(context, '2027-03-01'), ['a', 'b']);
  assert.equal(await tokens(context, '2027-03-02'), ['c']);
  const checkpoint = (await readCheckpoints(context.database.knex, ['calendarDates'])).get('calendarDates');
  assert.equal(checkpoint, await lastPosition(context), 'the checkpoint moved with it');
  const [held] = await context.database.knex('calendar_date_holdings').count<{ count: string }[]>();
  assert.is(Number(held!.count), 3, 'each lock once');
});

test('a date another process wrote since is not written from memory: the batch takes the transaction', async (context) => {
  const date = newDate('2027-03-03');
  await append(context, [date, lockOn(date, 'a', '09:00:00')]);
  await context.runner.catchUp();
  // Another process's write of the row (its version changes), the checkpoint left where it was.
  await context.database
    .knex('calendar_dates')
    .where({ calendar_id: 72, date: '2027-03-03' })
    .update({ enabled: true });

  await append(context, [lockOn(date, 'b', '09:15:00')]);
  const sent = await statements(context, () => context.runner.catchUp());
  assert.is(sent.filter(oneStatement).length, 1, 'the statement was tried');
  assert.is(sent.filter(begin).length, 1, 'then the transaction applied the batch');
  assert.equal(await tokens(context, '2027-03-03'), ['a', 'b'], 'once');
  const checkpoint = (await readCheckpoints(context.database.knex, ['calendarDates'])).get('calendarDates');
  assert.equal(checkpoint, await lastPosition(context));
});

test('a checkpoint another process moved leaves the batch unwritten here', async (context) => {
  const date = newDate('2027-03-04');
  await append(context, [date, lockOn(date, 'a', '09:00:00')]);
  await context.runner.catchUp();
  const from = (await readCheckpoints(context.database.knex, ['calendarDates'])).get('calendarDates')!;

  await append(context, [lockOn(date, 'b', '09:15:00')]);
  const to = await lastPosition(context);
  // Another process took the projector over and applied the lock (here: only its checkpoint, to tell the writes apart).
  await advanceCheckpoints(context.database.knex, [{ name: 'calendarDates', from, to, count: 1 }]);
  const sent = await statements(context, () => context.runner.catchUp());
  assert.ok(sent.some(oneStatement), 'the statement was tried');
  assert.equal(await tokens(context, '2027-03-04'), ['a'], 'and wrote nothing, nor did a transaction after it');
});

test.run();
