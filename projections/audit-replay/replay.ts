import type { Knex } from 'knex';
import { comparePositions, type EventStore, type LogPosition } from '../../domain/event-store/port';
import { applyBatch } from '../runner/apply-batch';
import type { Projection } from '../runner/projection';

/**
 * Replay for auditors (issue 18 item 5): the read models as they were at a past moment, built into a schema of their
 * own (`asof_<YYYYMMDD_HHMMSS>` by default), so that the usual queries answer a question about the past once the
 * search path points there. The live tables and the projectors' checkpoints are never touched: every batch runs with
 * the replay's schema alone on the search path, so a projector that wrote to a table it does not list would fail
 * rather than write to a live one.
 *
 * A projection with a schema of its own (`analytics`) goes into a companion schema, `<schema>_analytics`: its tables
 * share their names with the staff read models (calendars, appointments, calendar_dates...), so they cannot sit in
 * the same schema. The companion also gets copies of that schema's views. Projections that own no tables (the
 * confirmation mails, which feed the live mail queue) are left out: replaying them would queue e-mails.
 */

/** A refusal the caller should show as it is (exit code 2 on the command line): a bad name, a schema in the way. */
export class ReplayRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReplayRefused';
  }
}

export const REPLAY_PREFIX = 'asof_';
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const MAX_IDENTIFIER = 63;
const PROTECTED = new Set(['public', 'information_schema', 'analytics']);

/** `asof_<YYYYMMDD_HHMMSS>` of the moment in UTC (seconds; a fraction of a second is left out of the name). */
export function defaultReplaySchema(until: Date): string {
  const iso = until.toISOString();
  return `${REPLAY_PREFIX}${iso.slice(0, 10).replaceAll('-', '')}_${iso.slice(11, 19).replaceAll(':', '')}`;
}

/** The schemas a replay into `schema` fills: itself, then one per projection with a schema of its own. */
export function replaySchemas(schema: string, projections: readonly Projection[]): string[] {
  const own = [...new Set(projections.filter((p) => p.schema && p.tables.length > 0).map((p) => p.schema!))];
  return [schema, ...own.map((home) => `${schema}_${home}`)];
}

/** Why `name` cannot be a replay's schema, or null. Names are interpolated into SQL: only plain identifiers pass. */
export function schemaNameProblem(name: string, projections: readonly Projection[]): string | null {
  if (!IDENTIFIER.test(name))
    return `"${name}" is not a plain schema name: use lower-case letters, digits and _, not starting with a digit`;
  if (PROTECTED.has(name) || name.startsWith('pg_') || name.startsWith('rebuild_'))
    return `"${name}" is a schema of the application or of PostgreSQL, not one for a replay`;
  const longest = Math.max(...replaySchemas(name, projections).map((schema) => schema.length));
  if (longest > MAX_IDENTIFIER)
    return `"${name}" is too long: with its companion schemas it must fit PostgreSQL's ${MAX_IDENTIFIER} characters`;
  return null;
}

export interface ReplayCut {
  /** The moment asked for, as given (PostgreSQL compares it to the microsecond). */
  until: string;
  /** The last event of the log prefix recorded at or before the moment; null when the log had none by then. */
  last: LogPosition | null;
  lastRecordedAt: Date | null;
  /** Events of that prefix, in all. */
  events: number;
  /** Events of that prefix, by type (for the progress of each read model). */
  countsByType: Map<string, number>;
}

/**
 * Where the log stops for a moment: the longest prefix of the log (in its order, (tx_id, global_position)) whose
 * events were all recorded at or before it. The replay stops at the first event recorded after the moment, rather
 * than picking every event recorded by then, because only a prefix is a state the read models really went through:
 * `recorded_at` is the start of the appending transaction (now()), and the log's order is the order of the
 * transaction ids, taken a moment later, when the append's insert runs. Two appends racing for the same stream can
 * therefore land in the log in the opposite order of their `recorded_at` (the later-started one got the stream's row
 * lock first), and picking by time alone could apply revision n+1 of a stream without revision n. The tolerance is
 * the length of one append (milliseconds, more only when an append waited on a busy stream): an event whose
 * transaction began just before the moment but reached the log behind one that began after it is left out, and an
 * event recorded just before the moment may have committed (so been visible to the staff) just after it.
 * Transactions still running are not read (tx_id below the snapshot's xmin, as every reader of the log does).
 */
export async function locateCut(store: EventStore, knex: Knex, until: string): Promise<ReplayCut> {
  if (store.name === 'postgres') return locateCutInPostgres(knex, until);
  return locateCutByReading(store, until);
}

