import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useRef } from 'react';
import { errorCode, type ApiError } from './errorMessages';

/** A random key; `crypto.randomUUID` exists only on secure pages (https, localhost), `getRandomValues` everywhere. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The `Idempotency-Key` of a booking call, one per request: the same request sent again (an automatic retry, or the
 * visitor pressing the button again unchanged) keeps its key, so the server answers the booking it already made;
 * a changed request gets a new key.
 */
export function useIdempotencyKey(): (request: unknown) => string {
  const last = useRef<{ request: string; key: string } | null>(null);
  return (request) => {
    const text = JSON.stringify(request);
    if (last.current?.request !== text) last.current = { request: text, key: newKey() };
    return last.current.key;
  };
}

const GATEWAY_STATUSES = [502, 503, 504];

/**
 * Whether a failed call got no answer from the application (the connection dropped, or a proxy answered that the
 * server was gone): the request may have been carried out or not.
 */
export function unanswered(error: ApiError): boolean {
  if (error === undefined || !('status' in error)) return false;
  const failure = error as FetchBaseQueryError;
  if (failure.status === 'FETCH_ERROR' || failure.status === 'TIMEOUT_ERROR') return true;
  if (failure.status === 'PARSING_ERROR') return GATEWAY_STATUSES.includes(failure.originalStatus);
  return (
    typeof failure.status === 'number' && GATEWAY_STATUSES.includes(failure.status) && errorCode(error) === undefined
  );
}

/** Waits before the retries of a call that got no answer. */
export const RETRY_WAITS_MS = [1000, 2000, 4000];

/**
 * Makes the call again, after a short wait, while it gets no answer. Only for calls that are safe to repeat, such
 * as a booking sent with its Idempotency-Key.
 */
export async function retryUnanswered<Result extends { error?: ApiError }>(
  call: () => Promise<Result>,
  waitsMs: readonly number[] = RETRY_WAITS_MS,
): Promise<Result> {
  let result = await call();
  for (const wait of waitsMs) {
    if (!unanswered(result.error)) break;
    await new Promise((resolve) => setTimeout(resolve, wait));
    result = await call();
  }
  return result;
}
