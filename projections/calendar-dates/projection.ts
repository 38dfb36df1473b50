import type { Knex } from 'knex';
import { noHoldings, type DateHoldings, type DateLane } from '../../domain/calendar-dates/calendar-date';
import { calendarDateEventTypes, type CalendarDateEvent } from '../../domain/calendar-dates/events';
import { assertNever, type DomainEvent } from '../../domain/shared/decider';
import type { OneStatementBatch } from '../runner/one-statement';
import type { Projection, ProjectionMemory } from '../runner/projection';
import {
  dateKey,
  holdingsWrite,
  ROWS_PER_STATEMENT,
  writeDates,
  writeHoldings,
  writeLanes,
  type DateRow,
} from './date-rows';
import { holdingChanges, holdingsOfDateSql } from './holding-rows';
import { RememberedDates, type RememberedDate } from './remembered-dates';

type Changes = (row: { enabled: boolean; lanes: DateLane[]; holdings: DateHoldings }) => {
  enabled: boolean;
  lanes: DateLane[];
  holdings: DateHoldings;
};

interface StoredDate {
  calendar_id: number;
  date: string;
  version: string;
  calendar_date_id: number;
  series_id: number | null;
  enabled: boolean;
  /** Null when the date is remembered at this version. */
  lanes: DateLane[] | null;
  holdings: DateHoldings | null;
}

/**
 * The dates a batch of events changes, each read once and written once at the end of the batch (statistics and free
 * times are computed from the whole date, so per event they cost a batch of a busy day dearly).
 */
class DateChanges {
  private readonly dates = new Map<string, DateRow | null>();
  /** Dates added, or whose lanes or status changed, in the batch: written whole. The others: their holdings only. */
  private readonly reshaped = new Set<string>();
  /** Dates whose lanes were set or changed in the batch: their rows of `calendar_date_lanes` are written again. */
  private readonly lanesChanged = new Set<string>();
  private readonly remembered: RememberedDates;
  /** Dates taken from memory without a read (`recall`): the version their write expects to find stored. */
  private readonly expected = new Map<string, string>();
  /** The holdings stored of each date read or recalled: a write sends only the locks and bookings that changed. */
  private readonly storedHoldings = new Map<string, DateHoldings>();

  /** `trx`: none for a batch written in one statement (Projection.inOneStatement), which reads and deletes nothing. */
  constructor(
    private readonly trx: Knex.Transaction | null,
    memory: ProjectionMemory,
  ) {
    this.remembered = new RememberedDates(memory);
  }

  private get db(): Knex.Transaction {
    if (!this.trx) throw new Error('calendar dates: this batch has no transaction to read or delete in');
    return this.trx;
  }

  put(row: DateRow) {
    const key = dateKey(row.calendarId, row.date);
    this.dates.set(key, row);
    this.reshaped.add(key);
    this.lanesChanged.add(key);
  }

