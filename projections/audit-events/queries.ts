import type { Knex } from 'knex';

/**
 * Issue 18, the auditors' event log: the global log as stored (es_events), filtered and paged by global position.
 * Read straight from the event store's tables (the log is its own read model); what it costs on a big log:
 *  - no filter, a common type or category, public actors: the position index backwards, a page's worth of rows;
 *  - a rare type: the type index, then a sort of that type's events;
 *  - one stream: its (stream, revision) index;
 *  - a staff member or the system: the partial indexes of migration 27;
 *  - a category with under 5% of the log (users, services, exports): its streams from es_streams, then their events
 *    through the (stream, revision) index; a common one (calendar dates) is met on the way down the log;
 *  - a time range: the BRIN index of recorded_at, or the position index when the range is recent.
 */

export type ActorKind = 'user' | 'public' | 'system';
export type AuditOrder = 'newest' | 'oldest';

export interface AuditEventFilter {
  /** The part of the stream id before its first '-' (`calendarDate`, `user`). */
  streamCategory?: string;
  streamId?: string;
  type?: string;
  /** Events of this staff member (metadata.actor.userId). */
  actorUserId?: number;
  /** Events of any staff member, of the public, or of the system. */
  actorKind?: ActorKind;
  /** Recorded at or after. */
  from?: Date;
  /** Recorded before. */
  to?: Date;
}

export interface AuditEvent {
  position: number;
  streamId: string;
  revision: number;
  type: string;
  schemaVersion: number;
  recordedAt: string;
  data: unknown;
  metadata: Record<string, unknown>;
}

export interface AuditEventPageRequest extends AuditEventFilter {
  /** Events after this position (the newer page). */
  after?: number;
  /** Events before this position (the older page). */
  before?: number;
  limit: number;
  order: AuditOrder;
}

export interface AuditEventPage {
  items: AuditEvent[];
  /** `after` for the page of newer events, or null when there are none. */
  newer: number | null;
  /** `before` for the page of older events, or null when there are none. */
  older: number | null;
}

interface EventRow {
  global_position: string;
  stream_id: string;
  stream_revision: string;
  type: string;
  schema_version: number;
  recorded_at: Date;
  data: unknown;
  metadata: Record<string, unknown>;
}

const toAuditEvent = (row: EventRow): AuditEvent => ({
  position: Number(row.global_position),
  streamId: row.stream_id,
  revision: Number(row.stream_revision),
  type: row.type,
  schemaVersion: row.schema_version,
  recordedAt: row.recorded_at.toISOString(),
  data: row.data,
  metadata: row.metadata,
});

const COLUMNS = [
  'global_position',
  'stream_id',
  'stream_revision',
  'type',
  'schema_version',
  'recorded_at',
  'data',
  'metadata',
];

/** A category under this share of the log is read through its streams rather than met on the way down the log. */
const RARE_CATEGORY_SHARE = 0.05;

/** How the category filter is applied: a prefix test on the way down the log, or the category's own streams. */
type CategoryScope = 'none' | 'empty' | 'prefix' | 'streams';

async function categoryScope(knex: Knex, category: string | undefined): Promise<CategoryScope> {
  if (category === undefined) return 'none';
  const { rows } = await knex.raw<{ rows: { events: string; total: string }[] }>(
    `select coalesce(sum(revision + 1), 0) as events,
            (select coalesce(max(global_position), 0) from es_events) as total
       from es_streams where stream_id like ?`,
    [`${category}-%`],
  );
  const events = Number(rows[0]!.events);
  if (events === 0) return 'empty';
  return events < Number(rows[0]!.total) * RARE_CATEGORY_SHARE ? 'streams' : 'prefix';
}

/** The filter's conditions on a query of es_events. */
function filtered(knex: Knex, filter: AuditEventFilter, scope: CategoryScope): Knex.QueryBuilder {
  const query = knex('es_events');
  if (filter.streamCategory !== undefined) {
    const prefix = `${filter.streamCategory}-%`;
    if (scope === 'streams')
      query.whereRaw('stream_id = any(array(select stream_id from es_streams where stream_id like ?))', [prefix]);
    else query.whereLike('stream_id', prefix);
  }
  if (filter.streamId !== undefined) query.where('stream_id', filter.streamId);
  if (filter.type !== undefined) query.where('type', filter.type);
  if (filter.actorUserId !== undefined)
    query.whereRaw(`((metadata -> 'actor') ->> 'userId') = ?`, [String(filter.actorUserId)]);
  if (filter.actorKind === 'user') query.whereRaw(`((metadata -> 'actor') ->> 'userId') is not null`);
  if (filter.actorKind === 'system') query.whereRaw(`((metadata -> 'actor') ->> 'system') is not null`);
  if (filter.actorKind === 'public') query.whereRaw(`((metadata -> 'actor') ->> 'public') = 'true'`);
  if (filter.from !== undefined) query.where('recorded_at', '>=', filter.from);
  if (filter.to !== undefined) query.where('recorded_at', '<', filter.to);
  return query;
}

/**
 * In position order; through a rare category's streams, the position index must not be walked for the order (it
 * would meet the category's few events only after most of the log): `+ 0` keeps the planner off it.
 */
const positionOrder = (scope: CategoryScope) => (scope === 'streams' ? 'global_position + 0' : 'global_position');

