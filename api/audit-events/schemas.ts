import { z } from 'zod';
import { recordIdParam } from '../shared-schemas';

/** Events a page shows by default, and at most. */
export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;
/** Events a download holds at most: past it, a 400 asks to narrow the range. */
export const AUDIT_DOWNLOAD_MAX = 100_000;

const position = z
  .string()
  .regex(/^\d{1,15}$/, 'A position in the log')
  .transform(Number);
const instant = z.iso
  .datetime({ offset: true })
  .transform((text) => new Date(text))
  .describe('An instant, ISO 8601 with Z or an offset');

const filterFields = {
  streamCategory: z
    .string()
    .regex(/^[a-z][A-Za-z0-9]{0,49}$/, 'A stream category, such as calendarDate')
    .optional()
    .describe("The part of the stream id before its first '-' (calendarDate, user, calendar, service…)"),
  streamId: z.string().min(1).max(300).optional().describe('One stream, by its whole id'),
  type: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9]{0,99}$/, 'An event type, such as AppointmentBooked')
    .optional()
    .describe('One event type'),
  actorUserId: recordIdParam.optional().describe("A staff member's user id: their events only"),
  actorKind: z
    .enum(['user', 'public', 'system'])
    .optional()
    .describe('Events of any staff member, of members of the public, or of the system (the demo seed)'),
  from: instant.optional().describe('Recorded at or after this instant'),
  to: instant.optional().describe('Recorded before this instant'),
};

interface FilterShape {
  actorUserId?: number | undefined;
  actorKind?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const filterHolds = (query: FilterShape, context: z.RefinementCtx) => {
  if (query.from && query.to && query.from > query.to)
    context.addIssue({ code: 'custom', path: ['from'], message: 'Must not be after to' });
  if (query.actorUserId !== undefined && query.actorKind !== undefined && query.actorKind !== 'user')
    context.addIssue({ code: 'custom', path: ['actorKind'], message: 'A user id is the actor kind user' });
};

/** GET /api/audit/events: the filter, a cursor (after or before) and the page's size and order. */
export const auditEventsQuery = z
  .strictObject({
    ...filterFields,
    after: position.optional().describe('Events after this position: the page of newer events'),
    before: position.optional().describe('Events before this position: the page of older events'),
    limit: z
      .string()
      .regex(/^\d{1,3}$/, 'A whole number')
      .transform(Number)
      .pipe(z.number().int().min(1).max(AUDIT_PAGE_MAX))
      .default(AUDIT_PAGE_DEFAULT)
      .describe(`Events a page, 1 to ${AUDIT_PAGE_MAX} (default ${AUDIT_PAGE_DEFAULT})`),
    order: z.enum(['newest', 'oldest']).default('newest').describe('Newest first (default) or oldest first'),
  })
  .superRefine((query, context) => {
    filterHolds(query, context);
    if (query.after !== undefined && query.before !== undefined)
      context.addIssue({ code: 'custom', path: ['before'], message: 'Give after or before, not both' });
  });
export type AuditEventsQuery = z.output<typeof auditEventsQuery>;

/** The downloads: the whole filtered range, oldest first. */
export const auditEventsDownloadQuery = z.strictObject(filterFields).superRefine(filterHolds);

const auditEvent = z.object({
  position: z.number().int().describe('Global position in the log'),
  streamId: z.string(),
  revision: z.number().int().describe("The event's place in its stream, from 0"),
  type: z.string(),
  schemaVersion: z.number().int(),
  recordedAt: z.string().describe('When it was stored, ISO 8601 UTC'),
  data: z.unknown().describe('The event as stored'),
  metadata: z
    .record(z.string(), z.unknown())
    .describe('Who (actor), the request (correlationId), the client address, when it happened (occurredAt), ids'),
});

export const auditEventsPage = z.object({
  items: z.array(auditEvent),
  newer: z.number().int().nullable().describe('`after` of the page of newer events; null when none'),
  older: z.number().int().nullable().describe('`before` of the page of older events; null when none'),
});
export type AuditEventsPage = z.output<typeof auditEventsPage>;

export const auditEventChoices = z.object({
  types: z.array(z.string()).describe('Every event type in the log'),
  streamCategories: z.array(z.string()).describe('Every stream category in the log'),
});

/** A file streamed as it is read (JSON lines or CSV). */
export const auditEventsFile = (description: string) =>
  z
    .custom<NodeJS.ReadableStream>((value) => typeof (value as { pipe?: unknown })?.pipe === 'function')
    .describe(description);
