/**
 * Every machine code a refusal can carry: the domain's decisions and the API's own (malformed JSON, a wrong method,
 * too many requests). The API gives each its HTTP status (api/error-codes.ts) and the web its message in English
 * and French (the `errors.*` keys of web/src/i18n/locales); test/api/error-codes.test.ts checks that none lacks one.
 */
export const ERROR_CODES = [
  // a request the API cannot read or will not take
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'UNSAFE_TEXT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'METHOD_NOT_ALLOWED',
  'NOT_FOUND',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'DATABASE_UNAVAILABLE',
  'SERVER_BUSY',
  // sign-in, access and password reset (§8)
  'UNAUTHORIZED',
  'FORBIDDEN',
  'INVALID_CREDENTIALS',
  'ACCOUNT_DISABLED',
  '2FA_REQUIRED',
  '2FA_FAILED',
  'INVALID_CODE',
  'PASSWORDS_MISMATCH',
  'MAIL_FAILED',
  'BOT_CHECK_FAILED',
  // users
  'USER_NOT_FOUND',
  'USER_ALREADY_EXISTS',
  'EMAIL_TAKEN',
  'SELF_LOCKOUT',
  'PASSWORD_REQUIRED',
  'CALENDARS_REQUIRED',
  // calendars
  'CALENDAR_NOT_FOUND',
  'CALENDAR_ALREADY_EXISTS',
  'UNKNOWN_CALENDAR',
  'UNKNOWN_LOCATION',
  'UNKNOWN_CATEGORY',
  'UNKNOWN_TEMPLATE',
  'CONCURRENCY_CONFLICT',
  // calendar dates and group session series
  'LANES_REQUIRED',
  'DATE_IN_PAST',
  'DATE_TOO_FAR',
  'DATES_MISMATCH',
  'CALENDAR_DATE_NOT_FOUND',
  'CALENDAR_DATE_EXISTS',
  'DATE_HAS_APPOINTMENTS',
  'LANE_HAS_APPOINTMENTS',
  'SERIES_NOT_FOUND',
  'SERIES_ALREADY_EXISTS',
  'REGISTRATION_CLOSED',
  'REGISTRATION_NOT_FOUND',
  // locks and appointments
  'SLOT_UNAVAILABLE',
  'LOCK_NOT_FOUND',
  'TOO_MANY_LOCKS',
  'IDEMPOTENCY_KEY_REUSED',
  'APPOINTMENT_NOT_FOUND',
  'APPOINTMENT_BEING_EDITED',
  'VERSION_CONFLICT',
  // services
  'SERVICE_NOT_FOUND',
  'SERVICE_ALREADY_EXISTS',
  'INVALID_QUESTIONNAIRE',
  'INVALID_BOOKING_WINDOW',
  'INVALID_DURATION',
  // categories, locations and e-mail templates
  'CATEGORY_NOT_FOUND',
  'CATEGORY_ALREADY_EXISTS',
  'CATEGORY_IN_USE',
  'LOCATION_NOT_FOUND',
  'LOCATION_ALREADY_EXISTS',
  'LOCATION_IN_USE',
  'TEMPLATE_NOT_FOUND',
  'TEMPLATE_ALREADY_EXISTS',
  'TEMPLATE_IN_USE',
  // request forms
  'REQUEST_FORM_NOT_FOUND',
  'REQUEST_FORM_ALREADY_EXISTS',
  'REQUEST_FORM_ALREADY_FULFILLED',
  'REQUEST_LANES_MISMATCH',
  'REQUEST_TIME_OUT_OF_RANGE',
  'REQUEST_TIMES_OUT_OF_ORDER',
  'CLINIC_DATE_OUT_OF_RANGE',
  'REQUEST_CALENDAR_MISMATCH',
  // data exports
  'EXPORT_RANGE_REVERSED',
  'EXPORT_RANGE_TOO_LONG',
  'DATA_EXPORT_ALREADY_EXISTS',
  // the auditors' event log
  'AUDIT_RANGE_TOO_LARGE',
  // the auditors' records as of a moment
  'RECORD_NOT_FOUND',
  // the messages screen (issue 19)
  'MESSAGE_NOT_FOUND',
  'MESSAGE_NOT_FAILED',
  'MESSAGE_RECIPIENT_UNKNOWN',
  // a message's outcome is recorded once it is sent (issue 19)
  'MESSAGE_ALREADY_SENT',
  // the public manages its own booking (issue 20)
  'BOOKING_NOT_FOUND',
  'BOOKING_LINK_EXPIRED',
  'SELF_SERVICE_CLOSED',
  'RESCHEDULE_NOT_OFFERED',
  'RESCHEDULE_SLOT_MISMATCH',
  // waitlists (issue 20)
  'ALREADY_ON_WAITLIST',
  'WAITLIST_FULL',
  'WAITLIST_NOT_NEEDED',
  'WAITLIST_OFFER_NOT_FOUND',
  'WAITLIST_OFFER_EXPIRED',
  'WAITLIST_ENTRY_NOT_FOUND',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