async function eventsWhere(
  knex: Knex,
  filter: AuditEventFilter,
  scope: CategoryScope,
  range: { above?: number; below?: number },
  direction: 'asc' | 'desc',
  limit: number,
): Promise<AuditEvent[]> {
  const query = filtered(knex, filter, scope).select(COLUMNS);
  if (range.above !== undefined) query.where('global_position', '>', range.above);
  if (range.below !== undefined) query.where('global_position', '<', range.below);
  const rows: EventRow[] = await query.orderByRaw(`${positionOrder(scope)} ${direction}`).limit(limit);
  return rows.map(toAuditEvent);
}

async function anyWhere(
  knex: Knex,
  filter: AuditEventFilter,
  scope: CategoryScope,
  range: { above?: number; below?: number },
): Promise<boolean> {
  return (await eventsWhere(knex, filter, scope, range, range.above !== undefined ? 'asc' : 'desc', 1)).length > 0;
}

/**
 * One page of the filtered log: `limit` events after `after` (the newer page), before `before` (the older page), or
 * from the newest (the oldest with `order: 'oldest'`); the items in `order`, with the cursors of both neighbours.
 */
export async function auditEventPage(knex: Knex, request: AuditEventPageRequest): Promise<AuditEventPage> {
  const scope = await categoryScope(knex, request.streamCategory);
  if (scope === 'empty') return { items: [], newer: null, older: null };
  const upwards = request.after !== undefined || (request.before === undefined && request.order === 'oldest');
  const fetched = await eventsWhere(
    knex,
    request,
    scope,
    upwards ? { above: request.after } : { below: request.before },
    upwards ? 'asc' : 'desc',
    request.limit + 1,
  );
  const more = fetched.length > request.limit;
  const items = fetched.slice(0, request.limit);
  const positions = items.map((item) => item.position);
  let newer: number | null;
  let older: number | null;
  if (upwards) {
    newer = more ? positions[positions.length - 1]! : null;
    const boundary = positions[0] ?? (request.after === undefined ? undefined : request.after + 1);
    older =
      request.after !== undefined &&
      boundary !== undefined &&
      (await anyWhere(knex, request, scope, { below: boundary }))
        ? boundary
        : null;
  } else {
    older = more ? positions[positions.length - 1]! : null;
    const boundary = positions[0] ?? (request.before === undefined ? undefined : request.before - 1);
    newer =
      request.before !== undefined &&
      boundary !== undefined &&
      (await anyWhere(knex, request, scope, { above: boundary }))
        ? boundary
        : null;
  }
  const newestFirst = [...items].sort((a, b) => b.position - a.position);
  return { items: request.order === 'newest' ? newestFirst : newestFirst.reverse(), newer, older };
}

/** The newest position of the log (0 when empty): a download reads up to it, so that it is one consistent range. */
export async function lastPosition(knex: Knex): Promise<number> {
  const { rows } = await knex.raw<{ rows: { last: string }[] }>(
    'select coalesce(max(global_position), 0) as last from es_events',
  );
  return Number(rows[0]!.last);
}

/** How many events the filter finds up to `upTo`, counting no further than `atMost`. */
export async function countAuditEvents(
  knex: Knex,
  filter: AuditEventFilter,
  upTo: number,
  atMost: number,
): Promise<number> {
  const scope = await categoryScope(knex, filter.streamCategory);
  if (scope === 'empty') return 0;
  const matching = filtered(knex, filter, scope)
    .select(knex.raw('1'))
    .where('global_position', '<=', upTo)
    .limit(atMost);
  const [row] = await knex.from(matching.as('matching')).count<{ count: string }[]>({ count: '*' });
  return Number(row!.count);
}

/** The filtered events up to `upTo`, oldest first, in pages of `pageSize` (one query each, read as they are used). */
export async function* auditEventsUpTo(
  knex: Knex,
  filter: AuditEventFilter,
  upTo: number,
  pageSize = 1_000,
): AsyncGenerator<AuditEvent[]> {
  const scope = await categoryScope(knex, filter.streamCategory);
  if (scope === 'empty') return;
  let after = 0;
  for (;;) {
    const page = await eventsWhere(knex, filter, scope, { above: after, below: upTo + 1 }, 'asc', pageSize);
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    after = page[page.length - 1]!.position;
  }
}

export interface AuditEventChoices {
  /** Every event type the log holds. */
  types: string[];
  /** Every stream category. */
  streamCategories: string[];
}

/**
 * The choices of the filter's selects. The types by a loose scan of the type index (one probe a type, however
 * long the log); the categories from es_streams (a row a stream, far fewer than events).
 */
export async function auditEventChoices(knex: Knex): Promise<AuditEventChoices> {
  const [types, categories] = await Promise.all([
    knex.raw<{ rows: { type: string }[] }>(`
      with recursive types(type) as (
        (select type from es_events order by type limit 1)
        union all
        select (select e.type from es_events e where e.type > types.type order by e.type limit 1)
          from types where types.type is not null
      )
      select type from types where type is not null`),
    knex.raw<{ rows: { category: string }[] }>(
      `select split_part(stream_id, '-', 1) as category from es_streams group by 1 order by 1`,
    ),
  ]);
  return {
    types: types.rows.map((row) => row.type),
    streamCategories: categories.rows.map((row) => row.category),
  };
}
