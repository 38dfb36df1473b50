import type { Context } from 'koa';
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { DomainError } from '../../domain/shared/decider';
import {
  auditEventChoices as readAuditEventChoices,
  auditEventPage,
  auditEventsUpTo,
  countAuditEvents,
  lastPosition,
  type AuditEvent,
  type AuditEventFilter,
} from '../../projections/audit-events/queries';
import { CSV_BOM, spreadsheetCsvOptions } from '../../projections/shared/spreadsheet-csv';
import { AUDITORS } from '../access-groups';
import { recordAccess } from '../access-log/record';
import type { AppDependencies } from '../dependencies';
import { defineRoute, type Viewer } from '../routing';
import {
  AUDIT_DOWNLOAD_MAX,
  auditEventChoices,
  auditEventsDownloadQuery,
  auditEventsFile,
  auditEventsPage,
  auditEventsQuery,
} from './schemas';

/**
 * The range a download holds: the filtered events up to the log's newest one as it starts (events appended while it
 * is sent are not in it), at most AUDIT_DOWNLOAD_MAX, oldest first. Over the cap, a 400 naming what to narrow.
 */
async function downloadRange(dependencies: AppDependencies, filter: AuditEventFilter) {
  const upTo = await lastPosition(dependencies.knex);
  const count = await countAuditEvents(dependencies.knex, filter, upTo, AUDIT_DOWNLOAD_MAX + 1);
  if (count > AUDIT_DOWNLOAD_MAX) {
    const message = `More than ${AUDIT_DOWNLOAD_MAX.toLocaleString('en-CA')} events: narrow the time range (from, to) or filter by streamCategory, streamId, type or actor`;
    throw new DomainError('AUDIT_RANGE_TOO_LARGE', message, {
      issues: ['from', 'to'].map((field) => ({ path: [field], message, code: 'AUDIT_RANGE_TOO_LARGE' })),
    });
  }
  return auditEventsUpTo(dependencies.knex, filter, upTo);
}

/** The file's name: the moment of the download, so that two downloads never share one. */
const fileName = (now: Date, extension: string) =>
  `audit-events-${now.toISOString().slice(0, 19).replace(/:/g, '-')}Z.${extension}`;

const CSV_COLUMNS = [
  'position',
  'recordedAt',
  'streamId',
  'revision',
  'type',
  'actor',
  'correlationId',
  'clientAddress',
  'data',
];

/** The actor in words: `user 7 (ROLE_ADMIN)`, `public`, `system (seed)`. */
export function actorText(actor: unknown): string {
  if (typeof actor !== 'object' || actor === null) return '';
  const fields = actor as Record<string, unknown>;
  if (fields.userId !== undefined) return `user ${String(fields.userId)} (${String(fields.role ?? '')})`;
  if (fields.public === true) return 'public';
  if (fields.system !== undefined) return `system (${String(fields.system)})`;
  return JSON.stringify(actor);
}

const text = (value: unknown) => (typeof value === 'string' ? value : value === undefined ? '' : String(value));

const csvRow = (event: AuditEvent) => [
  event.position,
  event.recordedAt,
  event.streamId,
  event.revision,
  event.type,
  actorText(event.metadata.actor),
  text(event.metadata.correlationId),
  text(event.metadata.clientAddress),
  JSON.stringify(event.data),
];

async function* csvChunks(pages: AsyncIterable<AuditEvent[]>): AsyncGenerator<string> {
  yield CSV_BOM + stringify([CSV_COLUMNS], spreadsheetCsvOptions);
  for await (const page of pages) yield stringify(page.map(csvRow), spreadsheetCsvOptions);
}

async function* jsonLines(pages: AsyncIterable<AuditEvent[]>): AsyncGenerator<string> {
  for await (const page of pages) yield page.map((event) => `${JSON.stringify(event)}\n`).join('');
}

/** The appointments whose events a page shows (an event's data names its appointment): for the access log. */
const appointmentIdsOf = (events: readonly AuditEvent[]) =>
  events.flatMap(({ data }) => {
    const id = (data as { appointmentId?: unknown } | null)?.appointmentId;
    return typeof id === 'number' ? [id] : [];
  });

interface DownloadCall {
  query: AuditEventFilter;
  viewer: Viewer;
  dependencies: AppDependencies;
  ctx: Context;
}

/** A download of the filtered range, recorded in the access log (events hold clients' details). */
async function download({ query, viewer, dependencies, ctx }: DownloadCall, format: 'jsonl' | 'csv') {
  const pages = await downloadRange(dependencies, query);
  recordAccess({ viewer, ctx, dependencies }, 'audit.eventsDownload', [], { filter: query, format }, { always: true });
  ctx.attachment(fileName(dependencies.now(), format));
  return Readable.from(format === 'csv' ? csvChunks(pages) : jsonLines(pages));
}

/** Issue 18: the global event log for auditors (read-only), paged, filtered and downloadable. */
export const auditEventRoutes = [
  defineRoute({
    method: 'get',
    path: '/audit/events',
    summary:
      'The event log (auditors): events by global position, filtered by stream category or id, type, actor and time; newest first by default',
    tag: 'audit',
    access: AUDITORS,
    query: auditEventsQuery,
    response: auditEventsPage,
    async handler({ query, viewer, ctx, dependencies }) {
      const page = await auditEventPage(dependencies.knex, query);
      // events hold clients' details: reading them is an access like any other
      recordAccess({ viewer, ctx, dependencies }, 'audit.events', appointmentIdsOf(page.items), { filter: query });
      return page;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/audit/events/types',
    summary: "The event types and stream categories in the log (the event log's filter choices)",
    tag: 'audit',
    access: AUDITORS,
    response: auditEventChoices,
    async handler({ dependencies }) {
      return readAuditEventChoices(dependencies.knex);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/audit/events.jsonl',
    summary: `The filtered range as JSON lines, oldest first (at most ${AUDIT_DOWNLOAD_MAX} events; over it, 400 AUDIT_RANGE_TOO_LARGE)`,
    tag: 'audit',
    access: AUDITORS,
    query: auditEventsDownloadQuery,
    response: auditEventsFile(
      'One event a line: position, streamId, revision, type, schemaVersion, recordedAt, data, metadata',
    ),
    responseMediaType: 'application/x-ndjson; charset=utf-8',
    handler: (call) => download(call, 'jsonl'),
  }),
  defineRoute({
    method: 'get',
    path: '/audit/events.csv',
    summary: `The filtered range as CSV, oldest first (at most ${AUDIT_DOWNLOAD_MAX} events; over it, 400 AUDIT_RANGE_TOO_LARGE)`,
    tag: 'audit',
    access: AUDITORS,
    query: auditEventsDownloadQuery,
    response: auditEventsFile(
      'UTF-8 CSV with a byte order mark: position, recordedAt, streamId, revision, type, actor, correlationId, clientAddress, data (JSON)',
    ),
    responseMediaType: 'text/csv; charset=utf-8',
    handler: (call) => download(call, 'csv'),
  }),
];
