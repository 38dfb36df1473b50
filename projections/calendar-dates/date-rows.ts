import type { Knex } from 'knex';
import type { DateHoldings, DateLane } from '../../domain/calendar-dates/calendar-date';
import { freeTimes } from '../../domain/calendar-dates/free-times';
import { dateStatistics } from '../../domain/calendar-dates/statistics';
import {
  holdingChanges,
  holdingParameters,
  holdingStatements,
  mergeChanges,
  type HoldingChanges,
} from './holding-rows';
import type { SqlPart } from '../runner/one-statement';

/** A date of `calendar_dates` as the projector holds it; `at` is the time of its last change ('' when unchanged). */
export interface DateRow {
  calendarId: number;
  date: string;
  calendarDateId: number;
  enabled: boolean;
  lanes: DateLane[];
  seriesId: number | null;
  holdings: DateHoldings;
  at: string;
}

/** The row version a write left (PostgreSQL's `xmin`: the id of the transaction that wrote it), by date key. */
export type WrittenVersions = Map<string, string>;

export const dateKey = (calendarId: number, date: string) => `${calendarId}/${date}`;

/** Rows per statement: at most 20 parameters each, well under PostgreSQL's 65,535. */
export const ROWS_PER_STATEMENT = 500;

/** What is recomputed from a date's lanes and holdings on each change: its statistics and, for an ordinary calendar, the start times the public can book. */
function derived(row: DateRow): unknown[] {
  const statistics = dateStatistics(row.lanes, row.holdings.bookings);
  const free = row.seriesId === null ? freeTimes(row.lanes, row.holdings, row.at) : null;
  return [
    statistics.capacity,
    statistics.appointmentCount,
    statistics.clientCount,
    statistics.bookedSlotCount,
    statistics.totalSlotCount,
    statistics.firstAppointmentTime,
    statistics.lastAppointmentTime,
    statistics.minStartTime,
    statistics.maxEndTime,
    statistics.laneCount,
    row.at,
    free && JSON.stringify(free.byDuration),
    free?.validFrom ?? null,
    free?.validUntil ?? null,
  ];
}

const DERIVED_COLUMNS = `capacity, appointment_count, client_count, booked_slot_count, total_slot_count, first_appointment_time,
  last_appointment_time, min_start_time, max_end_time, lane_count, updated_at, free_times, free_times_from, free_times_until`;
const DERIVED_PLACEHOLDERS =
  '?::int, ?::int, ?::int, ?::int, ?::int, ?, ?, ?, ?, ?::int, ?::timestamptz, ?::jsonb, ?::timestamptz, ?::timestamptz';
const DERIVED_SET = DERIVED_COLUMNS.split(',')
  .map((column) => column.trim())
  .map((column) => `${column} = v.${column}`)
  .join(', ');

async function inChunks(
  rows: DateRow[],
  write: (chunk: DateRow[]) => Promise<{ rows: { calendar_id: number; date: string; version: string }[] }>,
): Promise<WrittenVersions> {
  const versions: WrittenVersions = new Map();
  for (let from = 0; from < rows.length; from += ROWS_PER_STATEMENT) {
    const written = await write(rows.slice(from, from + ROWS_PER_STATEMENT));
    for (const row of written.rows) versions.set(dateKey(row.calendar_id, row.date), row.version);
  }
  return versions;
}