  /**
   * Reads the stored dates the events name, in one query, before any of them is changed: a date remembered at its
   * stored version comes from memory, the others with their lanes and holdings.
   */
  async load(events: { event: DomainEvent }[]) {
    const wanted = new Map<string, { calendarId: number; date: string; kept: RememberedDate | undefined }>();
    for (const { event } of events) {
      const { calendarId, date } = event.data as { calendarId: number; date: string };
      const key = dateKey(calendarId, date);
      if (!this.dates.has(key) && !wanted.has(key))
        wanted.set(key, { calendarId, date, kept: this.remembered.get(key) });
    }
    if (wanted.size === 0) return;
    for (const key of wanted.keys()) this.dates.set(key, null);
    const keys = [...wanted.values()];
    const { rows } = await this.db.raw<{ rows: StoredDate[] }>(
      `select d.calendar_id, d.date, d.xmin::text as version, d.calendar_date_id, d.series_id, d.enabled,
         case when d.xmin::text is distinct from k.version then d.lanes end as lanes,
         case when d.xmin::text is distinct from k.version then ${holdingsOfDateSql('d')} end as holdings
       from unnest(?::int[], ?::text[], ?::text[]) as k(calendar_id, date, version)
       join calendar_dates d on d.calendar_id = k.calendar_id and d.date = k.date`,
      [
        keys.map((key) => key.calendarId),
        keys.map((key) => key.date),
        keys.map((key) => key.kept?.version ?? null),
      ] as Knex.RawBinding[],
    );
    for (const stored of rows) {
      const key = dateKey(stored.calendar_id, stored.date);
      const kept = stored.lanes === null ? wanted.get(key)?.kept?.row : undefined;
      const row: DateRow = kept
        ? { ...kept, at: '' }
        : {
            calendarId: stored.calendar_id,
            date: stored.date,
            calendarDateId: stored.calendar_date_id,
            seriesId: stored.series_id,
            enabled: stored.enabled,
            lanes: stored.lanes!,
            holdings: stored.holdings!,
            at: '',
          };
      if (!kept) this.remembered.keep(key, stored.version, row);
      this.dates.set(key, row);
      this.storedHoldings.set(key, row.holdings);
    }
  }

  /**
   * Takes the dates the events name from memory, without a query (every one of them is remembered): each is written
   * only if its row is still at the remembered version, and `write` answers those that were not.
   */
  recall(events: { event: DomainEvent }[]) {
    for (const { event } of events) {
      const key = keyOf(event);
      const kept = this.remembered.get(key);
      if (!kept || this.dates.has(key)) continue;
      this.dates.set(key, { ...kept.row, at: '' });
      this.storedHoldings.set(key, kept.row.holdings);
      this.expected.set(key, kept.version);
    }
  }

  /** Applies a change to the date (absent: nothing to change, e.g. a replay of a date deleted later). */
  change({ calendarId, date, at }: { calendarId: number; date: string; at: string }, apply: Changes) {
    const key = dateKey(calendarId, date);
    const row = this.dates.get(key);
    if (!row) return;
    const changed = apply({ enabled: row.enabled, lanes: row.lanes, holdings: row.holdings });
    if (changed.lanes !== row.lanes) this.lanesChanged.add(key);
    if (changed.lanes !== row.lanes || changed.enabled !== row.enabled) this.reshaped.add(key);
    this.dates.set(key, { ...row, at, ...changed });
  }

  async delete({ calendarId, date, calendarDateId }: { calendarId: number; date: string; calendarDateId: number }) {
    const key = dateKey(calendarId, date);
    if (this.dates.get(key)?.calendarDateId === calendarDateId) this.dates.set(key, null);
    this.remembered.forget(key);
    await this.db.raw(
      `with gone as (delete from calendar_dates where calendar_id = ? and date = ? and calendar_date_id = ? returning 1)
       delete from calendar_date_holdings where calendar_id = ? and date = ? and exists (select from gone)`,
      [calendarId, date, calendarDateId, calendarId, date],
    );
    await this.db('calendar_date_lanes').where({ calendar_date_id: calendarDateId }).delete();
  }

  /** The dates changed in the batch, as they are to be written. */
  private changed(): [string, DateRow][] {
    return [...this.dates].filter((entry): entry is [string, DateRow] => entry[1] !== null && entry[1].at !== '');
  }

  /** What a write sends of a date's holdings: those that changed since it was read or recalled. */
  private readonly holdingsOf = (row: DateRow) => {
    const stored = this.storedHoldings.get(dateKey(row.calendarId, row.date));
    return holdingChanges(stored ? { ...row, holdings: stored } : null, row);
  };

  /** Remembers the dates written at their new versions; answers those recalled from memory that were not written. */
  private remember(changed: [string, DateRow][], versions: Map<string, string>): Set<string> {
    const stale = new Set<string>();
    for (const [key, row] of changed) {
      const version = versions.get(key);
      if (version) this.remembered.keep(key, version, row);
      else {
        this.remembered.forget(key);
        if (this.expected.has(key)) stale.add(key);
      }
    }
    return stale;
  }

