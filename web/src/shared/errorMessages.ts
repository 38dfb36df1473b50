import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { TFunction } from 'i18next';
import type { ErrorCode } from '../../../api/error-codes';

/**
 * The one place where the API's error codes (`{"error": "<CODE>", "detail": ..., "issues": [...]}`) become
 * translated messages. Unknown codes, network failures and unreadable answers get the generic message.
 */
const messageKeys = {
  VALIDATION_FAILED: 'errors.VALIDATION_FAILED',
  UNSAFE_TEXT: 'errors.UNSAFE_TEXT',
  UNAUTHORIZED: 'errors.UNAUTHORIZED',
  FORBIDDEN: 'errors.FORBIDDEN',
  NOT_FOUND: 'errors.NOT_FOUND',
  SERVICE_NOT_FOUND: 'errors.SERVICE_NOT_FOUND',
  PAYLOAD_TOO_LARGE: 'errors.PAYLOAD_TOO_LARGE',
  RATE_LIMITED: 'errors.RATE_LIMITED',
  INTERNAL_ERROR: 'errors.INTERNAL_ERROR',
  DATABASE_UNAVAILABLE: 'errors.DATABASE_UNAVAILABLE',
  SERVER_BUSY: 'errors.SERVER_BUSY',
  // sign-in and password reset (§8)
  INVALID_CREDENTIALS: 'errors.INVALID_CREDENTIALS',
  ACCOUNT_DISABLED: 'errors.ACCOUNT_DISABLED',
  '2FA_REQUIRED': 'errors.2FA_REQUIRED',
  '2FA_FAILED': 'errors.2FA_FAILED',
  INVALID_CODE: 'errors.INVALID_CODE',
  PASSWORDS_MISMATCH: 'errors.PASSWORDS_MISMATCH',
  MAIL_FAILED: 'errors.MAIL_FAILED',
  // users
  USER_NOT_FOUND: 'errors.USER_NOT_FOUND',
  EMAIL_TAKEN: 'errors.EMAIL_TAKEN',
  SELF_LOCKOUT: 'errors.SELF_LOCKOUT',
  // calendars
  CALENDAR_NOT_FOUND: 'errors.CALENDAR_NOT_FOUND',
  CONCURRENCY_CONFLICT: 'errors.CONCURRENCY_CONFLICT',
  UNKNOWN_LOCATION: 'errors.UNKNOWN_LOCATION',
  UNKNOWN_CATEGORY: 'errors.UNKNOWN_CATEGORY',
  UNKNOWN_TEMPLATE: 'errors.UNKNOWN_TEMPLATE',
  // calendar dates (§5 Dates and series, §8)
  LANES_REQUIRED: 'errors.LANES_REQUIRED',
  DATE_IN_PAST: 'errors.DATE_IN_PAST',
  DATE_TOO_FAR: 'errors.DATE_TOO_FAR',
  DATES_MISMATCH: 'errors.DATES_MISMATCH',
  CALENDAR_DATE_NOT_FOUND: 'errors.CALENDAR_DATE_NOT_FOUND',
  CALENDAR_DATE_EXISTS: 'errors.CALENDAR_DATE_EXISTS',
  SERIES_NOT_FOUND: 'errors.SERIES_NOT_FOUND',
  REGISTRATION_NOT_FOUND: 'errors.REGISTRATION_NOT_FOUND',
  DATE_HAS_APPOINTMENTS: 'errors.DATE_HAS_APPOINTMENTS',
  LANE_HAS_APPOINTMENTS: 'errors.LANE_HAS_APPOINTMENTS',
  // locks and bookings (§8)
  SLOT_UNAVAILABLE: 'errors.SLOT_UNAVAILABLE',
  LOCK_NOT_FOUND: 'errors.LOCK_NOT_FOUND',
  IDEMPOTENCY_KEY_REUSED: 'errors.IDEMPOTENCY_KEY_REUSED',
  TOO_MANY_LOCKS: 'errors.TOO_MANY_LOCKS',
  // staff appointments (issue 6)
  VERSION_CONFLICT: 'errors.VERSION_CONFLICT',
  APPOINTMENT_BEING_EDITED: 'errors.APPOINTMENT_BEING_EDITED',
  APPOINTMENT_NOT_FOUND: 'errors.APPOINTMENT_NOT_FOUND',
  REGISTRATION_CLOSED: 'errors.REGISTRATION_CLOSED',
  // the public appointment form's bot check
  BOT_CHECK_FAILED: 'errors.BOT_CHECK_FAILED',
  // services
  INVALID_QUESTIONNAIRE: 'errors.INVALID_QUESTIONNAIRE',
  INVALID_BOOKING_WINDOW: 'errors.INVALID_BOOKING_WINDOW',
  INVALID_DURATION: 'errors.INVALID_DURATION',
  UNKNOWN_CALENDAR: 'errors.UNKNOWN_CALENDAR',
  // categories, locations and e-mail templates (§8)
  CATEGORY_IN_USE: 'errors.CATEGORY_IN_USE',
  CATEGORY_NOT_FOUND: 'errors.CATEGORY_NOT_FOUND',
  LOCATION_IN_USE: 'errors.LOCATION_IN_USE',
  LOCATION_NOT_FOUND: 'errors.LOCATION_NOT_FOUND',
  TEMPLATE_IN_USE: 'errors.TEMPLATE_IN_USE',
  TEMPLATE_NOT_FOUND: 'errors.TEMPLATE_NOT_FOUND',
} as const satisfies { [Code in ErrorCode]?: `errors.${Code}` };

export type KnownErrorCode = keyof typeof messageKeys;

/** The code of an answer that has none in its body, from its HTTP status. */
const codesByStatus: Record<number, KnownErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
  500: 'INTERNAL_ERROR',
  503: 'DATABASE_UNAVAILABLE',
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

/** The seconds to wait that a 429 answer gave in its `Retry-After` header (copied into `data` by the base query). */
function retryAfterSeconds(error: ApiError): number | undefined {
  if (!isFetchError(error)) return undefined;
  const data: unknown = error.data;
  if (typeof data === 'object' && data !== null && 'retryAfter' in data && typeof data.retryAfter === 'number')
    return data.retryAfter;
  return undefined;
}

/** The translated message for a failed call. */
export function errorMessage(t: TFunction, error: ApiError): string {
  const code = errorCode(error);
  const wait = code === 'RATE_LIMITED' ? retryAfterSeconds(error) : undefined;
  if (wait !== undefined) return t('errors.RATE_LIMITED_WAIT', { count: Math.max(1, Math.ceil(wait / 60)) });
  if (isKnownCode(code)) return t(messageKeys[code]);
  // Every code the API answers has its `errors.<CODE>` text (test/api/error-codes.test.ts); anything else is generic.
  return code && /^[A-Z0-9_]+$/.test(code)
    ? t(`errors.${code}`, { defaultValue: t('errors.generic') })
    : t('errors.generic');
}

export interface ApiIssue {
  path: (string | number)[];
  message: string;
  code?: string;
}

/** The `issues` of a refused call (zod issues on a 400, the field of a 409), for showing them on their fields. */
export function errorIssues(error: ApiError): ApiIssue[] {
  if (!isFetchError(error)) return [];
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null || !('issues' in data) || !Array.isArray(data.issues)) return [];
  return (data.issues as unknown[]).filter(
    (issue): issue is ApiIssue =>
      typeof issue === 'object' &&
      issue !== null &&
      'path' in issue &&
      Array.isArray(issue.path) &&
      'message' in issue &&
      typeof issue.message === 'string',
  );
}