/** Writes whole dates (new ones, or dates whose lanes, status or series changed), many to a statement, and their holdings. */
export function writeDates(trx: Knex.Transaction, rows: DateRow[]): Promise<WrittenVersions> {
  return inChunks(rows, async (chunk) => {
    const written = await trx.raw<{ rows: { calendar_id: number; date: string; version: string }[] }>(
      `insert into calendar_dates (calendar_id, date, calendar_date_id, enabled, lanes, series_id, ${DERIVED_COLUMNS})
       values ${chunk.map(() => `(?, ?, ?, ?, ?::jsonb, ?, ${DERIVED_PLACEHOLDERS})`).join(', ')}
       on conflict (calendar_id, date) do update set calendar_date_id = excluded.calendar_date_id, enabled = excluded.enabled,
         lanes = excluded.lanes, series_id = excluded.series_id,
         ${DERIVED_SET.replaceAll('v.', 'excluded.')}
       returning calendar_id, date, xmin::text as version`,
      chunk.flatMap((row) => [
        row.calendarId,
        row.date,
        row.calendarDateId,
        row.enabled,
        JSON.stringify(row.lanes),
        row.seriesId,
        ...derived(row),
      ]) as Knex.RawBinding[],
    );
    await trx.raw(
      `delete from calendar_date_holdings h using unnest(?::int[], ?::text[]) as k(calendar_id, date)
       where h.calendar_id = k.calendar_id and h.date = k.date`,
      [chunk.map((row) => row.calendarId), chunk.map((row) => row.date)],
    );
    const holdings = mergeChanges(chunk.map((row) => holdingChanges(null, row)));
    if (holdings.written.length === 0) return written; // new dates (staff adding them) hold nothing yet
    await trx.raw(
      `with dates as (select * from unnest(?::int[], ?::text[]) as d(calendar_id, date)), ${holdingStatements('dates')}
       select 1`,
      [chunk.map((row) => row.calendarId), chunk.map((row) => row.date), ...holdingParameters(holdings)],
    );
    return written;
  });
}

/**
 * The parts of a `with` that write what a lock, a release or a booking changes in stored dates (at most
 * ROWS_PER_STATEMENT): the holdings that changed (`holdingsOf`: those of a date, against what is stored) and what
 * follows from them. A date's lanes (the bulk of a row) are neither sent nor rewritten. A date with an expected version
 * is written only if its row is still at that version; then it is missing from `written`, and its holdings are left as
 * they are. With a `gate` (a name in the same `with`), nothing is written unless that relation has a row.
 */
export function holdingsWrite(
  rows: DateRow[],
  expectedVersion: (key: string) => string | null,
  holdingsOf: (row: DateRow) => HoldingChanges,
  gate?: string,
): SqlPart {
  return {
    sql: `written as (
         update calendar_dates d set ${DERIVED_SET}
         from (values ${rows.map(() => `(?::int, ?, ?, ${DERIVED_PLACEHOLDERS})`).join(', ')})
           as v(calendar_id, date, expected_version, ${DERIVED_COLUMNS})${gate ? `, ${gate}` : ''}
         where d.calendar_id = v.calendar_id and d.date = v.date
           and (v.expected_version is null or d.xmin::text = v.expected_version)
         returning d.calendar_id, d.date, d.xmin::text as version),
       ${holdingStatements('written')}`,
    bindings: [
      ...rows.flatMap((row) => [
        row.calendarId,
        row.date,
        expectedVersion(dateKey(row.calendarId, row.date)),
        ...derived(row),
      ]),
      ...holdingParameters(mergeChanges(rows.map(holdingsOf))),
    ] as Knex.RawBinding[],
  };
}

/** Writes what locks, releases and bookings change in stored dates (`holdingsWrite`); answers the versions written. */
export function writeHoldings(
  trx: Knex.Transaction,
  rows: DateRow[],
  expectedVersion: (key: string) => string | null,
  holdingsOf: (row: DateRow) => HoldingChanges,
): Promise<WrittenVersions> {
  return inChunks(rows, (chunk) => {
    const write = holdingsWrite(chunk, expectedVersion, holdingsOf);
    return trx.raw(`with ${write.sql} select calendar_id, date, version from written`, write.bindings);
  });
}

/** Where each lane of the dates is (`calendar_date_lanes`): a lane moves with its date, and leaves with a change. */
export async function writeLanes(trx: Knex.Transaction, rows: DateRow[]): Promise<void> {
  await trx.raw('delete from calendar_date_lanes where calendar_date_id = any(?::int[])', [
    rows.map((row) => row.calendarDateId),
  ]);
  // A lane id is on one date; should two dates of the batch carry one, the later written wins (one row a lane).
  const lanes = [...new Map(rows.flatMap((row) => row.lanes.map((lane) => [lane.id, row.calendarDateId] as const)))];
  if (lanes.length === 0) return;
  await trx.raw(
    `insert into calendar_date_lanes (lane_id, calendar_date_id) select * from unnest(?::int[], ?::int[])
     on conflict (lane_id) do update set calendar_date_id = excluded.calendar_date_id`,
    [lanes.map(([laneId]) => laneId), lanes.map(([, calendarDateId]) => calendarDateId)],
  );
}
