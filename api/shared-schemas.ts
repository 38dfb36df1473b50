import { z } from 'zod';

/** A record id: a positive PostgreSQL integer. */
export const recordId = z.number().int().positive().max(2_147_483_647);
/** The same id read from the address or the query string. */
export const recordIdParam = z.coerce.number().int().positive().max(2_147_483_647);
/** A yes/no flag of a query string (§7 flags such as `lanes=1` or `enabledOnly=true`). */
export const queryFlag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');
