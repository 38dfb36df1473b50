import { errorCode, type ApiError } from '../../shared/errorMessages';

/** The code of a failed call, `NETWORK_ERROR` when the server never answered (as the wizard reads it). */
export const failureCode = (error: unknown): string => errorCode(error as ApiError) ?? 'NETWORK_ERROR';

/** Refusals that mean the token no longer opens a booking: the visitor looks it up by its code instead. */
const LOST_BOOKING_CODES = new Set(['BOOKING_NOT_FOUND', 'BOOKING_LINK_EXPIRED']);

export const isLostBooking = (error: unknown): boolean => LOST_BOOKING_CODES.has(failureCode(error));

/** Refusals that mean the booking changed meanwhile (its cut-off passed, self-service was turned off). */
const STALE_BOOKING_CODES = new Set(['SELF_SERVICE_CLOSED', 'RESCHEDULE_NOT_OFFERED']);

export const isStaleBooking = (error: unknown): boolean => STALE_BOOKING_CODES.has(failureCode(error));
