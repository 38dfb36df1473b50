/** Socket errors of a connection that could not be made or was cut. */
const connectionErrnos = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/** admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down). */
const unavailableSqlStates = new Set(['57P01', '57P02', '57P03']);

/** node-postgres's own words for a connection that died under it. */
const lostConnectionMessage = /Connection terminated|not queryable|Timeout acquiring a connection/;

/**
 * Whether `error` says the database cannot be reached right now (down, restarting, the connection cut, the pool unable
 * to hand out a connection), as opposed to a query that failed: the request may succeed if tried again later.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, name, message, errors, cause } = error as {
    code?: unknown;
    name?: unknown;
    message?: unknown;
    errors?: unknown;
    cause?: unknown;
  };
  if (
    typeof code === 'string' &&
    (connectionErrnos.has(code) || unavailableSqlStates.has(code) || /^08[0-9A-Z]{3}$/.test(code))
  )
    return true;
  if (name === 'KnexTimeoutError') return true;
  if (typeof message === 'string' && lostConnectionMessage.test(message)) return true;
  // AggregateError (a host with several addresses) and wrapped errors.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return cause !== undefined && isDatabaseUnavailable(cause, depth + 1);
}
