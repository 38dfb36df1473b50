import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { TFunction } from 'i18next';

/**
 * The one place where the API's error codes (`{"error": "<CODE>", "detail": ..., "issues": [...]}`) become
 * translated messages. Unknown codes, network failures and unreadable answers get the generic message.
 */
const messageKeys = {
  VALIDATION_FAILED: 'errors.VALIDATION_FAILED',
  NOT_FOUND: 'errors.NOT_FOUND',
  SERVICE_NOT_FOUND: 'errors.SERVICE_NOT_FOUND',
  PAYLOAD_TOO_LARGE: 'errors.PAYLOAD_TOO_LARGE',
  RATE_LIMITED: 'errors.RATE_LIMITED',
  INTERNAL_ERROR: 'errors.INTERNAL_ERROR',
} as const;

export type KnownErrorCode = keyof typeof messageKeys;

/** The code of an answer that has none in its body, from its HTTP status. */
const codesByStatus: Record<number, KnownErrorCode> = {
  400: 'VALIDATION_FAILED',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
  500: 'INTERNAL_ERROR',
};

export type ApiError = FetchBaseQueryError | SerializedError | undefined;

function isFetchError(error: ApiError): error is FetchBaseQueryError {
  return error !== undefined && 'status' in error;
}

/** The machine code of a failed call: the body's `error`, else one derived from the HTTP status, else undefined. */
export function errorCode(error: ApiError): string | undefined {
  if (!isFetchError(error) || typeof error.status !== 'number') return undefined;
  const data: unknown = error.data;
  if (typeof data === 'object' && data !== null && 'error' in data && typeof data.error === 'string') return data.error;
  return codesByStatus[error.status];
}

function isKnownCode(code: string | undefined): code is KnownErrorCode {
  return code !== undefined && Object.hasOwn(messageKeys, code);
}

/** The translated message for a failed call. */
export function errorMessage(t: TFunction, error: ApiError): string {
  const code = errorCode(error);
  return isKnownCode(code) ? t(messageKeys[code]) : t('errors.generic');
}
