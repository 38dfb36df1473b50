import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as calendarDateLanes from '../../migrations/20261128_35_calendar_date_lanes';
import * as readModelIndexNames from '../../migrations/20261129_38_read_model_index_names';
import { createTestDatabase, type TestDatabase } from '../support/database';

/**
 * Databases whose read models were rebuilt before rebuilds kept index names: their indexes carry the names
 * PostgreSQL gives a copy (`<table>_<columns>_idx`). Migration 38 gives them back their names; migration 35 no
 * longer needs the GIN index's name to drop it.
 */
const test = suite<{ database?: TestDatabase }>('migrations: read model index names after a rebuild');

test.before.each(async (context) => {
  context.database = await createTestDatabase({ poolSize: 2 });
});
test.after.each(async (context) => {
  await context.database?.drop();
});

const indexesOf = async (database: TestDatabase, table: string) =>
  (
    await database.knex.raw<{ rows: { indexname: string }[] }>(
      `select indexname from pg_indexes where schemaname = 'public' and tablename = ? order by 1`,
      [table],
    )
  ).rows.map((row) => row.indexname);

test('indexes renamed by an earlier rebuild get back the names their migrations gave them', async ({ database }) => {
  const { knex } = database!;
  const migrated = await indexesOf(database!, 'appointments');
  // As a rebuild's copy named them
  await knex.raw('alter index appointments_by_confirmation_code rename to appointments_confirmation_code_idx');
  await knex.raw('alter index appointments_by_date rename to appointments_calendar_id_date_idx');
  await knex.raw('alter index waitlist_entries_by_hold_token rename to waitlist_entries_hold_token_idx');

  await readModelIndexNames.up(knex);
  assert.equal(await indexesOf(database!, 'appointments'), migrated);
  assert.ok((await indexesOf(database!, 'waitlist_entries')).includes('waitlist_entries_by_hold_token'));
  await readModelIndexNames.up(knex); // again: nothing to rename
  assert.equal(await indexesOf(database!, 'appointments'), migrated);
});

test('migration 35 drops the lanes GIN index of a date table rebuilt before it, whatever its name', async ({
  database,
}) => {
  const { knex } = database!;
  await calendarDateLanes.down(knex);
  await knex.raw('alter index calendar_dates_by_lane rename to calendar_dates_lanes_idx');

  await calendarDateLanes.up(knex);
  assert.not.ok((await indexesOf(database!, 'calendar_dates')).includes('calendar_dates_lanes_idx'));
  assert.ok((await indexesOf(database!, 'calendar_date_lanes')).includes('calendar_date_lanes_by_date'));
});

test.run();
