import { z } from 'zod';
import { RECORD_KINDS, type RecordRef } from '../../domain/audit-records/record-kinds';
import { isPlainDate } from '../../domain/shared/plain-date';

const RECORD_ID = /^[1-9]\d{0,9}$/;
const CALENDAR_DATE_ID = /^([1-9]\d{0,9}):(\d{4}-\d{2}-\d{2})$/;
const MAX_ID = 2_147_483_647;
/** An ISO 8601 instant with its zone: `2026-11-25T14:30:00Z`, `…T09:30:00.250-05:00`. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A record's address: its kind, and its id (a number, or for a calendar date `<calendarId>:<date>`, e.g.
 * `12:2026-11-25`). A malformed id is a 400 naming `id`.
 */
export const recordParams = z
  .strictObject({
    kind: z.enum(RECORD_KINDS).describe('appointment, calendarDate, calendar, user, service or series'),
    id: z.string().describe('The record id; for a calendarDate `<calendarId>:<YYYY-MM-DD>` (e.g. 12:2026-11-25)'),
  })
  .transform(({ kind, id }, context): RecordRef => {
    if (kind === 'calendarDate') {
      const match = CALENDAR_DATE_ID.exec(id);
      if (match && Number(match[1]) <= MAX_ID && isPlainDate(match[2]!))
        return { kind, calendarId: Number(match[1]), date: match[2]! };
      context.addIssue({ code: 'custom', path: ['id'], message: 'A calendar date is <calendarId>:<YYYY-MM-DD>' });
      return z.NEVER;
    }
    if (RECORD_ID.test(id) && Number(id) <= MAX_ID)
      return kind === 'appointment' ? { kind, id: Number(id) } : { kind, id: Number(id) };
    context.addIssue({ code: 'custom', path: ['id'], message: 'A record id: a positive whole number' });
    return z.NEVER;
  });

const instant = z
  .string()
  .refine((text) => INSTANT.test(text) && !Number.isNaN(Date.parse(text)), 'An ISO 8601 instant with its zone')
  .transform((text) => new Date(text));
const versionNumber = z
  .string()
  .regex(/^\d{1,9}$/, 'A version number (1 is the first)')
  .transform(Number)
  .pipe(z.number().int().min(1));

/** The record as of a moment (`at`), or at one of its versions; neither: as it is now. */
export const recordQuery = z
  .strictObject({
    at: instant.optional().describe('ISO 8601 instant: the record as it was then'),
    version: versionNumber.optional().describe('A version (1 is the first event); instead of at'),
  })
  .superRefine((query, context) => {
    if (query.at !== undefined && query.version !== undefined)
      context.addIssue({ code: 'custom', path: ['version'], message: 'Give at or version, not both' });
  });

export const recordDiffQuery = z.strictObject({
  from: versionNumber.describe('The earlier version'),
  to: versionNumber.describe('The later version'),
});

const actor = z
  .object({
    userId: z.number().int().optional(),
    role: z.string().optional(),
    public: z.literal(true).optional(),
    system: z.string().optional(),
  })
  .describe('Who: {userId, role} for staff, {public: true}, or {system}');

export const recordVersion = z.object({
  version: z.number().int().describe('1 for the first event, n for the nth'),
  position: z.string().describe('The event’s position in the global log'),
  streamId: z.string(),
  revision: z.number().int().describe('The event’s place in its stream, from 0'),
  eventId: z.string(),
  eventType: z.string(),
  occurredAt: z.string().describe('ISO instant the event occurred: the moment of this version'),
  recordedAt: z.string().describe('ISO instant the store recorded it'),
  actor,
  actorName: z.string().nullable().describe('The staff member’s name as it is now; null for the public or the system'),
  correlationId: z.string().nullable().describe('The request that made it'),
});

const recordAddress = { kind: z.enum(RECORD_KINDS), id: z.string() };

export const recordVersions = z.object({ ...recordAddress, items: z.array(recordVersion) });

export const recordAtMoment = z.object({
  ...recordAddress,
  at: z.string().describe('ISO instant: the moment asked for, the moment of the version asked for, or now'),
  version: z.number().int().describe('The version at that moment; 0 when the record did not exist yet'),
  versions: z.number().int().describe('How many versions the record has in all'),
  eventType: z.string().nullable().describe('The event that made this version'),
  state: z.unknown().describe('The record’s state (JSON, secrets hidden); null when it did not exist yet'),
  deleted: z.boolean().describe('The record existed and no longer stands (deleted, cancelled, moved away)'),
});

export const recordDiff = z.object({
  ...recordAddress,
  from: z.number().int(),
  to: z.number().int(),
  changes: z.array(
    z.object({
      path: z.string().describe('JSON pointer into the state'),
      op: z.enum(['added', 'removed', 'changed']),
      before: z.unknown(),
      after: z.unknown(),
    }),
  ),
});
