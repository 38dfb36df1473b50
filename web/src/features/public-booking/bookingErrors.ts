import type { TFunction } from 'i18next';
import { errorCode, errorMessage, type ApiError } from '../../shared/errorMessages';

/** The wizard keeps a failure as its code (state stays serialisable); its message comes from the one mapping. */
export const errorMessageOfCode = (t: TFunction, code: string): string =>
  errorMessage(t, { status: 409, data: { error: code } });

/** The code of a failed call, `NETWORK_ERROR` when the server never answered. */
export const failureCode = (error: unknown): string => errorCode(error as ApiError) ?? 'NETWORK_ERROR';

/**
 * The code of a failed lock: as any call's, except an answer that came back without a token (a 2xx that is not the
 * API's JSON, as a proxy or captive portal may send, or JSON without one): §8 'The server did not return a valid token.'
 */
export function lockFailureCode(error: unknown): string {
  const failure = error as { status?: unknown; originalStatus?: unknown } | undefined;
  const okButUnreadable =
    failure?.status === 'PARSING_ERROR' &&
    typeof failure.originalStatus === 'number' &&
    failure.originalStatus >= 200 &&
    failure.originalStatus < 300;
  return okButUnreadable ? 'INVALID_LOCK_TOKEN' : failureCode(error);
}
