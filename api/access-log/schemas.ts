import { z } from 'zod';
import { plainDate } from '../calendar-dates/schemas';
import { recordIdParam, queryFlag } from '../shared-schemas';

export const ACCESS_LOG_PAGE_SIZE = 50;

const position = z.string().regex(/^\d{1,19}$/, 'A position in the access log');
const instant = z.iso.datetime({ offset: true }).describe('An instant, ISO 8601');

export const accessLogQuery = z.strictObject({
  userId: z
    .union([z.literal('0').transform(() => 0), recordIdParam])
    .optional()
    .describe('Only what this staff member was shown; 0: what clients looked up and changed online (issue 20)'),
  appointmentId: recordIdParam
    .optional()
    .describe(
      'Who was shown this appointment: entries naming it, and reports and exports whose range covered its date (a report also its calendar)',
    ),
  from: z
    .union([plainDate, instant])
    .optional()
    .describe('From this instant, or the start of this date in the unit’s time zone, included'),
  to: z
    .union([plainDate, instant])
    .optional()
    .describe('Up to this instant (excluded), or to the end of this date in the unit’s time zone (included)'),
  before: position.optional().describe('Entries before this position: the `nextBefore` of the previous page'),
  limit: z.coerce.number().int().min(1).max(200).default(ACCESS_LOG_PAGE_SIZE),
});

export const accessLogPage = z.object({
  items: z.array(
    z.object({
      position: z.string(),
      at: z.string(),
      userId: z.number().int(),
      userName: z.string().nullable(),
      roles: z.array(z.string()),
      clientAddress: z.string().nullable(),
      requestId: z.string().nullable(),
      action: z.string(),
      records: z.array(z.object({ kind: z.literal('appointment'), id: z.number().int() })),
      details: z.record(z.string(), z.unknown()),
    }),
  ),
  nextBefore: z.string().nullable(),
});

export const verificationQuery = z.strictObject({
  full: queryFlag
    .optional()
    .describe('Walk the whole chain now, rather than only the entries added since the last check'),
});

export const verificationResult = z.object({
  ok: z.boolean(),
  entries: z.number().int(),
  firstBrokenPosition: z.string().nullable(),
  reason: z.enum(['ENTRY_ALTERED', 'LINK_BROKEN', 'ENTRY_MISSING']).nullable(),
  scope: z.enum(['full', 'incremental']),
  checkedAt: z.string(),
});