async function locateCutInPostgres(knex: Knex, until: string): Promise<ReplayCut> {
  const { xmin } = (await knex.raw(`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`)).rows[0] as {
    xmin: string;
  };
  const firstAfter = (
    await knex.raw(
      `select tx_id::text as tx, global_position::text as gp from es_events
        where tx_id < ?::xid8 and recorded_at > ?::timestamptz
        order by tx_id, global_position limit 1`,
      [xmin, until],
    )
  ).rows[0] as { tx: string; gp: string } | undefined;
  const before = firstAfter
    ? knex.raw(`tx_id < ?::xid8 and (tx_id, global_position) < (?::xid8, ?::bigint)`, [
        xmin,
        firstAfter.tx,
        firstAfter.gp,
      ])
    : knex.raw(`tx_id < ?::xid8`, [xmin]);
  const last = (
    await knex.raw(
      `select tx_id::text as tx, global_position::text as gp, recorded_at from es_events where ?
        order by tx_id desc, global_position desc limit 1`,
      [before],
    )
  ).rows[0] as { tx: string; gp: string; recorded_at: Date } | undefined;
  const countsByType = new Map<string, number>();
  let events = 0;
  if (last) {
    const counts = (
      await knex.raw(`select type, count(*)::text as count from es_events where ? group by type`, [before])
    ).rows as { type: string; count: string }[];
    for (const { type, count } of counts) {
      countsByType.set(type, Number(count));
      events += Number(count);
    }
  }
  return {
    until,
    last: last ? { commit: BigInt(last.tx), prepare: BigInt(last.gp) } : null,
    lastRecordedAt: last?.recorded_at ?? null,
    events,
    countsByType,
  };
}

/** Any store: reads the log from its start up to the first event recorded after the moment. */
async function locateCutByReading(store: EventStore, until: string): Promise<ReplayCut> {
  const moment = new Date(until).getTime();
  const cut: ReplayCut = { until, last: null, lastRecordedAt: null, events: 0, countsByType: new Map() };
  let cursor: LogPosition | null = null;
  for (;;) {
    const events = await store.readAll(cursor, 5000);
    if (events.length === 0) return cut;
    for (const event of events) {
      if (event.recordedAt.getTime() > moment) return cut;
      cut.last = event.position;
      cut.lastRecordedAt = event.recordedAt;
      cut.events += 1;
      cut.countsByType.set(event.type, (cut.countsByType.get(event.type) ?? 0) + 1);
    }
    cursor = events[events.length - 1]!.position;
  }
}

export const formatPosition = (position: LogPosition | null): string | null =>
  position ? `${position.commit}/${position.prepare}` : null;

export interface ReplayOptions {
  store: EventStore;
  knex: Knex;
  projections: readonly Projection[];
  /** An ISO moment with its offset. */
  until: string;
  schema: string;
  /** Drop the replay already in `schema` (only a replay's schema) and build it again. */
  replace?: boolean;
  batchSize?: number;
  /** Called once the schemas may be built, before the log is searched for the moment (which can take a while). */
  onLocate?: () => void;
  onCut?: (cut: ReplayCut) => void;
  onProjectionStart?: (projection: Projection, total: number) => void;
  onProgress?: (projection: Projection, applied: number) => void;
  onProjectionDone?: (projection: Projection, applied: number) => void;
}

export interface ReplayResult {
  schema: string;
  /** The schemas built: `schema`, then the companions (e.g. `<schema>_analytics`). */
  schemas: string[];
  cut: ReplayCut;
  /** Events applied to each read model (those of its types up to the cut). */
  applied: Record<string, number>;
}

/** Builds the read models as they were at `until` into `schema` (and its companions). See the top of this file. */
export async function replayUntil(options: ReplayOptions): Promise<ReplayResult> {
  const { store, knex, schema, until, batchSize = 1000 } = options;
  const projections = options.projections.filter((projection) => projection.tables.length > 0);
  const problem = schemaNameProblem(schema, projections);
  if (problem) throw new ReplayRefused(problem);
  const schemas = replaySchemas(schema, projections);
  for (const name of schemas) {
    if (!(await schemaExists(knex, name))) continue;
    if (!options.replace)
      throw new ReplayRefused(`Schema ${name} exists already: add --replace to build it again, or pick --schema`);
    if (!(await isReplaySchema(knex, name)))
      throw new ReplayRefused(
        `Schema ${name} exists and is not a replay's (no ${REPLAY_PREFIX} prefix, no replay_info)`,
      );
  }
  for (const name of schemas) await knex.raw(`drop schema if exists ${name} cascade`);

  options.onLocate?.();
  const cut = await locateCut(store, knex, until);
  options.onCut?.(cut);
  const destination = (projection: Projection) => (projection.schema ? `${schema}_${projection.schema}` : schema);
  const applied: Record<string, number> = {};
  try {
    for (const name of schemas) await knex.raw(`create schema ${name}`);
    const placed = new Set<string>();
    for (const projection of projections) {
      const home = projection.schema ?? 'public';
      for (const table of projection.tables) {
        const target = `${destination(projection)}.${table}`;
        if (placed.has(target)) throw new Error(`Two read models own ${target}`);
        placed.add(target);
        await knex.raw(`create table ${target} (like ${home}.${table} including all)`);
      }
    }
    for (const home of new Set(projections.flatMap((p) => (p.schema ? [p.schema] : []))))
      await copyViews(knex, home, `${schema}_${home}`);

    for (const projection of projections) {
      const total = projection.eventTypes.reduce((sum, type) => sum + (cut.countsByType.get(type) ?? 0), 0);
      options.onProjectionStart?.(projection, total);
      applied[projection.name] = await replayProjection(projection, destination(projection), cut, {
        store,
        knex,
        batchSize,
        onProgress: (count) => options.onProgress?.(projection, count),
      });
      options.onProjectionDone?.(projection, applied[projection.name]!);
    }
    for (const name of schemas) await writeReplayInfo(knex, name, { schema, schemas, cut, applied });
  } catch (error) {
    for (const name of schemas) await knex.raw(`drop schema if exists ${name} cascade`).catch(() => undefined);
    throw error;
  }
  return { schema, schemas, cut, applied };
}

