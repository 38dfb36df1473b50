import type { TFunction } from 'i18next';
import { errorCode, errorMessage, type ApiError } from '../../shared/errorMessages';

/** The wizard keeps a failure as its code (state stays serialisable); its message comes from the one mapping. */
export const errorMessageOfCode = (t: TFunction, code: string): string =>
  errorMessage(t, { status: 409, data: { error: code } });

/** The code of a failed call, `NETWORK_ERROR` when the server never answered. */
export const failureCode = (error: unknown): string => errorCode(error as ApiError) ?? 'NETWORK_ERROR';
