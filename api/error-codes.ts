/**
 * Refusal codes and their HTTP statuses: the one place where a domain code becomes a status. The web maps the same
 * codes to translated messages (web/src/app/errorMessages.ts).
 */
const statusByCode: Record<string, number> = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  INVALID_BOOKING_WINDOW: 400,
  INVALID_DURATION: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_DISABLED: 401,
  '2FA_REQUIRED': 401,
  '2FA_FAILED': 401,
  INVALID_CODE: 400,
  PASSWORDS_MISMATCH: 400,
  USER_NOT_FOUND: 404,
  CALENDAR_NOT_FOUND: 404,
  UNKNOWN_CALENDAR: 400,
  CALENDAR_ALREADY_EXISTS: 409,
  USER_ALREADY_EXISTS: 409,
  EMAIL_TAKEN: 409,
  SELF_LOCKOUT: 409,
  MAIL_FAILED: 503,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  SERVICE_NOT_FOUND: 404,
  SERVICE_ALREADY_EXISTS: 409,
  CONCURRENCY_CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
};

/** Unknown domain codes are refusals of a request that conflicts with the current state. */
export const httpStatusOf = (code: string): number => statusByCode[code] ?? 409;

export const codeForStatus = (status: number): string =>
  ({ 400: 'VALIDATION_FAILED', 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 405: 'METHOD_NOT_ALLOWED', 413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE', 429: 'RATE_LIMITED' })[status] ??
  (status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_FAILED');
