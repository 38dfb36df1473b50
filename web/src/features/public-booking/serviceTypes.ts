import type { z } from 'zod';
import type { publicServiceDetails, publicServiceFields, publicServiceSummary } from '../../../../api/services/schemas';

/** Answers of the public service calls (§7 Public), inferred from the API's own schemas (types only). */
export type PublicServiceSummary = z.infer<typeof publicServiceSummary>;
export type PublicServiceFields = z.infer<typeof publicServiceFields>;
export type PublicService = z.infer<typeof publicServiceDetails>;