  /** Writes the changed dates; answers those recalled from memory whose rows had moved on (nothing written for them). */
  async write(): Promise<Set<string>> {
    const changed = this.changed();
    const versions = new Map([
      ...(await writeDates(
        this.db,
        changed.filter(([key]) => this.reshaped.has(key)).map(([, row]) => row),
      )),
      ...(await writeHoldings(
        this.db,
        changed.filter(([key]) => !this.reshaped.has(key)).map(([, row]) => row),
        (key) => this.expected.get(key) ?? null,
        this.holdingsOf,
      )),
    ]);
    const stale = this.remember(changed, versions);
    const relaned = changed.filter(([key]) => this.lanesChanged.has(key)).map(([, row]) => row);
    if (relaned.length > 0) await writeLanes(this.db, relaned);
    return stale;
  }

  /**
   * The batch's writes as one statement, when every date it changed was recalled from memory and only its holdings
   * changed: it holds while each of those rows is still at the version remembered.
   */
  oneStatement(): OneStatementBatch | undefined {
    const changed = this.changed();
    if (changed.length === 0 || changed.length > ROWS_PER_STATEMENT) return undefined;
    if (changed.some(([key]) => this.reshaped.has(key) || !this.expected.has(key))) return undefined;
    const rows = changed.map(([, row]) => row);
    return {
      condition: {
        sql: `(select count(*) from unnest(?::int[], ?::text[], ?::text[]) as k(calendar_id, date, version)
               join calendar_dates d on d.calendar_id = k.calendar_id and d.date = k.date and d.xmin::text = k.version) = ?`,
        bindings: [
          rows.map((row) => row.calendarId),
          rows.map((row) => row.date),
          changed.map(([key]) => this.expected.get(key)!),
          rows.length,
        ],
      },
      writes: (gate) => {
        const write = holdingsWrite(rows, (key) => this.expected.get(key) ?? null, this.holdingsOf, gate);
        return {
          sql: `${write.sql}, answer as (select calendar_id, date, version from written)`,
          bindings: write.bindings,
        };
      },
      written: (answer) => {
        const versions = new Map(
          (answer as { calendar_id: number; date: string; version: string }[]).map((row) => [
            dateKey(row.calendar_id, row.date),
            row.version,
          ]),
        );
        this.remember(changed, versions);
      },
    };
  }
}

/** Read model `calendar_dates`: one row per calendar date with its lanes and the statistics of §3. */
export const calendarDatesProjection: Projection = {
  name: 'calendarDates',
  tables: ['calendar_dates', 'calendar_date_holdings', 'calendar_date_lanes'],
  eventTypes: calendarDateEventTypes,
  apply: (trx, event) => applyAll(trx, [{ event }], new Map()),
  applyAll,
  inOneStatement,
};

/** Events that change only a date's holdings (and so its statistics and free times), never its lanes or status. */
const holdingsEvents: ReadonlySet<string> = new Set<CalendarDateEvent['type']>([
  'SlotLocked',
  'SlotReleased',
  'AppointmentBooked',
  'AppointmentChanged',
  'AppointmentMovedHere',
  'AppointmentCancelled',
  'AppointmentMovedAway',
]);

const keyOf = (event: DomainEvent) => {
  const { calendarId, date } = event.data as { calendarId: number; date: string };
  return dateKey(calendarId, date);
};

/**
 * A batch of a rush (locks, releases and bookings on dates this process wrote last) is applied without reading its
 * dates: each is written only if its row is still at the version remembered. A date whose row had moved on is then
 * read and its events applied again, in the same transaction. Any other batch reads its dates first.
 */
async function applyAll(
  trx: Knex.Transaction,
  events: { event: DomainEvent }[],
  memory: ProjectionMemory,
): Promise<void> {
  const fromMemory = allRemembered(events, memory);
  const stale = await applyTo(new DateChanges(trx, memory), events, fromMemory);
  if (stale.size > 0)
    await applyTo(
      new DateChanges(trx, memory),
      events.filter(({ event }) => stale.has(keyOf(event))),
      false,
    );
}

