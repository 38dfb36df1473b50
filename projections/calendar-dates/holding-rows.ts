import type { Knex } from 'knex';
import type { DateBooking, DateHoldings, SlotLock } from '../../domain/calendar-dates/calendar-date';
import { positionalRows } from '../shared/positional-rows';

/** A lock or a booking of a date as a row of `calendar_date_holdings` (migration 37). */
interface HoldingRow {
  calendarId: number;
  date: string;
  kind: 'lock' | 'booking';
  key: string;
  holding: SlotLock | DateBooking;
}

const HOLDING_ROWS = positionalRows<HoldingRow>({
  calendarId: 'integer',
  date: 'text',
  kind: 'text',
  key: 'text',
  holding: 'jsonb',
});

/** A date's holdings as the projector sees them, for the dates whose rows it writes. */
export interface DateHoldingsOf {
  calendarId: number;
  date: string;
  holdings: DateHoldings;
}

type Kind = HoldingRow['kind'];
const keyOf = (kind: Kind, holding: SlotLock | DateBooking): string =>
  kind === 'lock' ? (holding as SlotLock).token : String((holding as DateBooking).appointmentId);

/** The rows to delete and the rows to write (new or changed) that take a date's stored holdings to `after`. */
export interface HoldingChanges {
  removed: HoldingRow[];
  written: HoldingRow[];
}

/**
 * What turns the holdings stored (`before`) into `after`. A lock or booking the projector did not change is the same
 * object in both, in the same order (its events copy the arrays without the holdings they drop and add new ones at
 * the end, never changing the holdings they keep): one walk over both finds what went and what came, so a batch of a
 * busy day costs what changed, not a set of the date's holdings. Only new or replaced objects are written, and an
 * object gone is removed unless one under its key replaces it; a kept holding met out of that order would be written
 * again, never lost.
 */
export function holdingChanges(before: DateHoldingsOf | null, after: DateHoldingsOf): HoldingChanges {
  const changes: HoldingChanges = { removed: [], written: [] };
  const { calendarId, date } = after;
  const compare = (kind: Kind, old: readonly (SlotLock | DateBooking)[], now: readonly (SlotLock | DateBooking)[]) => {
    if (old === now) return;
    const gone: (SlotLock | DateBooking)[] = [];
    let kept = 0;
    for (const holding of old) {
      if (kept < now.length && now[kept] === holding) kept += 1;
      else gone.push(holding);
    }
    const added = now.slice(kept);
    const replaced = new Set(added.map((holding) => keyOf(kind, holding)));
    for (const holding of gone)
      if (!replaced.has(keyOf(kind, holding)))
        changes.removed.push({ calendarId, date, kind, key: keyOf(kind, holding), holding });
    for (const holding of added) changes.written.push({ calendarId, date, kind, key: keyOf(kind, holding), holding });
  };
  compare('lock', before?.holdings.locks ?? [], after.holdings.locks);
  compare('booking', before?.holdings.bookings ?? [], after.holdings.bookings);
  return changes;
}

export const mergeChanges = (changes: HoldingChanges[]): HoldingChanges => ({
  removed: changes.flatMap((change) => change.removed),
  written: changes.flatMap((change) => change.written),
});

/** The parameters of `holdingStatements`, in their order. */
export const holdingParameters = ({ removed, written }: HoldingChanges): Knex.RawBinding[] => [
  removed.map((row) => row.calendarId),
  removed.map((row) => row.date),
  removed.map((row) => row.kind),
  removed.map((row) => row.key),
  // One JSON document rather than arrays: node-postgres escapes each element of a text array, quotes and all.
  HOLDING_ROWS.parameter(written),
];

/**
 * Statements for a `with` of one write: the holdings removed from and written to the dates of `dates` (a name in the
 * same `with` whose rows have calendar_id and date: the dates actually written, so that a date not written because its
 * row had moved on keeps its holdings too).
 */
export const holdingStatements = (dates: string) => `
  removed_holdings as (
    delete from calendar_date_holdings h
    using unnest(?::int[], ?::text[], ?::text[], ?::text[]) as k(calendar_id, date, kind, key), ${dates} w
    where w.calendar_id = k.calendar_id and w.date = k.date
      and h.calendar_id = k.calendar_id and h.date = k.date and h.kind = k.kind and h.key = k.key),
  written_holdings as (
    insert into calendar_date_holdings (calendar_id, date, kind, key, holding)
    select k."calendarId", k.date, k.kind, k.key, k.holding
    from (${HOLDING_ROWS.source}) as k
    join ${dates} w on w.calendar_id = k."calendarId" and w.date = k.date
    on conflict (calendar_id, date, kind, key) do update set holding = excluded.holding)`;

/** A date's holdings gathered from its rows, as the JSON of `DateHoldings`; `alias` names the date's row. */
export const holdingsOfDateSql = (alias: string) => `(
  select jsonb_build_object(
    'locks', coalesce(jsonb_agg(h.holding order by h.key) filter (where h.kind = 'lock'), '[]'::jsonb),
    'bookings', coalesce(jsonb_agg(h.holding order by h.key) filter (where h.kind = 'booking'), '[]'::jsonb))
  from calendar_date_holdings h where h.calendar_id = ${alias}.calendar_id and h.date = ${alias}.date)`;

/** The locks and bookings of one date (none when it has none, or is not there). */
export async function holdingsOfDate(knex: Knex, calendarId: number, date: string): Promise<DateHoldings> {
  const { rows } = await knex.raw<{ rows: { holdings: DateHoldings }[] }>(
    `select ${holdingsOfDateSql('d')} as holdings from (select ?::int as calendar_id, ?::text as date) d`,
    [calendarId, date],
  );
  return rows[0]!.holdings;
}