/** Applies the projection's events up to the cut, in batches, each in a short transaction (as a rebuild does). */
async function replayProjection(
  projection: Projection,
  schema: string,
  cut: ReplayCut,
  options: { store: EventStore; knex: Knex; batchSize: number; onProgress: (applied: number) => void },
): Promise<number> {
  const last = cut.last;
  if (!last) return 0;
  let cursor: LogPosition | null = null;
  let applied = 0;
  for (;;) {
    const finished = await options.knex.transaction(async (trx) => {
      // The replay's schema alone: nothing of the live `public` can be reached, let alone written.
      await trx.raw(`set local search_path to ${schema}`);
      const events = await options.store.readAll(cursor, options.batchSize, projection.eventTypes);
      const upToCut = events.filter((event) => comparePositions(event.position, last) <= 0);
      if (upToCut.length > 0) {
        await applyBatch(trx, projection, upToCut, { searchPathSet: true });
        cursor = upToCut[upToCut.length - 1]!.position;
        applied += upToCut.filter((event) => projection.eventTypes.includes(event.type)).length;
        options.onProgress(applied);
      }
      return events.length === 0 || upToCut.length < events.length;
    });
    if (finished) return applied;
  }
}

/**
 * Copies the views of `home` (e.g. analytics) into `target`, so that an analyst's usual queries work there too. Their
 * definitions are read with `home` alone on the search path, so that they name its tables unqualified, and created
 * with `target` alone on it; a view over another view waits until that one exists.
 */
async function copyViews(knex: Knex, home: string, target: string): Promise<void> {
  const views = await knex.transaction(async (trx) => {
    await trx.raw(`set local search_path to ${home}`);
    return (
      await trx.raw(
        `select c.relname as name, pg_get_viewdef(c.oid) as definition from pg_class c
          where c.relnamespace = ?::regnamespace and c.relkind = 'v' order by c.oid`,
        [home],
      )
    ).rows as { name: string; definition: string }[];
  });
  let pending = views;
  while (pending.length > 0) {
    const failed: typeof pending = [];
    let lastError: unknown;
    for (const view of pending) {
      try {
        await knex.transaction(async (trx) => {
          await trx.raw(`set local search_path to ${target}`);
          await trx.raw(`create view ${target}.${view.name} as ${view.definition}`);
        });
      } catch (error) {
        failed.push(view);
        lastError = error;
      }
    }
    if (failed.length === pending.length) throw lastError;
    pending = failed;
  }
}

async function writeReplayInfo(
  knex: Knex,
  name: string,
  {
    schema,
    schemas,
    cut,
    applied,
  }: { schema: string; schemas: string[]; cut: ReplayCut; applied: Record<string, number> },
): Promise<void> {
  await knex.raw(`
    create table ${name}.replay_info (
      replay_of text not null,
      until timestamptz not null,
      last_position text,
      last_recorded_at timestamptz,
      events_applied bigint not null,
      built_at timestamptz not null default now(),
      schemas text[] not null,
      read_models jsonb not null
    );
    comment on table ${name}.replay_info is 'Read models as they were at "until": npm run audit:replay (README, For auditors)';
    comment on column ${name}.replay_info.last_position is 'The last event applied: <tx_id>/<global_position>';
    comment on column ${name}.replay_info.events_applied is 'Events of the log up to last_position (all types)';
    comment on column ${name}.replay_info.read_models is 'Events applied to each read model (those of its types)';
  `);
  await knex.raw(
    `insert into ${name}.replay_info (replay_of, until, last_position, last_recorded_at, events_applied, schemas, read_models)
     values (?, ?::timestamptz, ?, ?, ?, ?::text[], ?::jsonb)`,
    [schema, cut.until, formatPosition(cut.last), cut.lastRecordedAt, cut.events, schemas, JSON.stringify(applied)],
  );
}

