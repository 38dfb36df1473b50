import type { ApiError } from '../errorMessages';

/** What an RTK Query mutation resolves to: its data, or the error it failed with. */
export type MutationAnswer = { data?: unknown; error?: ApiError };