/** Whether every event of the batch only changes holdings, each of a date remembered. */
function allRemembered(events: { event: DomainEvent }[], memory: ProjectionMemory): boolean {
  const remembered = new RememberedDates(memory);
  return events.every(({ event }) => holdingsEvents.has(event.type) && remembered.get(keyOf(event)) !== undefined);
}

/**
 * A batch of a rush taken from memory (as `applyAll` would) is written with its checkpoint in one statement, no
 * transaction around it: it holds while every date it changes is still at the version remembered.
 */
async function inOneStatement(
  events: { event: DomainEvent }[],
  memory: ProjectionMemory,
): Promise<OneStatementBatch | undefined> {
  if (!allRemembered(events, memory)) return undefined;
  const dates = new DateChanges(null, memory);
  dates.recall(events);
  for (const { event } of events) await applyEvent(dates, event as CalendarDateEvent);
  return dates.oneStatement();
}

async function applyTo(dates: DateChanges, events: { event: DomainEvent }[], fromMemory: boolean) {
  if (fromMemory) dates.recall(events);
  else await dates.load(events);
  for (const { event } of events) await applyEvent(dates, event as CalendarDateEvent);
  return dates.write();
}

async function applyEvent(dates: DateChanges, event: CalendarDateEvent): Promise<void> {
  switch (event.type) {
    case 'CalendarDateAdded':
      return dates.put({ ...event.data, holdings: noHoldings() });
    case 'CalendarDateMovedHere': {
      const { locks = [], bookings = [] } = event.data;
      return dates.put({ ...event.data, holdings: { locks, bookings } });
    }
    case 'CalendarDateUpdated': {
      const { changes } = event.data;
      return dates.change(event.data, (row) => ({
        enabled: changes.enabled ?? row.enabled,
        lanes: changes.lanes ?? row.lanes,
        holdings: row.holdings,
      }));
    }
    case 'SlotLocked': {
      const { token, laneId, startTime, endTime, expiresAt, expiredTokens, appointmentId } = event.data;
      const lock = {
        token,
        laneId,
        startTime,
        endTime,
        expiresAt,
        ...(appointmentId === undefined ? {} : { appointmentId }),
      };
      return dates.change(event.data, (row) => ({
        ...row,
        holdings: {
          ...row.holdings,
          locks: [
            ...row.holdings.locks.filter((held) => !expiredTokens.includes(held.token) && held.token !== token),
            lock,
          ],
        },
      }));
    }
    case 'SlotReleased':
      return dates.change(event.data, (row) => ({
        ...row,
        holdings: { ...row.holdings, locks: row.holdings.locks.filter((lock) => lock.token !== event.data.token) },
      }));
    case 'AppointmentBooked':
    case 'AppointmentChanged':
    case 'AppointmentMovedHere': {
      const { appointmentId, laneId, startTime, endTime, lockToken, appointment } = event.data;
      return dates.change(event.data, (row) => ({
        ...row,
        holdings: {
          locks: row.holdings.locks.filter((lock) => lock.token !== lockToken),
          bookings: [
            ...row.holdings.bookings.filter((booking) => booking.appointmentId !== appointmentId),
            { appointmentId, laneId, startTime, endTime, clientCount: appointment.clientData.length },
          ],
        },
      }));
    }
    case 'AppointmentCancelled':
    case 'AppointmentMovedAway':
      return dates.change(event.data, (row) => ({
        ...row,
        holdings: {
          ...row.holdings,
          bookings: row.holdings.bookings.filter((booking) => booking.appointmentId !== event.data.appointmentId),
        },
      }));
    case 'CalendarDateDeleted':
    case 'CalendarDateMovedAway':
      return dates.delete(event.data);
    default:
      return assertNever(event);
  }
}