export async function schemaExists(knex: Knex, name: string): Promise<boolean> {
  const row = (await knex.raw(`select exists (select 1 from pg_namespace where nspname = ?) as found`, [name]))
    .rows[0] as { found: boolean };
  return row.found;
}

/** A replay's schema: named asof_… or holding a replay_info table (and never one of the application's). */
export async function isReplaySchema(knex: Knex, name: string): Promise<boolean> {
  if (PROTECTED.has(name) || name.startsWith('pg_') || !IDENTIFIER.test(name)) return false;
  if (name.startsWith(REPLAY_PREFIX)) return true;
  return hasReplayInfo(knex, name);
}

async function hasReplayInfo(knex: Knex, name: string): Promise<boolean> {
  const row = (
    await knex.raw(
      `select exists (select 1 from pg_class where relname = 'replay_info' and relnamespace =
         (select oid from pg_namespace where nspname = ?)) as found`,
      [name],
    )
  ).rows[0] as { found: boolean };
  return row.found;
}

export interface ReplayInfo {
  schema: string;
  replayOf: string;
  until: Date;
  lastPosition: string | null;
  lastRecordedAt: Date | null;
  eventsApplied: number;
  builtAt: Date;
  schemas: string[];
}

async function readReplayInfo(knex: Knex, name: string): Promise<ReplayInfo | null> {
  if (!(await hasReplayInfo(knex, name))) return null;
  const row = (
    await knex.raw(
      `select replay_of, until, last_position, last_recorded_at, events_applied::text, built_at, schemas
         from ${name}.replay_info limit 1`,
    )
  ).rows[0] as
    | {
        replay_of: string;
        until: Date;
        last_position: string | null;
        last_recorded_at: Date | null;
        events_applied: string;
        built_at: Date;
        schemas: string[];
      }
    | undefined;
  if (!row) return null;
  return {
    schema: name,
    replayOf: row.replay_of,
    until: row.until,
    lastPosition: row.last_position,
    lastRecordedAt: row.last_recorded_at,
    eventsApplied: Number(row.events_applied),
    builtAt: row.built_at,
    schemas: row.schemas,
  };
}

/**
 * Drops a replay: `name` and the companions its replay_info names. Refused for a schema that is not a replay's (so
 * never public, analytics or any other schema of the application) and for one that does not exist.
 */
export async function dropReplay(knex: Knex, name: string): Promise<string[]> {
  if (!IDENTIFIER.test(name)) throw new ReplayRefused(`"${name}" is not a plain schema name`);
  if (!(await schemaExists(knex, name))) throw new ReplayRefused(`There is no schema ${name}`);
  if (!(await isReplaySchema(knex, name)))
    throw new ReplayRefused(
      `Schema ${name} is not a replay's (its name does not start with ${REPLAY_PREFIX} and it has no replay_info): not dropped`,
    );
  const info = await readReplayInfo(knex, name);
  const parts = info ? [...new Set([info.replayOf, ...info.schemas, name])] : [name];
  const dropped: string[] = [];
  for (const part of parts) {
    if (part !== name) {
      if (!IDENTIFIER.test(part) || !(await schemaExists(knex, part))) continue;
      // A companion goes with it only when it is a replay's too, and of this replay.
      const partInfo = await readReplayInfo(knex, part);
      if (!(await isReplaySchema(knex, part)) || (partInfo && info && partInfo.replayOf !== info.replayOf)) continue;
    }
    await knex.raw(`drop schema ${part} cascade`);
    dropped.push(part);
  }
  return dropped;
}

export interface ListedReplay {
  schema: string;
  /** Null for an asof_ schema without replay_info: left half built, or made by hand. */
  info: ReplayInfo | null;
}

/** The replays in the database: each main schema with its replay_info, and asof_ schemas without one. */
export async function listReplays(knex: Knex): Promise<ListedReplay[]> {
  const names = (
    await knex.raw(
      `select n.nspname as name from pg_namespace n
        where n.nspname like 'asof\\_%'
           or exists (select 1 from pg_class c where c.relnamespace = n.oid and c.relname = 'replay_info')
        order by n.nspname`,
    )
  ).rows as { name: string }[];
  const listed: ListedReplay[] = [];
  for (const { name } of names) {
    if (!IDENTIFIER.test(name) || PROTECTED.has(name)) continue;
    const info = await readReplayInfo(knex, name);
    if (info && info.replayOf !== name) continue; // a companion: shown with its main schema
    listed.push({ schema: name, info });
  }
  return listed;
}
